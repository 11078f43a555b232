// npm run dev: the API server (reloading on change) on :3001 and Vite (hot reload) on :5173,
// which proxies /trpc, /api, /media and /healthz to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3001', NODE_ENV: 'development', PUBLIC_ORIGIN: 'http://localhost:5173', ...process.env },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'client/vite.config.ts', 'client'], {
    stdio: 'inherit',
    env: process.env,
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    if (code) stop();
  });
