// Receiving one uploaded file: the multipart stream goes, as it arrives, to a temporary file
// under DATA_DIR/tmp with the size limit enforced (busboy truncates at the limit: 413, partial
// data removed). As soon as the first 4 KB show an accepted type (magic bytes), the same bytes
// also stream into Storage under a key the server makes, so the copy into Storage (local disk or
// S3) overlaps the upload instead of following it. Once complete, the whole file is judged again
// from the temp file: type by bytes, duration read, a cut-off MP3 refused; any refusal deletes
// the early copy. Memory stays bounded: the file is never buffered whole (about 1 MB in flight).
// Every write into Storage is noted in the database first (storage/writes.ts), so an object
// whose process died before the upload was recorded is found and removed.
// Audio is also analysed from the temp file (waveform, loudness, peak: media/analyse.ts) while
// the early copy settles; a file that cannot be decoded is still accepted ('failed').
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors';
import { analyseAudio, type AudioAnalysisResult } from '../media/analyse';
import { readDuration } from '../media/probe';
import { writerTag } from '../instances/identity';
import { keyTime } from '../storage/keys';
import { StorageConflictError } from '../storage/storage';
import { forgetWrite, noteWrite } from '../storage/writes';
import { storedFileName, UPLOAD_MESSAGES, type UploadRule } from './rules';

type StorageDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

/** A client that stopped sending its upload for UPLOAD_IDLE_TIMEOUT_SECONDS: cut off (408). */
class UploadStalledError extends AppError {
  constructor(idleMs: number) {
    super('TIMEOUT', message(UPLOAD_MESSAGES.stalled, { seconds: Math.round(idleMs / 1000) }));
    this.name = 'UploadStalledError';
  }
}

function multipartError(err: unknown): unknown {
  const e = err as { code?: string; message?: string; statusCode?: number };
  switch (e.code) {
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', UPLOAD_MESSAGES.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('BAD_REQUEST', UPLOAD_MESSAGES.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notMultipart);
    default:
      break;
  }
  // Busboy's parse errors ("Unexpected end of form", "Malformed part header", a premature close).
  if (typeof e.message === 'string' && /multipart|unexpected end|malformed|boundary|premature|terminated early/i.test(e.message)) {
    return new AppError('BAD_REQUEST', UPLOAD_MESSAGES.incomplete);
  }
  return err;
}

/** Browsers send '"', CR and LF in a multipart file name as %22, %0D and %0A (WHATWG). */
function browserFileName(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** Bytes of the file's beginning used to judge its type while it still arrives. */
const HEAD_BYTES = 4100;

/** A copy on its way into Storage while the request still arrives (started once the head looks right). */
interface EarlyStore {
  key: string;
  ext: string;
  sink: PassThrough;
  /** Settles when Storage has the whole object (ok) or gave up (the object is then absent). */
  done: Promise<{ ok: true; size: number } | { ok: false; err: unknown }>;
  failed: boolean;
}

interface Received {
  tmp: string;
  originalName: string;
  size: number;
  truncated: boolean;
  early: EarlyStore | null;
}

/** Writes a chunk, waiting while the stream is full (or until it closes). */
function write(stream: Writable, chunk: Buffer): Promise<void> | void {
  if (stream.write(chunk)) return;
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onDrain);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onDrain);
  });
}

/** Feeds the early copy; once Storage gave up on it, it is left behind (the temp file is stored instead). */
async function feed(early: EarlyStore, chunk: Buffer): Promise<void> {
  if (early.failed || early.sink.destroyed) return;
  if (early.sink.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      early.sink.off('drain', done);
      early.sink.off('close', done);
      resolve();
    };
    early.sink.on('drain', done);
    early.sink.on('close', done);
    void early.done.then(done);
  });
}

/** Why an early copy was given up (Storage sees it as its body's error). */
class EarlyCopyDiscarded extends Error {
  constructor() {
    super('the upload was refused while it was being stored');
    this.name = 'EarlyCopyDiscarded';
  }
}

/** Gives up an early copy: stops it and makes sure no object is left. */
async function discardEarly(deps: StorageDeps, early: EarlyStore | null): Promise<void> {
  if (!early) return;
  // Destroyed with an error, so Storage's write fails and `done` settles. Destroyed without one,
  // a copy whose end was already written (a first file complete, a second part refused) closes
  // as if finished, and a write that had not yet begun to read it (local storage opens its file
  // first) waited for it forever: the request never answered.
  early.sink.destroy(new EarlyCopyDiscarded());
  const result = await early.done;
  if (result.ok) await deps.storage.delete(early.key);
  await forgetWrite(deps, early.key).catch(() => undefined);
}

