// A PostgreSQL cluster of the test's own: initdb into a temporary directory, one server on a
// free loopback port, started, stopped (fast or immediate) and started again by the test, and
// always removed at the end. Never the machine's cluster. When run as root, the PostgreSQL
// programs (which refuse root) run as the `postgres` user.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where initdb and pg_ctl live (PG_BIN overrides; Debian's PostgreSQL 15 by default). */
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const RUN_AS = 'postgres';

function pgProgram(name: string): string {
  const file = path.join(PG_BIN, name);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} not found: the fault tests need PostgreSQL's server programs (apt-get install postgresql-15, or set PG_BIN)`);
  }
  return file;
}

/** Runs a PostgreSQL program (as `postgres` when we are root) without blocking the event loop. */
function run(program: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', RUN_AS, '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8', timeout: timeoutMs }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(program)} ${args.join(' ')} failed: ${stderr || stdout || err.message}`));
      else resolve(stdout);
    });
  });
}

/** A free TCP port on 127.0.0.1 from `from` upwards. */
export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 500; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

export interface PgCluster {
  readonly port: number;
  /** postgres:// URL of a database of this cluster (default `postgres`), as the superuser. */
  url(database?: string, params?: Record<string, string>): string;
  /** Starts the server; with `wait: false` returns at once, without waiting for it to answer. */
  start(opts?: { wait?: boolean }): Promise<void>;
  /** Stops the server: 'fast' (a clean shutdown) or 'immediate' (as a crash: recovery at start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** True while the server's postmaster runs. */
  running(): boolean;
  /** Stops the server if it runs (by pg_ctl, else by its postmaster PID) and removes the directory. */
  destroy(): Promise<void>;
}

/** One statement on a connection of its own (the cluster may have restarted since the last one). */
export async function adminQuery<R extends pg.QueryResultRow = Record<string, unknown>>(cluster: PgCluster, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: cluster.url() });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A directory for a cluster's data and log, owned by `postgres` when we are root (its programs refuse root). */
function clusterRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pg-'));
  if (process.getuid?.() === 0) {
    const id = spawnSync('id', ['-u', RUN_AS], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', RUN_AS], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error(`running as root, the fault tests need a "${RUN_AS}" user to run PostgreSQL as`);
    fs.chownSync(root, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  return root;
}

/** `portFrom`: the first port tried (default: a random one from 55432, so parallel runs rarely meet). */
export async function createCluster(opts: { portFrom?: number | undefined } = {}): Promise<PgCluster> {
  const root = clusterRoot();
  const data = path.join(root, 'data');
  const port = await freePort(opts.portFrom ?? 55432 + Math.floor(Math.random() * 2000));
  await run(pgProgram('initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  return clusterAt(root, data, port);
}

/**
 * A streaming replica of `primary` (running): pg_basebackup -R (a standby that follows the
 * primary's WAL), not started. The primary's defaults allow it (wal_level replica, WAL senders,
 * replication connections from 127.0.0.1 trusted).
 */
export async function createStandby(primary: PgCluster): Promise<PgCluster> {
  const root = clusterRoot();
  const data = path.join(root, 'data');
  const port = await freePort(primary.port + 1);
  await run(pgProgram('pg_basebackup'), ['-D', data, '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-R', '-X', 'stream', '--no-sync']);
  return clusterAt(root, data, port);
}

/** The server of a data directory in `root`, on `port`. */
function clusterAt(root: string, data: string, port: number): PgCluster {
  const pgCtl = pgProgram('pg_ctl');
  const logFile = path.join(root, 'server.log');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c max_connections=50`;

  const postmasterPid = (): number | null => {
    try {
      const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  };
  const running = () => {
    const pid = postmasterPid();
    if (!pid) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  return {
    port,
    url(database = 'postgres', params = {}) {
      const query = new URLSearchParams(params).toString();
      return `postgres://postgres@127.0.0.1:${port}/${database}${query ? `?${query}` : ''}`;
    },
    async start({ wait = true } = {}) {
      await run(pgCtl, ['-D', data, '-l', logFile, '-o', options, wait ? '-w' : '-W', '-t', '60', 'start']);
    },
    async stop(mode = 'fast') {
      await run(pgCtl, ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    running,
    async destroy() {
      if (running()) {
        try {
          await run(pgCtl, ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
        } catch {
          const pid = postmasterPid();
          if (pid) process.kill(pid, 'SIGQUIT');
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
