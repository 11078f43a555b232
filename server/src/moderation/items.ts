// The items reports and decisions are about (audio files, reviews, sets, users): finding them whatever
// their visibility, what a moderator sees of them (the preview), their labels for the log and
// where they are seen in the app.
//
// Addresses filled in for a report when the reporter gives none (and shown in the queue):
//   audio file  /audio/discover?audio=<id>
//   review      /catalog?tonieId=<tonieId>&review=<id>
//   set         /sets/<id>
//   user        /users/<id>   (no page of its own yet: the address names the account)
import { storedFileUrl } from '@tonieshelf/shared/values/audio';
import { REPORT_TARGET_LABELS, type ReportTargetType } from '@tonieshelf/shared/values/moderation';
import type { ItemPreview } from '@tonieshelf/shared/schemas/moderation';
import { setPath } from '@tonieshelf/shared/values/set';
import { isVisibleAudio } from '../audio/service';
import type { Db } from '../db/types';
import * as repo from '../repositories/moderation';
import { isVisibleSet } from '../sets/service';

export type ItemType = ReportTargetType;

const INT_MAX = 2_147_483_647;

/** An audio file's, review's or set's id from text ('12'), or null when it cannot be one. */
export function numericId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 && n <= INT_MAX ? n : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** The first words of a text, at most `max` characters, with an ellipsis when cut. */
function firstWords(text: string | null, max = 60): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function audioLabel(a: Pick<repo.AudioItem, 'title'>): string {
  return a.title.slice(0, 300);
}

/** A set by its title, as an audio file (the queue and the decision page show the kind beside it). */
function setLabel(s: Pick<repo.SetItem, 'title'>): string {
  return s.title.slice(0, 300);
}

function reviewLabel(r: Pick<repo.ReviewItem, 'tonie_name' | 'review' | 'rating'>): string {
  const words = firstWords(r.review, 80);
  return `Review of ${r.tonie_name}: ${words || `${r.rating} stars`}`.slice(0, 300);
}

function itemUrl(type: ItemType, id: string, tonieId?: number): string {
  if (type === 'audio') return `/audio/discover?audio=${id}`;
  if (type === 'review') return tonieId !== undefined ? `/catalog?tonieId=${tonieId}&review=${id}` : '/catalog';
  if (type === 'set') return setPath(Number(id));
  return `/users/${id}`;
}

/** An item as the moderation services handle it. */
export type Item =
  | { type: 'audio'; id: string; row: repo.AudioItem }
  | { type: 'review'; id: string; row: repo.ReviewItem }
  | { type: 'set'; id: string; row: repo.SetItem }
  | { type: 'user'; id: string; row: repo.UserItem };

/** Finds one item whatever its visibility (locked for update when `lock`); undefined when it does not exist. */
export async function findItem(db: Db, type: ItemType, id: string, lock = false): Promise<Item | undefined> {
  if (type === 'user') {
    if (!isUuid(id)) return undefined;
    const [row] = await repo.findUserItems(db, [id.toLowerCase()], lock);
    return row ? { type, id: row.id, row } : undefined;
  }
  const n = numericId(id);
  if (n === null) return undefined;
  if (type === 'audio') {
    const [row] = await repo.findAudioItems(db, [n], lock);
    return row ? { type, id: String(n), row } : undefined;
  }
  if (type === 'set') {
    const [row] = await repo.findSetItems(db, [n], lock);
    return row ? { type, id: String(n), row } : undefined;
  }
  const [row] = await repo.findReviewItems(db, [n], lock);
  return row ? { type, id: String(n), row } : undefined;
}

/** The user whose content (or account) the item is; null for a review kept as Anonymous. */
export function ownerOf(item: Item): string | null {
  return item.type === 'user' ? item.row.id : item.row.user_id;
}

export function labelOf(item: Item): string {
  if (item.type === 'audio') return audioLabel(item.row);
  if (item.type === 'review') return reviewLabel(item.row);
  if (item.type === 'set') return setLabel(item.row);
  return item.row.username;
}

export function urlOf(item: Item): string {
  return itemUrl(item.type, item.id, item.type === 'review' ? item.row.tonie_id : undefined);
}

