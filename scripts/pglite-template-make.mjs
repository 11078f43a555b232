// The work of scripts/pglite-template.mjs, in a child process of it: makes the missing templates
// (prepareTemplate in server/src/db/database.ts). Exits 1, with one line, when it could not.
//
//   node scripts/pglite-template-make.mjs [--cache <dir>]
const started = Date.now();
const at = process.argv.indexOf('--cache');
const cache = at > 0 ? process.argv[at + 1] : undefined;
try {
  const { tsImport } = await import('tsx/esm/api');
  const { prepareTemplate } = await tsImport('../server/src/db/database.ts', import.meta.url);
  const { templates, made } = await prepareTemplate(cache);
  console.log(`${made ? 'Made' : 'Found'} the embedded database templates ${templates.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} catch (err) {
  console.log(`Making the embedded database template failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  process.exitCode = 1;
}
