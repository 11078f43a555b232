// GET /files/{key}: streams a stored file to those allowed to read it, with its recorded type,
// `X-Content-Type-Options: nosniff`, a safe Content-Disposition (inline; attachment with
// ?download=1) and byte ranges, so the preview player can seek.
//
// Who may read what is files/service.ts's (fileAccess):
//   - the audio of a published audio file: any signed-in user (anonymous: 401, as previews and
//     downloads need a sign-in; a published file's existence is no secret);
//   - the cover of a published audio file or set: anyone (it shows on Discover cards);
//   - a draft's audio and cover: its owner only; a pending upload: its uploader only;
//   - a published file hidden by moderators (or whose owner is suspended): its owner, and
//     moderators and admins (to review it); 404 for everyone else, signed in or not;
//   - anything else, including a draft or pending file of someone else: 404, so nothing is leaked.
// An audio file's download name carries its title and licence, e.g. 'My Song (CC BY 4.0).mp3'.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LICENCE_SHORT_LABELS } from '@tonieshelf/shared/values/moderation';
import type { AppDeps } from '../deps';
import { safeTitle } from '../feeds/names';
import { fileAccess, type FileRecord } from '../files/service';
import { sanitizeFileName } from '../storage/keys';
import { StorageNotFoundError, type ByteRange } from '../storage/storage';
import { resolveAuth } from './context';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { errorBody } from './errors';

/** This route's refusals (texts: shared/src/i18n/texts/server.ts). */
export const FILE_MESSAGES = {
  notFound: 'file.notFound',
  loginRequired: 'file.loginRequired',
  badRange: 'file.badRange',
} as const satisfies Record<string, MessageCode>;

/** Types we serve as themselves; anything else goes out as application/octet-stream. */
export const SERVABLE_TYPES: ReadonlySet<string> = new Set([
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/x-m4a',
  'audio/x-wav',
  'audio/ogg',
  'image/jpeg',
  'image/png',
  'image/webp',
]);

/** A key as the server makes them: plain segments of letters, digits, dot, underscore, hyphen. */
const KEY_PATTERN = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+){0,5}$/;

/**
 * One `bytes=` range of RFC 9110 against an object of `size` bytes: the range, 'unsatisfiable', or
 * null to serve the whole object (no header, several ranges, or a malformed one, which is ignored).
 */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * The name a browser saves the file under: for an audio file's audio its title and licence with
 * the file's extension ('My Song (CC BY 4.0).mp3'); otherwise the record's name, else the key's,
 * made safe.
 */
function downloadName(record: FileRecord, key: string): string {
  const fromKey = (key.split('/').pop() ?? '').replace(/^\d+_(cover_)?/, '');
  const safe = sanitizeFileName(record.fileName || fromKey);
  if (record.kind !== 'audio' || !record.licence) return safe;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(safe)?.[0] ?? '';
  const stem = safeTitle(record.title ?? '') || safe.slice(0, safe.length - ext.length) || 'audio';
  return `${stem} (${LICENCE_SHORT_LABELS[record.licence]})${ext}`;
}

function notFound(reply: FastifyReply) {
  for (const h of ['Content-Length', 'Content-Range', 'Content-Disposition', 'Cache-Control', 'Accept-Ranges']) reply.removeHeader(h);
  return reply
    .code(404)
    .header('Content-Type', 'application/json; charset=utf-8')
    .send(errorBody(404, 'NOT_FOUND', FILE_MESSAGES.notFound));
}

/**
 * Answers with a stored object of `size` bytes (the caller has set its type and disposition):
 * the whole of it (200) or one byte range (206; 416 when unsatisfiable), streamed from storage.
 */
export async function sendStoredBytes(deps: Pick<AppDeps, 'storage'>, req: FastifyRequest, reply: FastifyReply, key: string, size: number) {
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${size}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send(errorBody(416, 'RANGE_NOT_SATISFIABLE', FILE_MESSAGES.badRange));
  }
  const length = range ? range.end - range.start + 1 : size;
  reply.code(range ? 206 : 200).header('Content-Length', String(length));
  if (range) reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  if (req.method === 'HEAD' || length === 0) return reply.send();
  try {
    return reply.send(await deps.storage.get(key, range ?? undefined));
  } catch (err) {
    if (err instanceof StorageNotFoundError) return notFound(reply);
    throw err;
  }
}

export async function fileRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/files/*', async (req: FastifyRequest<{ Params: { '*': string }; Querystring: { download?: string } }>, reply) => {
    const key = req.params['*'];
    if (!key || key.length > 1000 || !KEY_PATTERN.test(key)) return notFound(reply);
    const { user } = await resolveAuth(deps, req, reply);
    const access = await fileAccess(deps.db, key, user);
    if ('refused' in access) {
      if (access.refused === 'not-found') return notFound(reply);
      return reply.code(401).send(errorBody(401, 'UNAUTHORIZED', FILE_MESSAGES.loginRequired));
    }
    const stat = await deps.storage.stat(key);
    if (!stat) {
      req.log.warn({ key }, 'a recorded file is missing from storage');
      return notFound(reply);
    }
    const mime = access.record.mimeType && SERVABLE_TYPES.has(access.record.mimeType) ? access.record.mimeType : 'application/octet-stream';
    const download = req.query.download === '1' || req.query.download === 'true';
    reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="${downloadName(access.record, key)}"`)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, max-age=3600');

    return sendStoredBytes(deps, req, reply, key, stat.size);
  });
}
