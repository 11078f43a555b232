// Upload routes (multipart; tRPC is not for file bodies). Each takes one file from a signed-in
// user and streams it, as it arrives, to a temporary file under DATA_DIR/tmp with the size limit
// enforced (busboy truncates at the limit: 413, partial data removed). As soon as the first 4 KB
// show an accepted type (magic bytes), the same bytes also stream into Storage under a key the
// server makes, so the copy into Storage (local disk or S3) overlaps the upload instead of
// following it. Once complete, the whole file is judged again from the temp file: type by bytes,
// duration read with music-metadata, a cut-off MP3 refused; any refusal deletes the early copy.
// The upload is then recorded as the user's pending upload; the audio procedures attach it to a
// record (audio.create / audio.update with filePath / coverPath), and pending uploads never
// attached are removed after a day (cleanStaleUploads).
//
//   POST /api/uploads/audio?variant=upload|quick   -> 201 { filePath, fileName, fileSize, duration, mimeType, fileUrl }
//   POST /api/uploads/cover                        -> 201 { filePath, fileName, fileSize, mimeType, fileUrl }
//
// Memory stays bounded: the file is never buffered whole, only streamed (about 1 MB in flight).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { COVER_MAX_BYTES, MB, QUICK_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { AppError } from '../errors';
import { deleteStalePendingUploads, insertPendingUpload } from '../repositories/uploads';
import { audioKey, coverKey, sanitizeFileName } from '../storage/keys';
import { StorageConflictError } from '../storage/storage';
import { resolveAuth, type AppDeps } from './context';
import { toHttpError } from './errors';

export type AudioVariant = 'upload' | 'quick';

/** What each upload accepts: detected extension -> stored MIME type. */
interface UploadRule {
  maxBytes: number;
  types: Record<string, { mime: string; aliases: string[] }>;
  tooLarge: string;
  wrongType: string;
}

const MP3 = { mime: 'audio/mpeg', aliases: ['mp3'] };
const WAV = { mime: 'audio/wav', aliases: ['wav', 'wave'] };
const M4A = { mime: 'audio/mp4', aliases: ['m4a', 'mp4', 'aac'] };

export const UPLOAD_MESSAGES = {
  notSignedIn: 'Please log in to upload files.',
  notMultipart: 'Send the file as multipart/form-data.',
  noFile: 'Please select a file to upload.',
  oneFile: 'Send one file per upload.',
  tooManyFields: 'Too many form fields: send the file on its own.',
  emptyFile: 'The file is empty.',
  incomplete: 'The upload was interrupted before the whole file arrived. Please try again.',
  unreadableAudio: 'The audio file could not be read. It may be damaged or incomplete.',
  badVariant: 'variant must be upload or quick',
} as const;

export const UPLOAD_RULES = {
  upload: {
    maxBytes: UPLOAD_AUDIO_MAX_BYTES,
    types: { mp3: MP3, wav: WAV },
    tooLarge: `The audio file is larger than ${UPLOAD_AUDIO_MAX_BYTES / MB} MB.`,
    wrongType: 'Please upload MP3 or WAV audio files only',
  },
  quick: {
    maxBytes: QUICK_UPLOAD_MAX_BYTES,
    types: { mp3: MP3, wav: WAV, m4a: M4A },
    tooLarge: `The audio file is larger than ${QUICK_UPLOAD_MAX_BYTES / MB} MB.`,
    wrongType: 'Please upload MP3, WAV or M4A audio files only',
  },
  cover: {
    maxBytes: COVER_MAX_BYTES,
    types: { jpg: { mime: 'image/jpeg', aliases: ['jpg', 'jpeg'] }, png: { mime: 'image/png', aliases: ['png'] } },
    tooLarge: `The cover image is larger than ${COVER_MAX_BYTES / MB} MB.`,
    wrongType: 'Please upload JPG or PNG images only',
  },
} as const satisfies Record<AudioVariant | 'cover', UploadRule>;

/** Pending uploads not attached to a record within this time are removed. */
export const PENDING_UPLOAD_TTL_MS = 24 * 3600 * 1000;

/** Multipart envelope allowance over the file limit before a declared Content-Length is refused unread. */
const ENVELOPE_ALLOWANCE = 1024 * 1024;

/** The file name to keep: the client's name made safe, with the extension of the detected type. */
export function storedFileName(originalName: string, ext: string, aliases: readonly string[]): string {
  const safe = sanitizeFileName(originalName);
  const current = /\.([A-Za-z0-9]+)$/.exec(safe)?.[1]?.toLowerCase();
  if (current && aliases.includes(current)) return safe;
  // Append rather than replace: "notes.txt" that is really MP3 becomes "notes.txt.mp3".
  return sanitizeFileName(`${safe}.${ext}`);
}

/**
 * An MP3 with a Xing/Info header states its stream length; a file much shorter than that was cut
 * off (music-metadata would then report the header's full duration). Returns true when truncated.
 */
