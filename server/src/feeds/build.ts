// Podcast feeds (RSS 2.0 with iTunes tags) built with the `feed` package: a set's chapters, a
// tag's or a user's newest shareable audio. All links are absolute on the public origin.
//
// Order: podcast tools sort by date (tonie-podcast-sync fills a Creative Tonie newest first by
// default), so a set's chapters are dated from the set's publishing time backwards, one second per
// position: chapter 1 is the newest, and "newest first" (the default of such tools and the top of
// every podcast app's list) plays the set in order. itunes:episode carries the chapter's number as
// the set page shows it to everyone (a chapter others do not get is not counted) and the
// channel is itunes:type 'serial' for apps that order by episode number. Tag and user feeds are
// dated by each file's publishing time.
import { Feed, type Extension, type Item } from 'feed';
import type { Language } from '@tonieshelf/shared/languages';
import { PRODUCT_NAME } from '@tonieshelf/shared/values/common';
import type { FeedAudio } from '../repositories/feeds';
import { FEED_WORDS, licenceIn } from './feed-texts';

/** What a feed's enclosures and pages are linked as (absolute URLs). */
export interface FeedLinks {
  /** The page an item links to. */
  page(audio: FeedAudio): string;
  /** The signed enclosure URL. */
  enclosure(audio: FeedAudio): string;
  /** `/files/{key}` made absolute. */
  file(key: string): string;
}

export interface ChannelInfo {
  title: string;
  description: string;
  /** The page the feed stands for. */
  link: string;
  /** The feed's own URL. */
  self: string;
  author: string;
  /** Absolute cover URL, if any. */
  image: string | null;
  updated: Date;
  /** Ordered chapters (a set): itunes:type serial. */
  serial: boolean;
  /** The language of the feed's own words (credits, copyright) and its <language>: a set's owner's. */
  language: Language;
}

export interface FeedEntry {
  audio: FeedAudio;
  date: Date;
  /** The chapter's number in its set as everyone sees it (itunes:episode); null outside sets. */
  episode: number | null;
}

const CATEGORY = 'Kids & Family';

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text from users made safe for the feed: characters XML cannot carry are dropped, and every ']]>'
 * is broken up (the writer puts titles and descriptions in CDATA and escapes only the first
 * ']]>', so a title could otherwise close the section and add elements of its own).
 */
function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/]]>/g, ']] >');
}

const text = (value: string | number) => ({ _text: xmlText(String(value)) });
/** An attribute value: the XML writer escapes text but not attributes, so &, < and " are escaped here. */
const attr = (value: string) => xmlText(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** 'By Mia Tester (@mia). Licence: CC BY 4.0 (https://...).' in `language`; then the file's own description. */
function itemDescription(audio: FeedAudio, language: Language): string {
  const credit = FEED_WORDS[language].credit(`${audio.authorFirstName} ${audio.authorLastName}`, audio.authorUsername, licenceIn(audio.licence, language));
  return xmlText(audio.description ? `${credit}\n\n${audio.description}` : credit);
}

export function buildPodcastFeed(channel: ChannelInfo, entries: readonly FeedEntry[], links: FeedLinks): string {
  const feed = new Feed({
    id: channel.self,
    title: xmlText(channel.title),
    description: xmlText(channel.description),
    link: channel.link,
    feed: channel.self,
    updated: channel.updated,
    generator: PRODUCT_NAME,
    podcast: true,
    ttl: 60,
    author: { name: xmlText(channel.author) },
    ...(channel.image ? { image: channel.image } : {}),
    language: channel.language,
    copyright: FEED_WORDS[channel.language].copyright,
  });
  // The iTunes category and image are attributes (the package writes the category as text).
  const channelTags: Extension[] = [
    { name: 'itunes:category', objects: { _attributes: { text: attr(CATEGORY) } } },
    { name: 'itunes:explicit', objects: text('false') },
    { name: 'itunes:type', objects: text(channel.serial ? 'serial' : 'episodic') },
    { name: 'itunes:summary', objects: text(channel.description) },
  ];
  if (channel.image) channelTags.push({ name: 'itunes:image', objects: { _attributes: { href: attr(channel.image) } } });
  for (const tag of channelTags) feed.addExtension(tag);

  for (const { audio, date, episode } of entries) {
    const extensions: Extension[] = [{ name: 'itunes:author', objects: text(`${audio.authorFirstName} ${audio.authorLastName}`) }];
    if (episode !== null) extensions.push({ name: 'itunes:episode', objects: text(episode) });
    if (audio.coverPath) extensions.push({ name: 'itunes:image', objects: { _attributes: { href: attr(links.file(audio.coverPath)) } } });
    const item: Item = {
      title: xmlText(audio.title),
      guid: `tonieshelf-audio-${audio.id}`,
      link: links.page(audio),
      date,
      description: itemDescription(audio, channel.language),
      audio: {
        url: links.enclosure(audio),
        length: audio.fileSize,
        type: audio.mimeType,
        // Whole seconds: tools read itunes:duration as [[h:]m:]s integers.
        ...(audio.duration ? { duration: Math.max(1, Math.round(audio.duration)) } : {}),
      },
      extensions,
    };
    feed.addItem(item);
  }
  return feed.rss2();
}
