// Reading a toniesV2.json from a file path or an http(s) URL, and parsing it as JSON. Anything
// that makes the input unusable becomes an ImportFormatError with one clear line.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ImportFormatError } from './clean';

function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * Where a path argument points: relative paths are taken from `baseDir` (the directory the user
 * ran npm in, INIT_CWD, since `npm -w server` runs scripts inside server/).
 */
export function resolveLocation(location: string, baseDir: string): string {
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

/** Reads and parses the file or URL. `fetchImpl` is for tests. */
export async function readSource(
  location: string,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<unknown> {
  if (isUrl(location)) {
    const fetchImpl = options.fetchImpl ?? fetch;
    let response: Response;
    try {
      response = await fetchImpl(location, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      const detail = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      throw new ImportFormatError(`could not fetch ${location} (${detail})`);
    }
    if (!response.ok) throw new ImportFormatError(`could not fetch ${location} (HTTP ${response.status})`);
    return parseJson(await response.text(), location);
  }
  let text: string;
  try {
    text = await fs.readFile(location, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const detail = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message;
    throw new ImportFormatError(`could not read ${location} (${detail})`);
  }
  return parseJson(text, location);
}
