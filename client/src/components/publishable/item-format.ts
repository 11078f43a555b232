// Small display rules of audio files and sets (SPEC §2, §9).
import { CARD_VISIBLE_TAGS } from '@tonieshelf/shared/values/common';
import { PUBLISHABLE_TEXTS } from './publishable-texts';

/** The 8 pastel card colours (SPEC §9), chosen by id modulo 8. */
export const PASTEL_COLOURS = ['#FDE2E4', '#E2ECE9', '#DFE7FD', '#FFF1C1', '#E8DFF5', '#D7F2E3', '#FCE1C8', '#D4EEF7'] as const;
/** The same hues for the dark scheme. */
export const PASTEL_COLOURS_DARK = ['#4a2f33', '#2c3a36', '#2c3550', '#4a4026', '#3a3049', '#25402f', '#4a3624', '#23404b'] as const;

export function pastelIndex(id: number): number {
  return ((Math.trunc(id) % 8) + 8) % 8;
}

/** Author: first and last name if both exist, else the username, else 'Anonymous' (or `anonymous`, in the interface language). */
export function authorName(
  profile: { firstName?: string | null; lastName?: string | null; username?: string | null } | null | undefined,
  anonymous: string = PUBLISHABLE_TEXTS.anonymous,
): string {
  const first = profile?.firstName?.trim();
  const last = profile?.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  const username = profile?.username?.trim();
  if (username) return username;
  return anonymous;
}

/** The first 3 tags and how many more there are ('+n'). */
export function splitItemTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CARD_VISIBLE_TAGS), more: Math.max(0, tags.length - CARD_VISIBLE_TAGS) };
}

/** A like count after a toggle: +1 when liked, -1 when unliked, never below 0. */
export function nextLikeCount(count: number, liked: boolean): number {
  return Math.max(0, count + (liked ? 1 : -1));
}
