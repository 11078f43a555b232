// The server process: a bad setting stops start-up with one clear line; SIGTERM closes cleanly.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = path.join(ROOT, 'server/src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-main-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [TSX, MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('server process', () => {
  it('start-up with PORT=abc: -> exit 1 and one clear line naming PORT, no stack trace', async () => {
    const proc = run({ PORT: 'abc' });
    expect(await proc.exited).toBe(1);
    const { stderr } = proc.output();
    const lines = stderr.split('\n').filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings/.test(l));
    expect(lines).toEqual(['TonieShelf cannot start: Invalid PORT ("abc"): must be a whole number from 0 to 65535']);
  });

  it('running server on an embedded database: SIGTERM -> healthz was 200, exits 0', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const proc = run({ PORT: String(port), HOST: '127.0.0.1' });
    let status = 0;
    for (let i = 0; i < 120 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 60_000);
});
