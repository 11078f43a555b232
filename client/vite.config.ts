import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { COLOR_SCHEME_SCRIPT, SCRIPT_SRC } from '../shared/src/color-scheme-script';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { mantineStylesPerComponent } from './mantine-styles-per-component';

// The API server in development (`npm run dev` starts it on 3001).
const API_TARGET = 'http://127.0.0.1:3001';
const proxy = Object.fromEntries(['/trpc', '/api', '/healthz', '/media', '/files', '/feeds'].map((path) => [path, { target: API_TARGET }]));

// The server's content security policy, repeated for `vite preview` so that a CSP mistake (an
// inline script, a remote font) shows up before the server serves the build. The server's copy
// is the one that counts. (The dev server cannot use it: React Refresh injects an inline script.)
const CSP = [
  "default-src 'self'",
  `script-src ${SCRIPT_SRC.join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const COLOR_SCHEME_PLACEHOLDER = '<!-- colour scheme script -->';

/**
 * Puts the colour scheme script inline where index.html marks it, so it runs before the first
 * paint without a request of its own (the CSP allows it by its hash: shared/src/color-scheme-script.ts).
 */
function inlineColorSchemeScript(): Plugin {
  return {
    name: 'tonieshelf:inline-color-scheme-script',
    transformIndexHtml(html) {
      if (!html.includes(COLOR_SCHEME_PLACEHOLDER)) throw new Error(`index.html lacks ${COLOR_SCHEME_PLACEHOLDER}`);
      return html.replace(COLOR_SCHEME_PLACEHOLDER, `<script>${COLOR_SCHEME_SCRIPT}</script>`);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    inlineColorSchemeScript(),
    mantineStylesPerComponent(),
    // Pre-compressed copies beside each asset (x.js -> x.js.br, x.js.gz): the server picks one by
    // Accept-Encoding, so nothing is compressed per request. Files under 1 KB gain nothing.
    compression({
      include: /\.(js|mjs|css|html|svg|json)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which chunks and styles each route loads, for scripts/bundle-budget.mjs.
    manifest: true,
    rolldownOptions: {
      // tRPC's packages declare no "sideEffects", so the bundler keeps the top-level code of every
      // module the client's index touches (the WebSocket link, stream helpers...). They have none.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@trpc[\\/]/, sideEffects: false }] },
      output: {
        // React and the router are needed by every page and change less often than our code: one
        // long-cached chunk. Everything else (Mantine, dnd-kit, Dropzone...) follows the import
        // graph, so a page's lazy chunk carries the libraries and the Mantine styles only it uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Everything else the first script imports statically (every route loads it all): one
            // chunk, not dozens of small ones that each cost a request and compress worse.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy,
    headers: { 'Content-Security-Policy': CSP },
  },
});
