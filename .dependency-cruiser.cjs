// The import boundaries of the house: `npm run lint:imports` fails on any rule below.
// Test files and helpers are left out: nothing imports them, and tests may set data up through repositories.
const test = '(\\.test\\.tsx?$|^server/test/|^client/src/test-utils/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-folder-cycle',
      comment: 'Top-level server folders (server/src/<folder>/) must not import each other in a circle.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/[^/]+$' },
      to: { path: '^server/src/[^/]+$', circular: true },
    },
    {
      name: 'repository-outside-services',
      comment: 'Only services (and repositories) read the database: transport (http/, trpc/), jobs/, the CLIs and the top-level files call services.',
      severity: 'error',
      from: {
        path: '^server/src/(http/|trpc/|jobs/|[^/]+/cli\\.ts$|db/migrate-cli\\.ts$|[^/]+\\.ts$)',
        pathNot: test,
      },
      to: { path: '^server/src/repositories/' },
    },
    {
      name: 'feature-imports-feature',
      comment: 'A client feature never imports another feature: features meet in pages/ or the app shell.',
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/', pathNot: test },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'component-imports-feature',
      comment: 'Shared client/src/components/ are below the features and import none.',
      severity: 'error',
      from: { path: '^client/src/components/', pathNot: test },
      to: { path: '^client/src/features/' },
    },
    {
      name: 'client-cycle',
      comment: 'No import circle in the client (it also breaks lazy chunks).',
      severity: 'error',
      from: { path: '^client/src/' },
      to: { path: '^client/src/', circular: true },
    },
    {
      name: 'shared-imports-app',
      comment: 'shared/ is used by both sides and imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'server-imports-client',
      comment: 'The server never imports client code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
  ],
  options: {
    includeOnly: '^(server|client|shared)/',
    exclude: { path: `(^|/)(node_modules|dist)/|${test}` },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6', 'cjs'],
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    // @tonieshelf/shared/* resolves through the workspace link and shared/package.json `exports`.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.d.mts'],
    },
    // A folder-scoped rule needs the folder graph.
    metrics: true,
  },
};
