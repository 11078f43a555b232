// The server processes on one PostgreSQL database. Each registers at start and beats every few
// seconds. Instances must keep their uploads in one storage: with local storage on disks of
// their own, a file uploaded through one answers 404 through another, a deletion through one
// leaves the other's copy, and each one's background jobs miss the other's files. So an instance
// refuses to start (one line, main.ts) beside a live one whose uploads are kept elsewhere,
// unless the operator says the directory is shared (UPLOADS_SHARED=1).
//
// "Where" is not a path (every container may call its disk /data/uploads): the uploads directory
// gets an id of its own, written into it at first start (`.tonieshelf-storage-id`), which every
// instance that mounts the same directory reads back; S3 is named by its bucket.
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Db } from '../db/types';
import * as instances from '../repositories/instances';
import { thisProcess } from './identity';

/** How often an instance beats. */
const BEAT_MS = 10_000;
/** An instance silent this long (by the database's clock) is taken for gone. */
export const SILENT_MS = 45_000;
/** Rows of instances silent this long are removed. */
const FORGET_MS = 24 * 3600 * 1000;

/** The file in the uploads directory that holds its id. */
const STORAGE_ID_FILE = '.tonieshelf-storage-id';

type StorageConfig = Pick<AppConfig, 'dataDir' | 'storageDriver' | 's3' | 'uploadsShared'>;

/** Another live instance keeps its uploads elsewhere: this one must not start. */
export class InstanceConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceConflictError';
  }
}

/** Where this instance keeps uploads: 'local:<id of the directory>' or 's3:<bucket>'. */
async function storageOf(config: StorageConfig): Promise<{ storage: string; uploadsDir: string | null }> {
  if (config.storageDriver === 's3') return { storage: `s3:${config.s3?.bucket ?? ''}`, uploadsDir: null };
  const dir = path.resolve(config.dataDir, 'uploads');
  const file = path.join(dir, STORAGE_ID_FILE);
  await fsp.mkdir(dir, { recursive: true });
  // Written once, exclusively: instances starting together on a shared directory read one id.
  await fsp.writeFile(file, `${randomUUID()}\n`, { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  const id = (await fsp.readFile(file, 'utf8')).trim();
  if (!id) throw new Error(`${file} is empty: remove it, and it is written again`);
  return { storage: `local:${id}`, uploadsDir: dir };
}

function describe(i: { storage: string; uploads_dir: string | null; host: string }): string {
  return i.storage.startsWith('s3:') ? `the S3 bucket ${i.storage.slice(3)}` : `the directory ${i.uploads_dir} on ${i.host}`;
}

/**
 * Registers this process as an instance and keeps it registered (a beat every few seconds) until
 * `stop()`. Throws InstanceConflictError when another live instance keeps its uploads elsewhere
 * (and UPLOADS_SHARED is not set); nothing stays registered then.
 */
export async function registerInstance(db: Db, config: StorageConfig): Promise<{ id: string; stop(): Promise<void> }> {
  const me = thisProcess();
  const { storage, uploadsDir } = await storageOf(config);
  const row = { id: randomUUID(), host: me.host, pid: me.pid, storage, uploads_dir: uploadsDir };
  await instances.deleteSilentInstances(db, FORGET_MS / 1000);
  // Registered before looking, so of two instances starting together at least one sees the other.
  await instances.beat(db, row);
  if (!config.uploadsShared) {
    const others = await instances.liveInstances(db, row.id, SILENT_MS / 1000);
    const other = others.find((o) => o.storage !== storage);
    if (other) {
      await instances.deleteInstance(db, row.id);
      throw new InstanceConflictError(
        `another instance on this database keeps its uploads elsewhere (${describe(other)}, PID ${other.pid}, seen ${other.silent_seconds} s ago; this one: ${describe(row)}); ` +
          'every instance needs the same uploads: one S3 bucket (STORAGE_DRIVER=s3) or one directory mounted on all of them (set UPLOADS_SHARED=1 for a directory kept the same on every instance by other means)',
      );
    }
  }
  // A beat that fails (the database is away) is made up by the next.
  const timer = setInterval(() => void instances.beat(db, row).catch(() => undefined), BEAT_MS).unref();
  return {
    id: row.id,
    async stop() {
      clearInterval(timer);
      await instances.deleteInstance(db, row.id).catch(() => undefined);
    },
  };
}
