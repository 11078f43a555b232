// Upload routes (multipart; tRPC is not for file bodies). Each takes one file from a signed-in
// user, receives and stores it (uploads/receive.ts) and records it as the user's pending upload;
// the procedures attach it to a record (audio.create / audio.update with filePath / coverPath,
// set.addUploads for many at once), and pending uploads never attached are removed after an hour
// (jobs/cleanup.ts).
//
// Bounded in space, number and time (config UploadLimits): the user's stored and pending bytes
// and uploads per hour (uploads/quota.ts), uploads at once (uploads/in-progress.ts), the disk
// reserve, an idle timeout on the body (uploads/receive.ts), and a grace period at shutdown.
//
//   POST /api/uploads/audio?variant=upload|quick   -> 201 { filePath, fileName, fileSize, duration, mimeType, fileUrl,
//                                                          analysis, waveform, loudnessLufs, peakDbfs }
//   POST /api/uploads/cover                        -> 201 { filePath, fileName, fileSize, mimeType, fileUrl }
import fsp from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordUpload, uploadRoom } from '../audio/service';
import type { AppDeps } from '../deps';
import { message, type Message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { isOutOfSpace } from '../storage/disk-space';
import { audioKey, coverKey } from '../storage/keys';
import { UploadsInProgress } from '../uploads/in-progress';
import { IN_FLIGHT_RETRY_AFTER_SECONDS, QUOTA_MESSAGES } from '../uploads/quota';
import { receiveUpload } from '../uploads/receive';
import { UPLOAD_MESSAGES, UPLOAD_RULES, type AudioVariant, type UploadRule } from '../uploads/rules';
import { resolveAuth } from './context';

/** Multipart envelope allowance over the file limit before a declared Content-Length is refused unread. */
const ENVELOPE_ALLOWANCE = 1024 * 1024;
/** What a browser's multipart envelope around one file (boundaries, part headers) takes at most, about. */
const ENVELOPE_ESTIMATE = 16 * 1024;

/**
 * multipart/form-data with a boundary of 1 to 70 characters (RFC 2046; browsers send ~40): the
 * parser cannot take one much longer and would fail with a 500.
 */
const MULTIPART_WITH_BOUNDARY = /^multipart\/form-data\s*;(?:[^;]*;)*\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

type UploadRequest = FastifyRequest<{ Querystring: { variant?: string } }>;

function variantOf(req: UploadRequest): AudioVariant | null {
  const v = req.query.variant;
  return v === undefined || v === '' || v === 'upload' ? 'upload' : v === 'quick' ? 'quick' : null;
}

export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  // Registered in this scope only: other routes keep refusing multipart bodies.
  await app.register(multipart, {
    // Checked by hand (file.truncated) so the partial file can be removed and 413 answered.
    throwFileSizeLimit: false,
    limits: { files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 100 },
  });
  await fsp.mkdir(path.join(deps.config.dataDir, 'tmp'), { recursive: true });

  const limits = deps.config.uploadLimits;
  const inProgress = new UploadsInProgress();
  /** What the user's quotas leave for each admitted upload (found by the guard, used by the handler). */
  const room = new WeakMap<FastifyRequest, { bytes: number; message: Message }>();
  // At shutdown (new requests are already answered 503), running uploads may finish for a while;
  // the rest are cut off and their files removed.
  app.addHook('preClose', async () => inProgress.drain(limits.shutdownGraceMs, deps.log));

  /** Signed-in user and a multipart body, checked before any of the body is read. */
  const guard = (ruleFor: (req: UploadRequest) => UploadRule) => async (req: UploadRequest, reply: FastifyReply) => {
    const { user } = await resolveAuth(deps, req, reply);
    if (!user) throw new AppError('UNAUTHORIZED', UPLOAD_MESSAGES.notSignedIn);
    // (req.isMultipart() is only known once the body parser ran: read the header instead.)
    if (!MULTIPART_WITH_BOUNDARY.test(req.headers['content-type'] ?? '')) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notMultipart);
    const rule = ruleFor(req);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > rule.maxBytes + ENVELOPE_ALLOWANCE) {
      // Far too large to be one allowed file: refused without reading it.
      throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);
    }
    // Room on the disk for what is announced, above the reserve (the temp file is written there).
    await deps.disk.assertRoom(Number.isFinite(declared) ? declared : 0);
    // The user's bounds: uploads at once, then (one query) per hour and the space left to them.
    const running = inProgress.count(user.id);
    if (running >= limits.inFlight) {
      throw new AppError('TOO_MANY_REQUESTS', message(QUOTA_MESSAGES.inFlight, { count: running }), {
        retryAfter: IN_FLIGHT_RETRY_AFTER_SECONDS,
        reason: REFUSAL_REASONS.uploadsInFlight,
      });
    }
    // Counted from here (before the query, so uploads arriving together cannot all pass); a
    // refusal below ends it when its answer is sent.
    inProgress.begin(user.id, req, reply);
    const fileBytes = Number.isFinite(declared) ? Math.max(0, declared - ENVELOPE_ESTIMATE) : 0;
    room.set(req, await uploadRoom(deps.db, user.id, limits, fileBytes));
  };

  /** Receives, stores and records the file; answers 201 with what the upload is. */
  const handle = (req: UploadRequest, reply: FastifyReply, kind: 'audio' | 'cover', rule: UploadRule) => inProgress.handle(req, () => receiveAndRecord(req, reply, kind, rule));

  async function receiveAndRecord(req: UploadRequest, reply: FastifyReply, kind: 'audio' | 'cover', rule: UploadRule) {
    const { user } = await resolveAuth(deps, req, reply);
    if (!user) throw new AppError('UNAUTHORIZED', UPLOAD_MESSAGES.notSignedIn);
    const makeKey = (fileName: string, now: number) => (kind === 'audio' ? audioKey(user.id, fileName, now) : coverKey(fileName, now));
    // No more is received than the user's quotas leave room for (then 413 with the quota's text).
    const left = room.get(req);
    const bounded = left && left.bytes < rule.maxBytes ? { ...rule, maxBytes: left.bytes, tooLarge: left.message } : rule;
    const opts = { rule: bounded, audio: kind === 'audio', makeKey, idleTimeoutMs: limits.idleTimeoutMs };
    const stored = await receiveUpload({ ...deps, log: req.log }, req, opts).catch((err: unknown) => {
      // The disk filled up meanwhile: measure it again before the next write.
      if (isOutOfSpace(err)) deps.disk.forget();
      throw err;
    });
    try {
      const body = await recordUpload(
        deps.db,
        {
          userId: user.id,
          kind,
          filePath: stored.key,
          fileName: stored.fileName,
          fileSize: stored.size,
          mimeType: stored.mimeType,
          duration: stored.duration,
          analysis: stored.analysis,
        },
        limits,
      );
      return reply.code(201).send(body);
    } catch (err) {
      // Nothing is kept for an upload that could not be recorded.
      await deps.storage.delete(stored.key).catch((e: unknown) => req.log.warn({ err: e, key: stored.key }, 'removing a failed upload failed'));
      throw err;
    }
  }

  const audioRule = (req: UploadRequest) => UPLOAD_RULES[variantOf(req) ?? 'upload'];
  app.post<{ Querystring: { variant?: string } }>('/api/uploads/audio', { onRequest: guard(audioRule) }, async (req, reply) => {
    const variant = variantOf(req);
    if (!variant) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.badVariant);
    return handle(req, reply, 'audio', UPLOAD_RULES[variant]);
  });

  app.post('/api/uploads/cover', { onRequest: guard(() => UPLOAD_RULES.cover) }, (req, reply) => handle(req, reply, 'cover', UPLOAD_RULES.cover));
}
