// Podcast feeds, what they carry (docs/decisions/0009-feeds-and-previews.md): a published, visible
// set's shareable chapters in set order, a tag's and a user's newest 100 shareable files, and the
// live check of a signed enclosure. Only published, visible files whose licence allows
// redistribution are carried (repositories/feeds.ts); an unknown set or one others may not see
// (the set rule), an unknown or suspended user: null (the route answers 404). http/feeds.ts
// serves what this builds.
import { setPath } from '@tonieshelf/shared/values/set';
import { isSuspended } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { siteLink } from '../mail/messages';
import * as feeds from '../repositories/feeds';
import { isVisibleSet } from '../sets/service';
import { buildPodcastFeed, type ChannelInfo, type FeedEntry, type FeedLinks } from './build';
import { FEED_WORDS, feedLanguage } from './feed-texts';
import { audioExtension } from './names';
import { feedKey, signAudio, verifyAudioSignature } from './signing';

type FeedDeps = Pick<AppDeps, 'db' | 'config'>;

/** How many files a tag's or a user's feed carries (the newest). */
const FEED_ITEM_LIMIT = 100;

/** Public paths of the feeds. */
const setFeedPath = (id: number) => `/feeds/sets/${id}.rss`;
const tagFeedPath = (tag: string) => `/feeds/tags/${encodeURIComponent(tag)}.rss`;
const userFeedPath = (username: string) => `/feeds/users/${encodeURIComponent(username)}.rss`;

/** An enclosure's name: `audio-{id}.{ext}`. */
export const enclosureName = (audio: Pick<feeds.FeedAudio, 'id' | 'fileName' | 'mimeType'>) => `audio-${audio.id}.${audioExtension(audio.fileName, audio.mimeType)}`;

async function feedLinks(deps: FeedDeps): Promise<FeedLinks> {
  const key = await feedKey(deps.db);
  const link = (path: string) => siteLink(deps.config, path);
  return {
    page: (audio) => link(`/audio/discover?audio=${audio.id}`),
    enclosure: (audio) => link(`/feeds/audio/${audio.id}/${signAudio(key, audio.id, audio.filePath)}.${audioExtension(audio.fileName, audio.mimeType)}`),
    file: (key) => link(`/files/${key}`),
  };
}

const newestFirst = (rows: feeds.FeedAudio[]): FeedEntry[] => rows.map((audio) => ({ audio, date: audio.publishedAt ?? audio.createdAt, episode: null }));
const lastChange = (rows: feeds.FeedAudio[]) => rows.reduce((max, r) => Math.max(max, (r.publishedAt ?? r.createdAt).getTime()), 0);

/** The feed of a published, visible set (RSS), or null when there is none. */
export async function setFeed(deps: FeedDeps, id: number): Promise<string | null> {
  const set = await feeds.findFeedSet(deps.db, id);
  if (!set || !isVisibleSet(set)) return null;
  const [chapters, links] = await Promise.all([feeds.listFeedSetChapters(deps.db, id), feedLinks(deps)]);
  // Chapter 1 newest, one second apart (see build.ts).
  const base = Math.floor((set.publishedAt ?? set.updatedAt).getTime() / 1000) * 1000;
  const entries = chapters.map((audio) => ({ audio, date: new Date(base - (audio.position - 1) * 1000), episode: audio.position }));
  const owner = `${set.ownerFirstName} ${set.ownerLastName}`;
  // The set's own words are its owner's: the feed's words follow the owner's language.
  const language = feedLanguage(set.ownerLocale);
  const channel: ChannelInfo = {
    title: set.title,
    description: set.description || FEED_WORDS[language].setDescription(owner, set.ownerUsername),
    link: siteLink(deps.config, setPath(set.id)),
    self: siteLink(deps.config, setFeedPath(set.id)),
    author: owner,
    image: set.coverPath ? siteLink(deps.config, `/files/${set.coverPath}`) : null,
    updated: set.updatedAt,
    serial: true,
    language,
  };
  return buildPodcastFeed(channel, entries, links);
}

/** The feed of a tag's newest shareable files (RSS; none: an empty feed). */
export async function tagFeed(deps: FeedDeps, tag: string): Promise<string> {
  const [rows, links] = await Promise.all([feeds.listFeedAudioByTag(deps.db, tag, FEED_ITEM_LIMIT), feedLinks(deps)]);
  const channel: ChannelInfo = {
    title: `#${tag} on TonieShelf`,
    description: `The newest audio tagged '${tag}' on TonieShelf that may be shared.`,
    link: siteLink(deps.config, `/audio/discover?tags=${encodeURIComponent(tag)}`),
    self: siteLink(deps.config, tagFeedPath(tag)),
    author: 'TonieShelf',
    image: null,
    updated: new Date(lastChange(rows) || Date.now()),
    serial: false,
    language: 'en',
  };
  return buildPodcastFeed(channel, newestFirst(rows), links);
}

/** The feed of a user's newest shareable files (RSS), or null for an unknown or suspended user. */
export async function userFeed(deps: FeedDeps, username: string): Promise<string | null> {
  const user = await feeds.findFeedUser(deps.db, username);
  if (!user || isSuspended(user.suspendedUntil)) return null;
  const [rows, links] = await Promise.all([feeds.listFeedAudioByUser(deps.db, user.id, FEED_ITEM_LIMIT), feedLinks(deps)]);
  const name = `${user.firstName} ${user.lastName}`;
  const channel: ChannelInfo = {
    title: `${name} (@${user.username}) on TonieShelf`,
    description: `The newest audio ${name} shares on TonieShelf.`,
    link: siteLink(deps.config, `/audio/discover?search=${encodeURIComponent(user.username)}`),
    self: siteLink(deps.config, userFeedPath(user.username)),
    author: name,
    image: null,
    updated: new Date(lastChange(rows) || Date.now()),
    serial: false,
    language: 'en',
  };
  return buildPodcastFeed(channel, newestFirst(rows), links);
}

/**
 * The file behind an enclosure link, looked up live: while a feed may carry it and `signature` is
 * its current one (a replaced file has a new path, so old links end); else null.
 */
export async function feedEnclosure(deps: Pick<AppDeps, 'db'>, id: number, signature: string) {
  const audio = await feeds.findFeedEnclosure(deps.db, id);
  if (!audio || !verifyAudioSignature(await feedKey(deps.db), id, audio.filePath, signature)) return null;
  return audio;
}