/**
 * Streams the request's one file to a temp file, counting bytes (at most `maxBytes` are kept), and,
 * once its first bytes show an accepted type, into Storage at the same time (`startEarly`).
 */
async function receiveFile(
  deps: StorageDeps,
  req: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
  idleTimeoutMs: number,
  startEarly: (head: Buffer, originalName: string) => Promise<EarlyStore | null>,
): Promise<Received> {
  let received: Received | null = null;
  let out: fs.WriteStream | null = null;
  // Nothing arriving for idleTimeoutMs ends the upload: the file stream fails (or, between parts,
  // the request is closed), and the cleanup below removes what arrived.
  let stalled: UploadStalledError | null = null;
  let current: { destroy(err: Error): void; destroyed: boolean } | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      stalled = new UploadStalledError(idleTimeoutMs);
      if (current && !current.destroyed) current.destroy(stalled);
      else req.raw.destroy(stalled);
    }, idleTimeoutMs);
  };
  try {
    touch();
    const parts = req.parts({ limits: { fileSize: maxBytes } });
    for await (const part of parts) {
      touch();
      if (part.type !== 'file') continue;
      current = part.file;
      const r: Received = {
        // The writer in the name tells a leftover of a process that is gone (removed at start).
        tmp: path.join(tmpDir, `${writerTag()}-${randomUUID()}.upload`),
        originalName: browserFileName(part.filename ?? ''),
        size: 0,
        truncated: false,
        early: null,
      };
      received = r;
      const file = fs.createWriteStream(r.tmp, { flags: 'wx' });
      out = file;
      let head: Buffer[] | null = [];
      let headBytes = 0;
      const begin = async () => {
        const bytes = Buffer.concat(head!);
        head = null;
        r.early = await startEarly(bytes, r.originalName);
        if (r.early) await feed(r.early, bytes);
      };
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        touch();
        r.size += chunk.length;
        // The temp file and the early copy are written side by side; both settle before the next chunk.
        const pending: (Promise<void> | void)[] = [write(file, chunk)];
        if (head) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= HEAD_BYTES) pending.push(begin());
        } else if (r.early) {
          pending.push(feed(r.early, chunk));
        }
        for (const result of await Promise.allSettled(pending)) if (result.status === 'rejected') throw result.reason;
      }
      current = null;
      r.truncated = part.file.truncated;
      if (head && !r.truncated && r.size > 0) await begin();
      file.end();
      await finished(file);
      out = null;
      if (r.early) {
        if (r.truncated) await discardEarly(deps, r.early);
        else r.early.sink.end();
      }
    }
  } catch (err) {
    clearTimeout(idleTimer);
    out?.destroy();
    if (received) {
      await discardEarly(deps, received.early);
      await fsp.rm(received.tmp, { force: true });
    }
    if (stalled) deps.log.warn({ idleMs: idleTimeoutMs }, 'an upload stalled and was cut off');
    throw stalled ?? multipartError(err);
  }
  clearTimeout(idleTimer);
  if (!received) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.noFile);
  return received;
}

/**
 * Puts the temp file into Storage; a taken key (another instance's upload of the same name in the
 * same millisecond) is tried again with a later time, and after a few tries answered 503.
 */
async function store(deps: StorageDeps, makeKey: (now: number) => string, file: string, contentType: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const key = makeKey(keyTime());
    await noteWrite(deps, key);
    try {
      await deps.storage.put(key, fs.createReadStream(file), { contentType });
      return key;
    } catch (err) {
      // (A taken key's note may be its writer's: it stays.)
      if (!(err instanceof StorageConflictError)) {
        await forgetWrite(deps, key).catch(() => undefined);
        throw err;
      }
      if (attempt >= 5) throw new AppError('SERVICE_UNAVAILABLE', UPLOAD_MESSAGES.notStored, { cause: err, retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS });
    }
  }
}

/** A received file, judged and stored: where it is and what it is. */
interface ReceivedUpload {
  key: string;
  fileName: string;
  size: number;
  mimeType: string;
  /** Seconds, for audio (read from the file). */
  duration: number | null;
  /** For audio: what the analysis measured (never a refusal). */
  analysis: AudioAnalysisResult | null;
}

/**
 * Receives the request's one file by `rule` and stores it under the key `makeKey` makes from
 * its name and a time. Refused (too large, empty, wrong type, unreadable audio) or failed, it
 * leaves nothing in storage or on disk.
 */
