// A new embedded database is a copy of a template instead of a fresh initdb. PGlite's initdb
// (a second WebAssembly PostgreSQL plus initdb's own module, in a child process: database.ts)
// costs seconds of CPU; copying the ~25 MB directory it makes costs a fraction of one.
//
// The template is made once: at install (the server workspace's `postinstall`, and the
// Dockerfile, run scripts/pglite-template.mjs) or, when it is missing, by the first start that
// had to run initdb (it publishes a copy of what it made). It is keyed by the PGlite version and
// the start parameters, so an upgrade or a changed setting makes a new one and never uses a
// stale one.
//
// Where it lives: `node_modules/.cache/tonieshelf-pglite/<key>` beside the installed PGlite.
// It belongs to that install (a reinstall or `rm -rf node_modules` clears it with the package it
// was made by), it survives reboots and the temp cleaners that would delete single files of a
// template in the OS temp dir (a half-deleted template is a corrupt one), it is not shared with
// other users as a world-writable temp dir is, and in the image it is made at build time into a
// layer. It is where build tools keep their caches (Babel, ESLint, Vite).
//
// Never half-made, never changed: a template is built in `<key>.tmp-<pid>-<host>-<random>` and
// renamed into place in one step (of two starts racing, one rename wins and the other's copy is
// removed); once published it is only read, or, when it is found damaged, moved aside and removed
// as a whole. Its manifest (every directory, and every file with its size and SHA-256) is built
// from the bytes copied out of the source and compared with the published copy; every copy made
// from the template is checked against it byte for byte (the bytes hashed are the bytes written),
// so a template damaged on disk is noticed and the start falls back to initdb.
//
// Private: the template's directories are 0700 and its files 0600 (PGlite writes 0666), as are
// the copies made from it, so no other local user can change what every new database starts from.
//
// Scratch directories (`.init-`, `.tmp-`, `.discard-`) carry the PID and a hash of the host name
// of their maker. A later start removes those of a process of this host that is gone, and any
// older than STALE_MS whatever made them (node_modules bind-mounted into a container: the other
// side's PIDs mean nothing here); `.discard-` ones are never read and go at once.
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from './data-dir-lock';

/** Bump when what a template holds, or how it is checked, changes. */
const LAYOUT = 3;
/** Files copied at once. */
const COPY_CONCURRENCY = 8;
/** Bytes read and written at a time per file being copied. */
const CHUNK = 1 << 20;
const MANIFEST = 'tonieshelf-template.json';
/** A scratch directory this old is removed whoever made it (every step that makes one ends within minutes). */
const STALE_MS = 30 * 60_000;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

interface FileEntry {
  size: number;
  sha256: string;
}

interface Manifest {
  key: string;
  /** Every directory of the data directory (relative, parents first; PostgreSQL needs the empty ones too). */
  dirs: string[];
  /** Relative path -> size in bytes and SHA-256, for every file of the data directory. */
  files: Record<string, FileEntry>;
}

