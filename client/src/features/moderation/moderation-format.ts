// Small formatters of the moderators' screens: dates with the time, suspensions, terms sections.
import { TERMS_SECTIONS } from '@tonieshelf/shared/schemas/moderation';

/** '11/1/2026, 10:00 AM' (US English, the viewer's time zone unless given). */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
}

/** A suspension that never ends is stored as 9999-12-31. */
export function isForGood(until: string | null | undefined): boolean {
  if (!until) return false;
  const date = new Date(until);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 9999;
}

/** Whether a suspension is in force now. */
export function isSuspendedNow(until: string | null | undefined, now: Date = new Date()): boolean {
  if (!until) return false;
  const date = new Date(until);
  return !Number.isNaN(date.getTime()) && date.getTime() > now.getTime();
}

/** 'Suspended until 11/8/2026, 10:00 AM' or 'Suspended for good'. */
export function suspensionText(until: string, timeZone?: string): string {
  return isForGood(until) ? 'Suspended for good' : `Suspended until ${formatDateTime(until, timeZone)}`;
}

/** '§2 Copyright and licences' for 'copyright'; an unknown id as it is. */
export function ruleLabel(rule: string | null | undefined): string {
  if (!rule) return '';
  const index = TERMS_SECTIONS.findIndex((s) => s.id === rule);
  return index < 0 ? rule : `§${index + 1} ${TERMS_SECTIONS[index].title}`;
}
