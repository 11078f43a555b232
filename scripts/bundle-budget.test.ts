import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUDGETS, TARGETS, firstLoad, main, readRouteConstants, readRoutes } from './bundle-budget.mjs';

// A build of two routes: '/' (the page bundled into the entry) and '/heavy' (a lazy page chunk
// with a library and a stylesheet of its own). A second lazy page ('/other') must not count
// towards '/heavy', nor a chunk the entry only imports dynamically.
const MANIFEST = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/pages/heavy.page.tsx', 'src/pages/other.page.tsx', '_later.js'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: ['_tiny.js'], css: ['assets/shared.css'] },
  '_tiny.js': { file: 'assets/tiny.js' },
  '_later.js': { file: 'assets/later.js' },
  'src/pages/heavy.page.tsx': {
    file: 'assets/heavy.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_lib.js'],
    css: ['assets/heavy.css'],
  },
  '_lib.js': { file: 'assets/lib.js', imports: ['_tiny.js'] },
  'src/pages/other.page.tsx': { file: 'assets/other.js', isDynamicEntry: true, imports: ['_other-lib.js'] },
  '_other-lib.js': { file: 'assets/other-lib.js' },
};

const APP = `
import { HomePage } from './pages/home.page';
const HeavyPage = lazyPage(() => import('./pages/heavy.page'), 'HeavyPage');
const OtherPage = lazyPage(() => import('./pages/other.page'), 'OtherPage');
<Routes>
  <Route element={<AppLayout />}>
    <Route path={ROUTES.home} element={<HomePage />} />
    <Route
      path={ROUTES.heavy}
      element={
        <RequireAuth signedOut={<LoginRequired />}>
          <HeavyPage />
        </RequireAuth>
      }
    />
    <Route path="*" element={<OtherPage />} />
  </Route>
</Routes>`;
const LINKS = `export const ROUTES = {\n  home: '/',\n  /** a comment */\n  heavy: '/heavy',\n} as const;`;

/** Incompressible bytes, so the gzipped size is about the raw size. */
const noise = (bytes: number): Buffer => randomBytes(bytes);

let dist: string;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  const sizes: Record<string, number> = {
    'index.js': 10_000,
    'shared.js': 5_000,
    'tiny.js': 1_000,
    'later.js': 50_000,
    'heavy.js': 20_000,
    'lib.js': 30_000,
    'other.js': 40_000,
    'other-lib.js': 40_000,
    'index.css': 2_000,
    'shared.css': 1_000,
    'heavy.css': 3_000,
  };
  Object.entries(sizes).forEach(([file, bytes]) => writeFileSync(join(dist, 'assets', file), noise(bytes)));
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('first load', () => {
  it('is the entry with its static imports, transitively, for a page bundled into the entry', () => {
    const load = firstLoad(MANIFEST, 'src/pages/home.page.tsx', false);
    expect(load.js.sort()).toEqual(['assets/index.js', 'assets/shared.js', 'assets/tiny.js']);
    expect(load.css.sort()).toEqual(['assets/index.css', 'assets/shared.css']);
  });

  it('adds a lazy page chunk and its static imports, but no other page and no dynamic import', () => {
    const load = firstLoad(MANIFEST, 'src/pages/heavy.page.tsx', true);
    expect(load.js.sort()).toEqual(['assets/heavy.js', 'assets/index.js', 'assets/lib.js', 'assets/shared.js', 'assets/tiny.js']);
    expect(load.css.sort()).toEqual(['assets/heavy.css', 'assets/index.css', 'assets/shared.css']);
  });

  it('refuses a lazy page that is no chunk of its own', () => {
    expect(() => firstLoad(MANIFEST, 'src/pages/missing.page.tsx', true)).toThrow(/no chunk of its own/);
  });
});

describe('routes of App.tsx', () => {
  it('finds each route, its page module and whether it loads lazily', () => {
    const routes = readRoutes(APP, readRouteConstants([LINKS]));
    expect(routes).toEqual([
      { route: '/', component: 'HomePage', page: 'src/pages/home.page.tsx', lazy: false },
      { route: '/heavy', component: 'HeavyPage', page: 'src/pages/heavy.page.tsx', lazy: true },
      { route: '*', component: 'OtherPage', page: 'src/pages/other.page.tsx', lazy: true },
    ]);
  });

  it('fails on a route path it cannot resolve', () => {
    expect(() => readRoutes(APP, readRouteConstants(['export const ROUTES = {} as const;']))).toThrow(/ROUTES.home/);
  });

  it('gives every route of the real App.tsx a budget, each within its issue target', () => {
    const src = (file: string) => readFileSync(new URL(`../client/src/${file}`, import.meta.url), 'utf8');
    const routes = readRoutes(src('App.tsx'), readRouteConstants([src('lib/links.ts'), src('lib/account-routes.ts')]));
    expect(routes.find((r: { route: string }) => r.route === '/catalog')).toMatchObject({ page: 'src/pages/catalog.page.tsx' });
    expect(routes.find((r: { route: string }) => r.route === '/audio/upload')).toMatchObject({ page: 'src/pages/audio-upload.page.tsx', lazy: true });
    expect(routes.map((r: { route: string }) => r.route).sort()).toEqual(Object.keys(BUDGETS).sort());
    expect(BUDGETS['/catalog'].js).toBeLessThanOrEqual(TARGETS['/catalog'].js);
    expect(BUDGETS['/catalog'].css).toBeLessThanOrEqual(TARGETS['/catalog'].css);
    expect(TARGETS['/catalog']).toEqual({ js: 170, css: 25 });
    for (const route of ['/audio/discover', '/sets/:id'] as const) expect(BUDGETS[route].js).toBeLessThanOrEqual(TARGETS[route].js);
  });
});

describe('the check', () => {
  const run = (budgets: Record<string, { js: number; css: number }>) => {
    const lines: string[] = [];
    const code = main([dist], { appSource: APP, constantSources: [LINKS], budgets, log: (line: string) => lines.push(line) });
    return { code, output: lines.join('\n') };
  };

  it('passes when every route is within its budget and prints the table', () => {
    const { code, output } = run({ '/': { js: 20, css: 5 }, '/heavy': { js: 70, css: 8 }, '*': { js: 100, css: 5 } });
    expect(code).toBe(0);
    // '/heavy': 10 + 5 + 1 + 20 + 30 kB of JS, 2 + 1 + 3 kB of CSS (gzip adds a few bytes to noise).
    expect(output).toMatch(/\/heavy\s+66\.\d\s+6\.\d/);
    expect(output).not.toMatch(/OVER/);
  });

  it('fails when one route goes over its JS budget', () => {
    const { code, output } = run({ '/': { js: 20, css: 5 }, '/heavy': { js: 60, css: 8 }, '*': { js: 100, css: 5 } });
    expect(code).toBe(1);
    expect(output).toMatch(/\/heavy.*OVER: JS 66\.\d > 60 kB/);
    expect(output).toMatch(/1 route\(s\) over budget: \/heavy$/m);
  });

  it('fails when a route goes over its CSS budget', () => {
    const { code, output } = run({ '/': { js: 20, css: 2 }, '/heavy': { js: 70, css: 8 }, '*': { js: 100, css: 5 } });
    expect(code).toBe(1);
    expect(output).toMatch(/^\/\s.*OVER: CSS 3\.\d > 2 kB/m);
  });

  it('fails when a route has no budget', () => {
    const { code, output } = run({ '/': { js: 20, css: 5 }, '/heavy': { js: 70, css: 8 } });
    expect(code).toBe(1);
    expect(output).toMatch(/no budget/);
  });
});