/** Whether others can see the item now (each kind's visibility rule). */
export function isVisible(item: Item): boolean {
  if (item.type === 'user') return true;
  if (item.type === 'audio') return isVisibleAudio(item.row);
  if (item.type === 'set') return isVisibleSet(item.row);
  return item.row.hidden_at === null && !item.row.owner_suspended;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function preview(item: Item): ItemPreview {
  if (item.type === 'audio') {
    const a = item.row;
    return {
      targetType: 'audio',
      targetId: item.id,
      exists: true,
      label: audioLabel(a),
      excerpt: a.description ? firstWords(a.description, 500) : null,
      url: urlOf(item),
      fileUrl: storedFileUrl(a.file_path),
      owner: { id: a.user_id, username: a.owner_username, suspendedUntil: iso(a.owner_suspended_until) },
      hidden: a.hidden_at !== null,
    };
  }
  if (item.type === 'set') {
    const s = item.row;
    const chapters = `${s.chapter_count} ${s.chapter_count === 1 ? 'chapter' : 'chapters'}`;
    return {
      targetType: 'set',
      targetId: item.id,
      exists: true,
      label: setLabel(s),
      excerpt: s.description ? `${chapters}. ${firstWords(s.description, 500)}` : chapters,
      url: urlOf(item),
      fileUrl: null,
      owner: { id: s.user_id, username: s.owner_username, suspendedUntil: iso(s.owner_suspended_until) },
      hidden: s.hidden_at !== null,
    };
  }
  if (item.type === 'review') {
    const r = item.row;
    return {
      targetType: 'review',
      targetId: item.id,
      exists: true,
      label: reviewLabel(r),
      excerpt: r.review ? firstWords(r.review, 500) : `${r.rating} stars, no text`,
      url: urlOf(item),
      fileUrl: null,
      owner: r.user_id && r.owner_username ? { id: r.user_id, username: r.owner_username, suspendedUntil: iso(r.owner_suspended_until) } : null,
      hidden: r.hidden_at !== null,
    };
  }
  const u = item.row;
  return {
    targetType: 'user',
    targetId: item.id,
    exists: true,
    label: u.username,
    excerpt: null,
    url: null,
    fileUrl: null,
    owner: { id: u.id, username: u.username, suspendedUntil: iso(u.suspended_until) },
    hidden: false,
  };
}

/** Previews of several items ('audio:12' keys), in one query per type; a missing one shows as gone (under its last name in the log: one query for all of them). */
export async function previews(db: Db, refs: readonly { type: ItemType; id: string }[]): Promise<Map<string, ItemPreview>> {
  const audioIds = refs
    .filter((r) => r.type === 'audio')
    .map((r) => numericId(r.id))
    .filter((n): n is number => n !== null);
  const reviewIds = refs
    .filter((r) => r.type === 'review')
    .map((r) => numericId(r.id))
    .filter((n): n is number => n !== null);
  const setIds = refs
    .filter((r) => r.type === 'set')
    .map((r) => numericId(r.id))
    .filter((n): n is number => n !== null);
  const userIds = refs.filter((r) => r.type === 'user' && isUuid(r.id)).map((r) => r.id.toLowerCase());
  const [audio, reviews, setRows, users] = await Promise.all([
    repo.findAudioItems(db, audioIds),
    repo.findReviewItems(db, reviewIds),
    repo.findSetItems(db, setIds),
    repo.findUserItems(db, userIds),
  ]);
  const found = new Map<string, Item>();
  for (const row of audio) found.set(`audio:${row.id}`, { type: 'audio', id: String(row.id), row });
  for (const row of reviews) found.set(`review:${row.id}`, { type: 'review', id: String(row.id), row });
  for (const row of setRows) found.set(`set:${row.id}`, { type: 'set', id: String(row.id), row });
  for (const row of users) found.set(`user:${row.id}`, { type: 'user', id: row.id, row });
  const gone = refs.filter((ref) => !found.has(`${ref.type}:${ref.id}`));
  const lastLabels = await repo.lastLabelsOf(db, gone);
  const out = new Map<string, ItemPreview>();
  for (const ref of refs) {
    const key = `${ref.type}:${ref.id}`;
    if (out.has(key)) continue;
    const item = found.get(key);
    if (item) {
      out.set(key, preview(item));
      continue;
    }
    out.set(key, {
      targetType: ref.type,
      targetId: ref.id,
      exists: false,
      label: lastLabels.get(key) ?? `${REPORT_TARGET_LABELS[ref.type]} ${ref.id} (deleted)`,
      excerpt: null,
      url: null,
      fileUrl: null,
      owner: null,
      hidden: false,
    });
  }
  return out;
}
