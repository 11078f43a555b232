// Makes the embedded database's data-directory templates (server/src/db/pglite-template.ts) if
// they are missing, so a first start with a new DATA_DIR copies one instead of running initdb and
// the migrations. Run by the server workspace's `postinstall` (npm install / npm ci), through a
// `node -e` wrapper that exits 0 even when this file is not there, and by `npm run
// pglite:template -w server` (the Dockerfile passes --strict).
//
// Never fails the install, never hangs it: the work runs in a child process
// (scripts/pglite-template-make.mjs) killed, with what it started, after
// TONIESHELF_PGLITE_TEMPLATE_TIMEOUT_S seconds (default 300); whatever the child does (an error, an
// unhandled rejection, the OOM killer) this exits 0 and says so in one line. Without a template a
// start runs initdb as before (and makes the initdb template).
//
//   node scripts/pglite-template.mjs [--strict] [--cache <dir>]
//
// --strict: exit 1 when no template could be made (for an image build, where a missing template
// should not pass unnoticed). --cache: another cache directory (default
// node_modules/.cache/tonieshelf-pglite). TONIESHELF_SKIP_PGLITE_TEMPLATE=1: do nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const strict = process.argv.includes('--strict');
const passOn = process.argv.slice(2).filter((arg) => arg !== '--strict');
const timeoutSeconds = Number(process.env.TONIESHELF_PGLITE_TEMPLATE_TIMEOUT_S) || 300;
const SKIP_HINT = 'a new DATA_DIR runs initdb on its first start; `npm run pglite:template -w server` makes it later';

let ended = false;
function done(made, reason) {
  if (ended) return;
  ended = true;
  if (!made) console.log(`No embedded database template made (${reason}); ${SKIP_HINT}`);
  process.exitCode = !made && strict ? 1 : 0;
}

if (process.env.TONIESHELF_SKIP_PGLITE_TEMPLATE === '1') {
  console.log('Skipped the embedded database template (TONIESHELF_SKIP_PGLITE_TEMPLATE=1)');
} else {
  try {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./pglite-template-make.mjs', import.meta.url)), ...passOn], {
      stdio: 'inherit',
      // Its own process group, so that a timeout ends what it started too (initdb's child).
      detached: process.platform !== 'win32',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (process.platform === 'win32') child.kill('SIGKILL');
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutSeconds * 1000);
    child.on('error', (err) => {
      clearTimeout(timer);
      done(false, `could not start: ${err.message}`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) done(false, `it took longer than ${timeoutSeconds} s and was stopped`);
      else if (code === 0) done(true);
      else done(false, signal ? `it was ended by ${signal}` : 'it failed, as said above');
    });
  } catch (err) {
    done(false, err instanceof Error ? err.message : String(err));
  }
}