export async function receiveUpload(
  deps: StorageDeps & { config: Pick<AppDeps['config'], 'dataDir'> },
  req: FastifyRequest,
  opts: { rule: UploadRule; audio: boolean; makeKey: (fileName: string, now: number) => string; idleTimeoutMs: number },
): Promise<ReceivedUpload> {
  const { rule, makeKey } = opts;
  const tmpDir = path.join(deps.config.dataDir, 'tmp');

  // Start storing as soon as the first bytes show an accepted type, so the copy into Storage
  // runs while the rest arrives; the whole file is judged again once it is complete.
  const startEarly = async (head: Buffer, originalName: string): Promise<EarlyStore | null> => {
    const detected = await fileTypeFromBuffer(head);
    const type = detected ? rule.types[detected.ext] : undefined;
    if (!detected || !type) return null;
    const key = makeKey(storedFileName(originalName, detected.ext, type.aliases), keyTime());
    // Not noted (the database is unreachable): no early copy; storing from the temp file tells.
    const noted = await noteWrite(deps, key).then(
      () => true,
      () => false,
    );
    if (!noted) return null;
    const sink = new PassThrough({ highWaterMark: 1024 * 1024 });
    // Its error when discarded (discardEarly) reaches Storage's write through `done`; until that
    // write reads from it, nothing else listens.
    sink.on('error', () => undefined);
    const early: EarlyStore = {
      key,
      ext: detected.ext,
      sink,
      failed: false,
      done: deps.storage.put(key, sink, { contentType: type.mime }).then(
        (stored) => ({ ok: true as const, size: stored.size }),
        (err: unknown) => {
          early.failed = true;
          return { ok: false as const, err };
        },
      ),
    };
    return early;
  };

  const received = await receiveFile(deps, req, tmpDir, rule.maxBytes, opts.idleTimeoutMs, startEarly);
  let key: string | null = null;
  try {
    if (received.truncated) throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);
    if (received.size === 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.emptyFile);
    const detected = await fileTypeFromFile(received.tmp);
    const type = detected ? rule.types[detected.ext] : undefined;
    if (!detected || !type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.wrongType);
    const duration = opts.audio ? await readDuration(received.tmp, detected.ext, received.size) : null;
    if (opts.audio && duration === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unreadableAudio);
    const fileName = storedFileName(received.originalName, detected.ext, type.aliases);
    // Measured from the temp file while the early copy settles (removed only after both).
    const analysing = opts.audio ? analyseAudio(received.tmp, detected.ext, duration) : Promise.resolve(null);

    // The early copy when it made it (and was judged the same type); else the temp file.
    const early = received.early;
    received.early = null;
    const result = early ? await early.done : null;
    if (early && result?.ok) {
      if (early.ext === detected.ext && result.size === received.size) key = early.key;
      else {
        await deps.storage.delete(early.key);
        await forgetWrite(deps, early.key).catch(() => undefined);
      }
    } else if (early && result && !result.ok && !(result.err instanceof StorageConflictError)) {
      // Storing again from the temp file below (once more, under a new key).
      deps.log.warn({ err: result.err }, 'storing an upload while it arrived failed; storing it again');
      await forgetWrite(deps, early.key).catch(() => undefined);
    }
    key ??= await store(deps, (now) => makeKey(fileName, now), received.tmp, type.mime);
    const analysis = await analysing;
    if (analysis?.analysis === 'failed') deps.log.info({ ext: detected.ext }, 'an uploaded audio file could not be analysed (no waveform)');
    // Not measured now (the analysis queue was full, the file could not be read): accepted all
    // the same, 'none', and measured by the background job once it is shared.
    if (analysis?.analysis === 'none') deps.log.warn({ err: analysis.error, ext: detected.ext }, 'an uploaded audio file was not analysed now; left for the background analysis');
    return { key, fileName, size: received.size, mimeType: type.mime, duration, analysis };
  } catch (err) {
    // Nothing is kept for a refused or failed upload.
    await discardEarly(deps, received.early).catch((e: unknown) => deps.log.warn({ err: e }, 'removing an early copy failed'));
    if (key) {
      await deps.storage.delete(key).catch((e: unknown) => deps.log.warn({ err: e, key }, 'removing a failed upload failed'));
      await forgetWrite(deps, key).catch(() => undefined);
    }
    throw err;
  } finally {
    await fsp.rm(received.tmp, { force: true });
  }
}