/** The directory of the installed package `name` (its package.json need not be exported). */
function packageRoot(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  const marker = path.join('node_modules', ...name.split('/'));
  // .../node_modules/@electric-sql/pglite/dist/index.cjs -> .../node_modules/@electric-sql/pglite
  while (!dir.endsWith(marker) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir.endsWith(marker) ? dir : path.dirname(path.dirname(createRequire(import.meta.url).resolve(name)));
}

/** The installed version of the package `name`. */
export async function packageVersion(name: string): Promise<string> {
  return (JSON.parse(await fs.readFile(path.join(packageRoot(name), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The directory templates are kept in by default: node_modules/.cache/tonieshelf-pglite. */
export function defaultTemplateCache(): string {
  return path.join(path.dirname(path.dirname(packageRoot('@electric-sql/pglite'))), '.cache', 'tonieshelf-pglite');
}

/** The template's name: the PGlite version and the start parameters it was made with. */
export async function templateKey(startParams: readonly string[]): Promise<string> {
  const version = await packageVersion('@electric-sql/pglite');
  const hash = createHash('sha256')
    .update(JSON.stringify({ layout: LAYOUT, startParams }))
    .digest('hex')
    .slice(0, 16);
  return `pglite-${version}-${hash}`;
}

/** This host, as scratch names carry it. */
const HOST = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

/** A fresh scratch path beside `base`: `<base>.<tag>-<pid>-<host>-<random>`. */
export function scratchPath(base: string, tag: 'init' | 'tmp' | 'discard'): string {
  return `${base}.${tag}-${process.pid}-${HOST}-${randomBytes(4).toString('hex')}`;
}

async function listTree(root: string): Promise<{ dirs: string[]; files: Record<string, number> }> {
  const dirs: string[] = [];
  const files: Record<string, number> = {};
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (entry.isDirectory()) dirs.push(rel);
    else if (entry.isFile() && rel !== MANIFEST) files[rel] = (await fs.stat(full)).size;
  }
  dirs.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return { dirs, files };
}

/**
 * Runs `work` over `items`, `limit` at a time. On the first failure no more is started, and it
 * throws once the running ones have ended (so the caller may remove what they wrote).
 */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (!failed && next < items.length) {
        await work(items[next++]!).catch((err: unknown) => {
          failed = true;
          throw err;
        });
      }
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Reads `src` (hashing what it reads) and, when `dest` is given, writes those same bytes to it
 * (a new file, 0600). Throws when `expected` is given and the bytes are not those.
 */
async function hashCopy(src: string, dest: string | null, expected?: FileEntry): Promise<FileEntry> {
  if (expected && expected.size <= CHUNK) {
    // Most files of a data directory are a page or a few: read whole, checked, written.
    const bytes = await fs.readFile(src);
    const entry = { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    if (entry.size !== expected.size || entry.sha256 !== expected.sha256) throw new Error(`${src} differs from the template's manifest`);
    if (dest) await fs.writeFile(dest, bytes, { flag: 'wx', mode: FILE_MODE });
    return entry;
  }
  const input = await fs.open(src, 'r');
  let output: fs.FileHandle | null = null;
  try {
    if (dest) output = await fs.open(dest, 'wx', FILE_MODE);
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, (await input.stat()).size)));
    let size = 0;
    for (;;) {
      const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      if (output) await output.write(buffer, 0, bytesRead);
      size += bytesRead;
    }
    const entry = { size, sha256: hash.digest('hex') };
    if (expected && (entry.size !== expected.size || entry.sha256 !== expected.sha256)) throw new Error(`${src} differs from the template's manifest`);
    return entry;
  } finally {
    await input.close();
    await output?.close();
  }
}

/** Makes `root` private: its directories 0700, its files 0600 (a fresh initdb's are 0666). */
export async function restrictTree(root: string): Promise<void> {
  await fs.chmod(root, DIR_MODE);
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await fs.chmod(full, DIR_MODE);
    else if (entry.isFile()) await fs.chmod(full, FILE_MODE);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A template's name (pglite-<version>-<hash>, and -m<hash> for the migrated one). */
const KEY_PATTERN = 'pglite-[\\w.+-]+?-[0-9a-f]{16}(?:-m[0-9a-f]{16})?';
export const TEMPLATE_NAME = new RegExp(`^${KEY_PATTERN}$`);

/**
 * Removes the scratch directories in `parent` left by others: `<name>.<tag>-<pid>[-<host>][-<random>]`
 * where `name` matches `namePattern` (a regular expression's source). Removed: every `.discard-`
 * (never read), one made on this host by a process that is gone, and one older than STALE_MS
 * whoever made it. This process's own young ones are left to it (two opens in one process may
 * race). Never throws: what cannot be removed is left for the next sweep.
 */
async function sweep(parent: string, namePattern: string): Promise<string[]> {
  const pattern = new RegExp(`^(?:${namePattern})\\.(init|tmp|discard)-(\\d+)(?:-([0-9a-f]{8}))?(?:-[0-9a-f]+)?$`);
  const swept: string[] = [];
  const entries = await fs.readdir(parent).catch(() => [] as string[]);
  for (const entry of entries) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const [, tag, pidText, host] = match;
    const pid = Number(pidText);
    const full = path.join(parent, entry);
    try {
      const gone = host === HOST && pid !== process.pid && !isRunning(pid);
      if (tag !== 'discard' && !gone && Date.now() - (await fs.stat(full)).mtimeMs <= STALE_MS) continue;
      await fs.rm(full, { recursive: true, force: true });
      swept.push(entry);
    } catch {
      // Removed meanwhile by another sweep, or not ours to remove (EACCES): left as it is.
    }
  }
  return swept;
}

/** Sweeps the scratch directories beside the data directory `dir` (see sweep). */
export function sweepOrphans(dir: string): Promise<string[]> {
  return sweep(path.dirname(dir), escapeRegExp(path.basename(dir)));
}

/** Sweeps the scratch directories of every template in the cache (see sweep). */
export function sweepCache(cache: string): Promise<string[]> {
  return sweep(cache, KEY_PATTERN);
}

async function readManifest(cache: string, key: string): Promise<Manifest> {
  const manifest = JSON.parse(await fs.readFile(path.join(cache, key, MANIFEST), 'utf8')) as Manifest;
  if (manifest.key !== key || !manifest.files?.['PG_VERSION'] || !Array.isArray(manifest.dirs)) throw new Error('not this template');
  return manifest;
}

/**
 * Copies the template `key` from `cache` into `dest` (which must not exist), every file checked
 * against its size and SHA-256. Returns false, with `dest` removed, when there is no usable
 * template; a template found damaged is removed.
 */
export async function copyTemplate(cache: string, key: string, dest: string): Promise<boolean> {
  const template = path.join(cache, key);
  let manifest: Manifest;
  try {
    manifest = await readManifest(cache, key);
  } catch {
    // None (or one a concurrent discard is moving aside). A directory under the name without a
    // readable manifest is damaged (a template is renamed into place whole, manifest included).
    if (
      await fs.stat(template).then(
        () => true,
        () => false,
      )
    )
      await discardTemplate(cache, key);
    return false;
  }
  try {
    // The manifest drives the copy (fs.cp's checks of every path cost more than the copying).
    await fs.mkdir(dest, { mode: DIR_MODE });
    for (const dir of manifest.dirs) await fs.mkdir(path.join(dest, dir), { mode: DIR_MODE });
    await eachLimited(Object.entries(manifest.files), COPY_CONCURRENCY, async ([file, entry]) => {
      await hashCopy(path.join(template, file), path.join(dest, file), entry);
    });
    return true;
  } catch {
    await fs.rm(dest, { recursive: true, force: true }).catch(() => undefined);
    // A damaged template is removed (and made again by the next initdb); one that is whole stays
    // (the copy failed on the destination's side: a full disk, say).
    if (!(await checkTemplate(cache, key))) await discardTemplate(cache, key);
    return false;
  }
}

/** Removes a template (moved aside first, so no reader ever sees it half-removed under its name). */
export async function discardTemplate(cache: string, key: string): Promise<void> {
  const aside = scratchPath(path.join(cache, key), 'discard');
  try {
    await fs.rename(path.join(cache, key), aside);
  } catch {
    return; // already gone
  }
  await fs.rm(aside, { recursive: true, force: true }).catch(() => undefined);
}

/**
 * Publishes a copy of the fresh data directory `source` as the template `key`. The manifest is
 * built from the bytes read from `source` and the copy is compared with it before it is renamed
 * into place. Returns true when this call published it (best effort: a cache that cannot be
 * written, or a template another process published first, is no error, and false).
 */
export async function publishTemplate(cache: string, key: string, source: string): Promise<boolean> {
  const tmp = scratchPath(path.join(cache, key), 'tmp');
  try {
    await fs.mkdir(cache, { recursive: true, mode: DIR_MODE });
    await sweepCache(cache);
    const tree = await listTree(source);
    if (tree.files['PG_VERSION'] === undefined) return false;
    await fs.mkdir(tmp, { mode: DIR_MODE });
    for (const dir of tree.dirs) await fs.mkdir(path.join(tmp, dir), { mode: DIR_MODE });
    const files: Record<string, FileEntry> = {};
    await eachLimited(Object.keys(tree.files), COPY_CONCURRENCY, async (file) => {
      files[file] = await hashCopy(path.join(source, file), path.join(tmp, file));
    });
    const manifest: Manifest = { key, dirs: tree.dirs, files };
    const copied = await listTree(tmp);
    if (!sameTree(manifest, copied) || !sameTree(manifest, tree)) return false;
    await fs.writeFile(path.join(tmp, MANIFEST), JSON.stringify(manifest), { mode: FILE_MODE, flag: 'wx' });
    await fs.rename(tmp, path.join(cache, key));
    return true;
  } catch {
    return false;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  }
}

function sameTree(manifest: Manifest, tree: { dirs: string[]; files: Record<string, number> }): boolean {
  const keys = Object.keys(manifest.files);
  return (
    keys.length === Object.keys(tree.files).length &&
    keys.every((k) => tree.files[k] === manifest.files[k]!.size) &&
    manifest.dirs.length === tree.dirs.length &&
    manifest.dirs.every((d, i) => tree.dirs[i] === d)
  );
}

/** True when the template `key` is there and whole: its directories and files as its manifest lists them, every file's SHA-256 too. */
export async function checkTemplate(cache: string, key: string): Promise<boolean> {
  const template = path.join(cache, key);
  try {
    const manifest = await readManifest(cache, key);
    if (!sameTree(manifest, await listTree(template))) return false;
    await eachLimited(Object.entries(manifest.files), COPY_CONCURRENCY, async ([file, entry]) => {
      await hashCopy(path.join(template, file), null, entry);
    });
    return true;
  } catch {
    return false;
  }
}