async function isTruncatedMp3(file: string, fileSize: number): Promise<boolean> {
  const fh = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(10);
    await fh.read(head, 0, 10, 0);
    let offset = 0;
    if (head.toString('latin1', 0, 3) === 'ID3') {
      const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
      offset = 10 + size + (head[5]! & 0x10 ? 10 : 0);
    }
    const frame = Buffer.alloc(200);
    const { bytesRead } = await fh.read(frame, 0, frame.length, offset);
    if (bytesRead < 4 || frame[0] !== 0xff || (frame[1]! & 0xe0) !== 0xe0) return false;
    const mpeg1 = (frame[1]! & 0x18) === 0x18;
    const mono = (frame[3]! & 0xc0) === 0xc0;
    const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tag = 4 + sideInfo;
    const id = frame.toString('latin1', tag, tag + 4);
    if (id !== 'Xing' && id !== 'Info') return false;
    const flags = frame.readUInt32BE(tag + 4);
    if (!(flags & 0x2)) return false; // no byte count
    const streamBytes = frame.readUInt32BE(tag + 8 + (flags & 0x1 ? 4 : 0));
    return fileSize - offset < streamBytes * 0.97;
  } finally {
    await fh.close();
  }
}

/** Reads the duration (seconds) of an accepted audio file, or refuses it as unreadable. */
async function readDuration(file: string, ext: string, size: number): Promise<number> {
  let duration: number | undefined;
  try {
    const meta = await parseFile(file, { duration: true, skipCovers: true });
    duration = meta.format.duration;
  } catch {
    duration = undefined;
  }
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unreadableAudio);
  }
  if (ext === 'mp3' && (await isTruncatedMp3(file, size))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unreadableAudio);
  }
  return Math.round(duration * 1000) / 1000;
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

/** Gives up an early copy: stops it and makes sure no object is left. */
async function discardEarly(deps: AppDeps, early: EarlyStore | null): Promise<void> {
  if (!early) return;
  early.sink.destroy();
  const result = await early.done;
  if (result.ok) await deps.storage.delete(early.key);
}

/**
 * Streams the request's one file to a temp file, counting bytes (at most `maxBytes` are kept), and,
 * once its first bytes show an accepted type, into Storage at the same time (`startEarly`).
 */
async function receiveFile(
  deps: AppDeps,
  req: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
  startEarly: (head: Buffer, originalName: string) => Promise<EarlyStore | null>,
): Promise<Received> {
  let received: Received | null = null;
  let out: fs.WriteStream | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const r: Received = {
        tmp: path.join(tmpDir, `${randomUUID()}.upload`),
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
    out?.destroy();
    if (received) {
      await discardEarly(deps, received.early);
      await fsp.rm(received.tmp, { force: true });
    }
    throw multipartError(err);
  }
  if (!received) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.noFile);
  return received;
}

/** Puts the temp file into Storage; a taken key (same name, same millisecond) moves on a millisecond. */
async function store(deps: AppDeps, makeKey: (now: number) => string, file: string, contentType: string): Promise<string> {
  const now = Date.now();
  for (let attempt = 0; ; attempt++) {
    const key = makeKey(now + attempt);
    try {
      await deps.storage.put(key, fs.createReadStream(file), { contentType });
      return key;
    } catch (err) {
      if (err instanceof StorageConflictError && attempt < 5) continue;
      throw err;
    }
  }
}

function sendError(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { status, body } = toHttpError(err);
  if (status >= 500) req.log.error({ err }, 'upload failed');
  return reply.code(status).send(body);
}

