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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setPath } from '@tonieshelf/shared/schemas/set';
import type { AppDeps } from '../deps';
import { buildPodcastFeed, type ChannelInfo, type FeedEntry, type FeedLinks } from '../feeds/build';
import { audioExtension } from '../feeds/names';
import { feedKey, signAudio, verifyAudioSignature } from '../feeds/signing';
import { siteLink } from '../mail/messages';
import {
  findFeedEnclosure,
  findFeedSet,
  findFeedUser,
  listFeedAudioByTag,
  listFeedAudioByUser,
  listFeedSetChapters,
  type FeedAudio,
} from '../repositories/feeds';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { errorBody } from './errors';
import { FILE_MESSAGES, sendStoredBytes, SERVABLE_TYPES } from './files';

/** This plugin's own refusals (texts: shared/src/i18n/texts/server.ts). */
export const FEED_MESSAGES = {
  notFound: 'feed.notFound',
} as const satisfies Record<string, MessageCode>;

/** How many files a tag's or a user's feed carries (the newest). */
const FEED_ITEM_LIMIT = 100;
const FEED_CACHE_CONTROL = 'public, max-age=300';
const MAX_INT = 2_147_483_647;

/** Public paths of the feeds. */
const setFeedPath = (id: number) => `/feeds/sets/${id}.rss`;
const tagFeedPath = (tag: string) => `/feeds/tags/${encodeURIComponent(tag)}.rss`;
const userFeedPath = (username: string) => `/feeds/users/${encodeURIComponent(username)}.rss`;

function notFound(reply: FastifyReply, message: MessageCode = FEED_MESSAGES.notFound) {
  for (const h of ['Content-Length', 'Content-Range', 'Content-Disposition', 'Cache-Control', 'Accept-Ranges']) reply.removeHeader(h);
  return reply.code(404).header('Content-Type', 'application/json; charset=utf-8').send(errorBody(404, 'NOT_FOUND', message));
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

export async function feedRoutes(app: FastifyInstance, deps: AppDeps) {
  const link = (path: string) => siteLink(deps.config, path);

  async function feedLinks(): Promise<FeedLinks> {
    const key = await feedKey(deps.db);
    return {
      page: (audio) => link(`/audio/discover?audio=${audio.id}`),
      enclosure: (audio) => link(`/feeds/audio/${audio.id}/${signAudio(key, audio.id, audio.filePath)}.${audioExtension(audio.fileName, audio.mimeType)}`),
      file: (key) => link(`/files/${key}`),
    };
  }

  function sendFeed(reply: FastifyReply, channel: ChannelInfo, entries: FeedEntry[], links: FeedLinks) {
    return reply
      .header('Content-Type', 'application/rss+xml; charset=utf-8')
      .header('Cache-Control', FEED_CACHE_CONTROL)
      .header('X-Content-Type-Options', 'nosniff')
      .send(buildPodcastFeed(channel, entries, links));
  }

  const newestFirst = (rows: FeedAudio[]): FeedEntry[] => rows.map((audio) => ({ audio, date: audio.publishedAt ?? audio.createdAt, episode: null }));
  const lastChange = (rows: FeedAudio[]) => rows.reduce((max, r) => Math.max(max, (r.publishedAt ?? r.createdAt).getTime()), 0);

  app.get('/feeds/sets/:file', async (req: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const name = rssName(req.params.file);
    const id = name === null ? null : parseId(name);
    if (id === null) return notFound(reply);
    const set = await findFeedSet(deps.db, id);
    if (!set) return notFound(reply);
    const [chapters, links] = await Promise.all([listFeedSetChapters(deps.db, id), feedLinks()]);
    // Chapter 1 newest, one second apart (see feeds/build.ts).
    const base = Math.floor((set.publishedAt ?? set.updatedAt).getTime() / 1000) * 1000;
    const entries = chapters.map((audio) => ({ audio, date: new Date(base - (audio.position - 1) * 1000), episode: audio.position }));
    const owner = `${set.ownerFirstName} ${set.ownerLastName}`;
    return sendFeed(
      reply,
      {
        title: set.title,
        description: set.description || `A Creative-Tonie set by ${owner} (@${set.ownerUsername}) on TonieShelf.`,
        link: link(setPath(set.id)),
        self: link(setFeedPath(set.id)),
        author: owner,
        image: set.coverPath ? link(`/files/${set.coverPath}`) : null,
        updated: set.updatedAt,
        serial: true,
      },
      entries,
      links,
    );
  });

  app.get('/feeds/tags/:file', async (req: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const tag = rssName(req.params.file)?.trim();
    if (!tag) return notFound(reply);
    const [rows, links] = await Promise.all([listFeedAudioByTag(deps.db, tag, FEED_ITEM_LIMIT), feedLinks()]);
    return sendFeed(
      reply,
      {
        title: `#${tag} on TonieShelf`,
        description: `The newest audio tagged '${tag}' on TonieShelf that may be shared.`,
        link: link(`/audio/discover?tags=${encodeURIComponent(tag)}`),
        self: link(tagFeedPath(tag)),
        author: 'TonieShelf',
        image: null,
        updated: new Date(lastChange(rows) || Date.now()),
        serial: false,
      },
      newestFirst(rows),
      links,
    );
  });

  app.get('/feeds/users/:file', async (req: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const username = rssName(req.params.file);
    if (!username) return notFound(reply);
    const user = await findFeedUser(deps.db, username);
    if (!user) return notFound(reply);
    const [rows, links] = await Promise.all([listFeedAudioByUser(deps.db, user.id, FEED_ITEM_LIMIT), feedLinks()]);
    const name = `${user.firstName} ${user.lastName}`;
    return sendFeed(
      reply,
      {
        title: `${name} (@${user.username}) on TonieShelf`,
        description: `The newest audio ${name} shares on TonieShelf.`,
        link: link(`/audio/discover?search=${encodeURIComponent(user.username)}`),
        self: link(userFeedPath(user.username)),
        author: name,
        image: null,
        updated: new Date(lastChange(rows) || Date.now()),
        serial: false,
      },
      newestFirst(rows),
      links,
    );
  });

  // An enclosure: no session needed; the signature and the file's current state decide.
  app.get('/feeds/audio/:id/:file', async (req: FastifyRequest<{ Params: { id: string; file: string } }>, reply) => {
    const id = parseId(req.params.id);
    const m = /^([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9]{1,8})$/.exec(req.params.file);
    if (id === null || !m) return notFound(reply, FILE_MESSAGES.notFound);
    const audio = await findFeedEnclosure(deps.db, id);
    if (!audio || !verifyAudioSignature(await feedKey(deps.db), id, audio.filePath, m[1]!)) return notFound(reply, FILE_MESSAGES.notFound);
    const stat = await deps.storage.stat(audio.filePath);
    if (!stat) {
      req.log.warn({ key: audio.filePath }, 'a recorded file is missing from storage');
      return notFound(reply, FILE_MESSAGES.notFound);
    }
    const mime = SERVABLE_TYPES.has(audio.mimeType) ? audio.mimeType : 'application/octet-stream';
    reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="audio-${id}.${audioExtension(audio.fileName, audio.mimeType)}"`)
      .header('Accept-Ranges', 'bytes')
      // Shared caches may keep it a little; a hidden or deleted file stops within minutes at most.
      .header('Cache-Control', FEED_CACHE_CONTROL);
    return sendStoredBytes(deps, req, reply, audio.filePath, stat.size);
  });
}
