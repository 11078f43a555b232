// Catalogue tags in groups for the filter (issue 12: 991 tags in one flat list). The importer
// makes three kinds of tags (clean.ts): the series' name (seriesTag), 'Ages N+'
// (ageTag) and the language's English name (languageName); approved review tags are topics;
// anything else (the demo's themes, hand-made tags) is 'other'. The same functions that made
// the tags recognise them, from the series and languages the catalogue holds now, so no column
// needs to remember a tag's kind.
import { TAG_GROUP_KINDS, type TagGroupKind } from '@tonieshelf/shared/values/tag';
import type { TagGroups } from '@tonieshelf/shared/schemas/tag';
import { languageName, seriesTag } from './clean';

const AGE_TAG = /^Ages \d{1,2}\+$/;

interface TagCount {
  name: string;
  origin: 'catalogue' | 'review';
  count: number;
}

/** The kind of one tag, given the (lower-cased) series and language tag names of the catalogue. */
function tagKind(tag: Pick<TagCount, 'name' | 'origin'>, seriesTags: ReadonlySet<string>, languageTags: ReadonlySet<string>): TagGroupKind {
  const key = tag.name.toLowerCase();
  if (AGE_TAG.test(tag.name)) return 'age';
  if (languageTags.has(key)) return 'language';
  if (seriesTags.has(key)) return 'series';
  if (tag.origin === 'review') return 'topic';
  return 'other';
}

/** Groups tags by kind (in TAG_GROUP_KINDS order, empty groups left out), most Tonies first in a group. */
export function groupTags(tags: readonly TagCount[], series: readonly string[], languages: readonly string[]): TagGroups {
  const seriesTags = new Set(series.map((s) => seriesTag(s)?.toLowerCase()).filter((s): s is string => Boolean(s)));
  const languageTags = new Set(languages.map((l) => languageName(l)?.toLowerCase()).filter((s): s is string => Boolean(s)));
  const byKind = new Map<TagGroupKind, { name: string; count: number }[]>();
  for (const tag of tags) {
    const kind = tagKind(tag, seriesTags, languageTags);
    const list = byKind.get(kind) ?? [];
    list.push({ name: tag.name, count: tag.count });
    byKind.set(kind, list);
  }
  return {
    groups: TAG_GROUP_KINDS.filter((kind) => byKind.has(kind)).map((kind) => ({
      kind,
      tags: byKind.get(kind)!.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    })),
  };
}