export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  // Registered in this scope only: other routes keep refusing multipart bodies.
  await app.register(multipart, {
    // Checked by hand (file.truncated) so the partial file can be removed and 413 answered.
    throwFileSizeLimit: false,
    limits: { files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 100 },
  });
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });

  /** Signed-in user and a multipart body, checked before any of the body is read. */
  const guard = (maxBytes: (req: FastifyRequest) => number) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { user } = await resolveAuth(deps, req, reply);
    if (!user) return sendError(req, reply, new AppError('UNAUTHORIZED', UPLOAD_MESSAGES.notSignedIn));
    // (req.isMultipart() is only known once the body parser ran: read the header instead.)
    if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) return sendError(req, reply, new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notMultipart));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes(req) + ENVELOPE_ALLOWANCE) {
      // Far too large to be one allowed file: refused without reading it.
      reply.header('Connection', 'close');
      return sendError(req, reply, new AppError('PAYLOAD_TOO_LARGE', ruleFor(req).tooLarge));
    }
  };

  function variantOf(req: FastifyRequest): AudioVariant | null {
    const v = (req.query as Record<string, unknown>).variant;
    return v === undefined || v === '' || v === 'upload' ? 'upload' : v === 'quick' ? 'quick' : null;
  }
  function ruleFor(req: FastifyRequest): UploadRule {
    if (req.url.startsWith('/api/uploads/cover')) return UPLOAD_RULES.cover;
    return UPLOAD_RULES[variantOf(req) ?? 'upload'];
  }

  async function handle(req: FastifyRequest, reply: FastifyReply, kind: 'audio' | 'cover', rule: UploadRule) {
    const { user } = await resolveAuth(deps, req, reply);
    if (!user) throw new AppError('UNAUTHORIZED', UPLOAD_MESSAGES.notSignedIn);
    const types = rule.types as UploadRule['types'];
    const makeKey = (fileName: string) => (now: number) => (kind === 'audio' ? audioKey(user.id, fileName, now) : coverKey(fileName, now));

    // Start storing as soon as the first bytes show an accepted type, so the copy into Storage
    // runs while the rest arrives; the whole file is judged again once it is complete.
    const startEarly = async (head: Buffer, originalName: string): Promise<EarlyStore | null> => {
      const detected = await fileTypeFromBuffer(head);
      const type = detected ? types[detected.ext] : undefined;
      if (!detected || !type) return null;
      const key = makeKey(storedFileName(originalName, detected.ext, type.aliases))(Date.now());
      const sink = new PassThrough({ highWaterMark: 1024 * 1024 });
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

    const received = await receiveFile(deps, req, tmpDir, rule.maxBytes, startEarly);
    let key: string | null = null;
    try {
      if (received.truncated) throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);
      if (received.size === 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.emptyFile);
      const detected = await fileTypeFromFile(received.tmp);
      const type = detected ? types[detected.ext] : undefined;
      if (!detected || !type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.wrongType);
      const duration = kind === 'audio' ? await readDuration(received.tmp, detected.ext, received.size) : null;
      const fileName = storedFileName(received.originalName, detected.ext, type.aliases);

      // The early copy when it made it (and was judged the same type); else the temp file.
      const early = received.early;
      received.early = null;
      const result = early ? await early.done : null;
      if (early && result?.ok) {
        if (early.ext === detected.ext && result.size === received.size) key = early.key;
        else await deps.storage.delete(early.key);
      } else if (result && !result.ok && !(result.err instanceof StorageConflictError)) {
        // Storing again from the temp file below (once more, under a new key).
        req.log.warn({ err: result.err }, 'storing an upload while it arrived failed; storing it again');
      }
      key ??= await store(deps, makeKey(fileName), received.tmp, type.mime);

      await insertPendingUpload(deps.db, {
        userId: user.id,
        kind,
        filePath: key,
        fileName,
        fileSize: received.size,
        mimeType: type.mime,
        duration,
      });
      const fileUrl = `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
      const body =
        kind === 'audio'
          ? { filePath: key, fileName, fileSize: received.size, duration, mimeType: type.mime, fileUrl }
          : { filePath: key, fileName, fileSize: received.size, mimeType: type.mime, fileUrl };
      return reply.code(201).send(body);
    } catch (err) {
      // Nothing is kept for a refused or failed upload.
      await discardEarly(deps, received.early).catch((e: unknown) => req.log.warn({ err: e }, 'removing an early copy failed'));
      if (key) await deps.storage.delete(key).catch((e: unknown) => req.log.warn({ err: e, key }, 'removing a failed upload failed'));
      throw err;
    } finally {
      await fsp.rm(received.tmp, { force: true });
    }
  }

  app.post(
    '/api/uploads/audio',
    { onRequest: guard((req) => UPLOAD_RULES[variantOf(req) ?? 'upload'].maxBytes) },
    async (req, reply) => {
      const variant = variantOf(req);
      try {
        if (!variant) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.badVariant);
        return await handle(req, reply, 'audio', UPLOAD_RULES[variant]);
      } catch (err) {
        return sendError(req, reply, err);
      }
    },
  );

  app.post('/api/uploads/cover', { onRequest: guard(() => COVER_MAX_BYTES) }, async (req, reply) => {
    try {
      return await handle(req, reply, 'cover', UPLOAD_RULES.cover);
    } catch (err) {
      return sendError(req, reply, err);
    }
  });
}

/**
 * Removes pending uploads older than a day (rows and stored files) and temp files left by an
 * interrupted process. Returns how many pending uploads were removed.
 */
export async function cleanStaleUploads(deps: Pick<AppDeps, 'db' | 'storage' | 'config'>, now = Date.now()): Promise<number> {
  const paths = await deleteStalePendingUploads(deps.db, new Date(now - PENDING_UPLOAD_TTL_MS));
  for (const key of paths) await deps.storage.delete(key);
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    // An upload in progress writes its temp file continuously; an hour-old one was abandoned.
    if (stat && now - stat.mtimeMs > 3600 * 1000) await fsp.rm(file, { force: true });
  }
  return paths.length;
}
