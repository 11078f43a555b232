// One process at a time on an embedded database directory. PGlite is a single-user PostgreSQL:
// two processes on the same directory (a server and `npm run import:tonies`, say) each write
// their own view of it and the directory is damaged for good. Whoever opens it first writes
// `<dir>.lock` with its PID (created with O_EXCL, so exactly one process wins); every other
// opener reads the holder from it and refuses with one clear line.
//
// A lock left by a process that is gone (a crash, SIGKILL, a power cut) is stale and taken over:
// its PID no longer runs, or runs but started at another time (the PID was reused; the start
// time is read from /proc where there is one), or is our own PID without our holding it (a
// container's PID 1 after a restart). Why not proper-lockfile: its staleness is an mtime the
// holder refreshes on a timer, so a holder whose event loop is blocked (PGlite's WASM runs
// synchronously; a wedged PGlite blocks it for good) loses its lock to the next opener, the very
// corruption this prevents, and a crashed holder blocks restarts for the stale period; it also
// records no PID to name in the refusal.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';

/** Who holds a data directory, as written in its lock file. */
interface LockHolder {
  pid: number;
  /** What the holder is: 'server', 'import:tonies', 'db:migrate', ... */
  purpose: string;
  host: string;
  /** The holder's start time as /proc tells it (clock ticks since boot); null where unknown. */
  startTicks: string | null;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.purpose === 'server' ? 'the server is running' : `${holder.purpose} is running`;
    const hint = holder.purpose === 'server' ? 'stop it first, then run this again' : 'wait for it to finish, then run this again';
    super(`${who} on this DATA_DIR (PID ${holder.pid}${holder.host !== os.hostname() ? ` on ${holder.host}` : ''}, embedded database ${dir}); ${hint}`);
    this.name = 'DataDirLockedError';
  }
}

interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/** Lock files this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

/** When the process with this PID started (clock ticks since boot, from /proc), or null where unknown. */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Field 22 (starttime); the command name (field 2) may hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** True while a process with this PID runs on this machine. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    return typeof h.pid === 'number' && Number.isInteger(h.pid) && h.pid > 0
      ? { pid: h.pid, purpose: String(h.purpose ?? 'another process'), host: String(h.host ?? ''), startTicks: h.startTicks ?? null, since: String(h.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

/** True when the process that wrote the lock is certainly gone. */
function isStale(file: string, holder: LockHolder | null): boolean {
  // Unreadable or half-written (the writer died between creating and writing it).
  if (!holder) return true;
  // On another machine (a shared volume): its PID says nothing here; never taken over.
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return !held.has(file);
  if (!isRunning(holder.pid)) return true;
  const ticks = processStartTicks(holder.pid);
  return holder.startTicks !== null && ticks !== null && ticks !== holder.startTicks;
}

/**
 * Takes the lock of the embedded database directory `dir` for this process, or throws
 * DataDirLockedError naming the process that holds it. Released by `release()` or, at the
 * latest, when this process exits.
 */
export async function lockDataDir(dir: string, purpose: string): Promise<DataDirLock> {
  const file = `${dir.replace(/[\\/]+$/, '')}.lock`;
  const me: LockHolder = {
    pid: process.pid,
    purpose,
    host: os.hostname(),
    startTicks: processStartTicks(process.pid),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await fsp.open(file, 'wx');
      try {
        await handle.writeFile(JSON.stringify(me));
        await handle.sync();
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = await fsp.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (text === null) continue; // released meanwhile: try again
    const holder = parseHolder(text);
    if (!isStale(file, holder) || attempt >= 5) {
      throw new DataDirLockedError(dir, holder ?? { pid: 0, purpose: 'another process', host: os.hostname(), startTicks: null, since: '' });
    }
    // Take the stale lock aside (rename is atomic: of several processes, one gets it); if what was
    // taken is no longer the stale lock judged (a live holder took over meanwhile), put it back.
    const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
    try {
      await fsp.rename(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const taken = await fsp.readFile(aside, 'utf8').catch(() => null);
    if (taken !== text) await fsp.link(aside, file).catch(() => undefined);
    await fsp.rm(aside, { force: true });
  }
  held.add(file);
  const releaseSync = () => {
    if (!held.delete(file)) return;
    try {
      const current = parseHolder(fs.readFileSync(file, 'utf8'));
      if (current?.pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', releaseSync);
  return {
    file,
    async release() {
      process.off('exit', releaseSync);
      releaseSync();
    },
  };
}
