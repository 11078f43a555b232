// Small formatters of the moderators' screens: dates with the time, suspensions, terms sections,
// in the interface language (useModerationFormat in components).
import { useMemo } from 'react';
import { INTL_LOCALES, type Language } from '@tonieshelf/shared/languages';
import { TERMS_SECTIONS } from '@tonieshelf/shared/values/moderation';
import { useLanguage } from '../../i18n/use-language';
import { useModerationTexts } from './moderation-texts';

/** '11/1/2026, 10:00 AM' (US English) or '1.11.26, 10:00' (German), the viewer's time zone unless given. */
export function formatDateTime(value: string | null | undefined, timeZone?: string, language: Language = 'en'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
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

/** 'Suspended until 11/8/2026, 10:00 AM' or 'Suspended for good' (German: 'Gesperrt bis …'). */
export function suspensionText(until: string, timeZone?: string, language: Language = 'en'): string {
  const texts = useModerationTexts.get(language);
  return isForGood(until) ? texts.suspendedForGood : texts.suspendedUntil(formatDateTime(until, timeZone, language));
}

/** '§2 Copyright and licences' for 'copyright' (German: '§2 Urheberrecht und Lizenzen'); an unknown id as it is. */
export function ruleLabel(rule: string | null | undefined, language: Language = 'en'): string {
  if (!rule) return '';
  const index = TERMS_SECTIONS.findIndex((s) => s.id === rule);
  if (index < 0) return rule;
  const texts = useModerationTexts.get(language);
  return texts.ruleOption(index + 1, texts.termsSections[TERMS_SECTIONS[index].id]);
}

/** The formatters above in the interface language. */
export function useModerationFormat() {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      dateTime: (value: string | null | undefined) => formatDateTime(value, undefined, language),
      suspension: (until: string) => suspensionText(until, undefined, language),
      rule: (rule: string | null | undefined) => ruleLabel(rule, language),
    }),
    [language],
  );
}
