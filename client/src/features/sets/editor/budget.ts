// The Creative-Tonie budget as the editor counts it (at most 99 chapters and 90 minutes), the
// warning it gives before adding (the server's words), and the titles of uploaded files (their
// order is compareFileNames of shared/src/values/set.ts).
import { AUDIO_TITLE_MAX, TITLE_MIN_LENGTH } from '@tonieshelf/shared/values/audio';
import { CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS } from '@tonieshelf/shared/values/common';
import { overBudgetMessage, SET_MESSAGES } from '@tonieshelf/shared/values/set';
import type { Message } from '@tonieshelf/shared/i18n/message-key';

export interface Budget {
  chapters: number;
  /** Seconds. */
  seconds: number;
  /** Seconds left of 90 minutes (negative when over). */
  remaining: number;
  /** 0..100+ : share of 90 minutes used. */
  percent: number;
  overChapters: boolean;
  overTime: boolean;
  over: boolean;
  /** Chapters moderators hid: counted here (they keep their place until removed), nowhere else. */
  hidden: number;
}

/**
 * The budget of a list of chapters, as the server checks adds and publishing: every chapter the
 * set holds, hidden ones too (unknown durations count as 0, as the server refuses them anyway).
 */
export function budgetOf(chapters: readonly { duration: number | null; hiddenByModerators?: boolean }[]): Budget {
  const seconds = chapters.reduce((sum, c) => sum + (c.duration ?? 0), 0);
  const overChapters = chapters.length > CREATIVE_TONIE_MAX_CHAPTERS;
  const overTime = seconds > CREATIVE_TONIE_MAX_SECONDS;
  return {
    chapters: chapters.length,
    seconds,
    remaining: CREATIVE_TONIE_MAX_SECONDS - seconds,
    percent: (seconds / CREATIVE_TONIE_MAX_SECONDS) * 100,
    overChapters,
    overTime,
    over: overChapters || overTime,
    hidden: chapters.filter((c) => c.hiddenByModerators).length,
  };
}

/**
 * Why adding a file of `duration` seconds to a set at `budget` would be refused: the server's
 * message (show it with localMessage), or null when it fits.
 */
export function addRefusal(budget: Pick<Budget, 'chapters' | 'seconds'>, duration: number | null): Message | null {
  if (duration === null) return SET_MESSAGES.unknownDuration;
  if (budget.chapters + 1 > CREATIVE_TONIE_MAX_CHAPTERS) return SET_MESSAGES.tooManyChapters;
  if (budget.seconds + duration > CREATIVE_TONIE_MAX_SECONDS) return overBudgetMessage(budget.seconds, duration);
  return null;
}

/**
 * An audio file's title from its file name: the name without its extension, blanks folded; a
 * name shorter than a title may be is given a prefix (`short('01')` -> 'Chapter 01').
 */
export function titleFromFileName(fileName: string, short: (name: string) => string): string {
  const stem = fileName
    .replace(/\.[^./\\]{1,8}$/, '')
    .replace(/[_\s]+/g, ' ')
    .trim();
  const title = stem.length >= TITLE_MIN_LENGTH ? stem : short(stem || fileName).trim();
  return title.slice(0, AUDIO_TITLE_MAX);
}

/** The chapters' audio ids with `id` moved by `delta` places (unchanged at the ends). */
export function moveBy(ids: readonly number[], id: number, delta: number): number[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  return moveTo(ids, from, to);
}

/** A copy with the item at `from` moved to `to`. */
export function moveTo<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
