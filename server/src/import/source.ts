// Reading a toniesV2.json from a file path or an http(s) URL, and parsing it as JSON. Anything
// that makes the input unusable becomes an ImportFormatError with one clear line. Downloads are
// bounded: http(s) only, at most MAX_SOURCE_BYTES (checked on the announced length and again
// while reading), and one time limit for the whole download.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ImportFormatError } from '../catalogue/clean';

/** The real catalogue is 7.5 MB; room for it to grow. The server accepts the same from its tools. */
export const MAX_SOURCE_BYTES = 64 * 1024 * 1024;
/** Connecting, waiting and downloading together. */
const DEFAULT_TIMEOUT_MS = 120_000;

function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** The scheme of a URL other than http(s) ('ftp://…', 'file://…'), else null (a path). */
function otherScheme(location: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):\/\//i.exec(location);
  return match && !isUrl(location) ? match[1]!.toLowerCase() : null;
}

/** Where a URL points, without any user:password part (for messages). */
function shown(location: string): string {
  return location.replace(/^(https?:\/\/)[^/@]*@/i, '$1');
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Where a path argument points: relative paths are taken from `baseDir` (the directory the user
 * ran npm in, INIT_CWD, since `npm -w server` runs scripts inside server/). Throws an
 * ImportFormatError for a URL of another scheme than http(s).
 */
export function resolveLocation(location: string, baseDir: string): string {
  const scheme = otherScheme(location);
  if (scheme) throw new ImportFormatError(`only http:// and https:// URLs or file paths can be imported (got a ${scheme}: address)`);
  return isUrl(location) ? location : path.resolve(baseDir, location);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new ImportFormatError(`${where} is not valid JSON (${detail})`);
  }
}

interface ReadOptions {
  /** The whole download (default 120 s). */
  timeoutMs?: number;
  /** Larger sources are refused (default MAX_SOURCE_BYTES). */
  maxBytes?: number;
  /** For tests. */
  fetchImpl?: typeof fetch;
}

/** Reads the body, refusing it once it grows past maxBytes. */
async function readBody(response: Response, maxBytes: number, where: string): Promise<string> {
  const tooLarge = () => new ImportFormatError(`${where} is larger than ${megabytes(maxBytes)}; not imported`);
  const announced = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(announced) && announced > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Reads and parses the file or URL (rules at the top). */
export async function readSource(location: string, options: ReadOptions = {}): Promise<unknown> {
  const maxBytes = options.maxBytes ?? MAX_SOURCE_BYTES;
  const scheme = otherScheme(location);
  if (scheme) throw new ImportFormatError(`only http:// and https:// URLs or file paths can be imported (got a ${scheme}: address)`);
  if (isUrl(location)) {
    let where: string;
    try {
      where = shown(new URL(location).toString());
    } catch {
      throw new ImportFormatError(`${shown(location)} is not a valid URL`);
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (err: unknown): never => {
      if (err instanceof ImportFormatError) throw err;
      const timedOut = signal.aborted || (err instanceof Error && err.name === 'TimeoutError');
      const detail = timedOut
        ? `no answer within ${Math.round(timeoutMs / 100) / 10} s`
        : err instanceof Error
          ? err.cause instanceof Error
            ? err.cause.message
            : err.message
          : String(err);
      throw new ImportFormatError(`could not fetch ${where} (${detail})`);
    };
    // fetch refuses credentials in the URL: they travel as Basic authorization instead.
    const url = new URL(location);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (url.username || url.password) {
      headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    const response = await (options.fetchImpl ?? fetch)(url, { signal, headers }).catch(failed);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ImportFormatError(`could not fetch ${where} (HTTP ${response.status})`);
    }
    const text = await readBody(response, maxBytes, where).catch(failed);
    return parseJson(text, where);
  }
  let text: string;
  try {
    const stat = await fs.stat(location);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (stat.size > maxBytes) throw new ImportFormatError(`${location} is larger than ${megabytes(maxBytes)}; not imported`);
    text = await fs.readFile(location, 'utf8');
  } catch (err) {
    if (err instanceof ImportFormatError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const detail = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message;
    throw new ImportFormatError(`could not read ${location} (${detail})`);
  }
  return parseJson(text, location);
}
