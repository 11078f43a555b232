// Podcast feeds, so tools that sync feeds onto Creative Tonies (tonie-podcast-sync) and podcast
// apps can use TonieShelf directly (docs/decisions/0009-feeds-and-previews.md):
//   GET /feeds/sets/{id}.rss          a published, visible set: its shareable chapters in set order
//   GET /feeds/tags/{tag}.rss         the newest 100 shareable files with that tag (none: an empty feed)
//   GET /feeds/users/{username}.rss   the user's newest 100 shareable files
//   GET /feeds/audio/{id}/{signature}.{ext}   an enclosure, without a session (byte ranges)
// Feeds carry only published, visible files whose licence allows redistribution; an unknown,
// draft or hidden set, an unknown or suspended user: 404. Enclosure links are signed
// (feeds/signing.ts) and the file is looked up live on every fetch, so hiding, suspension,
// deletion, a licence change to all-rights-reserved or a replaced file end the link at once.
// What a feed carries is feeds/service.ts's; this file parses the addresses and answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { enclosureName, feedEnclosure, setFeed, tagFeed, userFeed } from '../feeds/service';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { errorBody } from './errors';
import { FILE_MESSAGES, sendStoredBytes, SERVABLE_TYPES } from './files';

/** This plugin's own refusals (texts: shared/src/i18n/texts/server.ts). */
export const FEED_MESSAGES = {
  notFound: 'feed.notFound',
} as const satisfies Record<string, MessageCode>;

const FEED_CACHE_CONTROL = 'public, max-age=300';
const MAX_INT = 2_147_483_647;

function notFound(reply: FastifyReply, message: MessageCode = FEED_MESSAGES.notFound) {
  for (const h of ['Content-Length', 'Content-Range', 'Content-Disposition', 'Cache-Control', 'Accept-Ranges']) reply.removeHeader(h);
  return reply
    .code(404)
    .header('Content-Type', 'application/json; charset=utf-8')
    .send(errorBody(404, 'NOT_FOUND', message));
}

/** A whole id in range from a path segment, else null. */
function parseId(segment: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= MAX_INT ? id : null;
}

/** `{name}.rss` -> name (decoded by the router already), else null. */
function rssName(file: string): string | null {
  const m = /^(.+)\.rss$/s.exec(file);
  return m?.[1] && m[1].length <= 200 && !/[\u0000-\u001f]/.test(m[1]) ? m[1] : null;
}

function sendFeed(reply: FastifyReply, rss: string | null) {
  if (rss === null) return notFound(reply);
  return reply.header('Content-Type', 'application/rss+xml; charset=utf-8').header('Cache-Control', FEED_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff').send(rss);
}

export async function feedRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/feeds/sets/:file', async (req: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const name = rssName(req.params.file);
    const id = name === null ? null : parseId(name);
    if (id === null) return notFound(reply);
    return sendFeed(reply, await setFeed(deps, id));
  });

  app.get('/feeds/tags/:file', async (req: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const tag = rssName(req.params.file)?.trim();
    if (!tag) return notFound(reply);
    return sendFeed(reply, await tagFeed(deps, tag));
  });

  app.get('/feeds/users/:file', async (req: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const username = rssName(req.params.file);
    if (!username) return notFound(reply);
    return sendFeed(reply, await userFeed(deps, username));
  });

  // An enclosure: no session needed; the signature and the file's current state decide.
  app.get('/feeds/audio/:id/:file', async (req: FastifyRequest<{ Params: { id: string; file: string } }>, reply) => {
    const id = parseId(req.params.id);
    const m = /^([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9]{1,8})$/.exec(req.params.file);
    if (id === null || !m) return notFound(reply, FILE_MESSAGES.notFound);
    const audio = await feedEnclosure(deps, id, m[1]!);
    if (!audio) return notFound(reply, FILE_MESSAGES.notFound);
    const stat = await deps.storage.stat(audio.filePath);
    if (!stat) {
      req.log.warn({ key: audio.filePath }, 'a recorded file is missing from storage');
      return notFound(reply, FILE_MESSAGES.notFound);
    }
    const mime = SERVABLE_TYPES.has(audio.mimeType) ? audio.mimeType : 'application/octet-stream';
    reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="${enclosureName(audio)}"`)
      .header('Accept-Ranges', 'bytes')
      // Shared caches may keep it a little; a hidden or deleted file stops within minutes at most.
      .header('Cache-Control', FEED_CACHE_CONTROL);
    return sendStoredBytes(deps, req, reply, audio.filePath, stat.size);
  });
}
