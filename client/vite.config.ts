import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server in development (`npm run dev` starts it on 3001).
const API_TARGET = 'http://127.0.0.1:3001';
const proxy = Object.fromEntries(
  ['/trpc', '/api', '/healthz', '/media', '/files', '/feeds'].map((path) => [path, { target: API_TARGET }]),
);

// The server's content security policy, repeated for `vite preview` so that a CSP mistake (an
// inline script, a remote font) shows up before the server serves the build. The server's copy
// is the one that counts. (The dev server cannot use it: React Refresh injects an inline script.)
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
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

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'mantine', test: /[\\/]node_modules[\\/](@mantine|@floating-ui)[\\/]/, priority: 20 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 },
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
