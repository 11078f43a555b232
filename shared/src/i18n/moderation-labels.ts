// Names of the report reasons and the terms' sections in German, beside the English ones of
// shared/src/values/moderation.ts: one list for the screens (moderation, decisions, reporting)
// and the mails that cite them.
import { TERMS_SECTIONS, type ReportReason, type TermsSectionId } from '../values/moderation';

/** The English section titles by id (TERMS_SECTIONS as a record). */
export const TERMS_SECTION_TITLES = Object.fromEntries(TERMS_SECTIONS.map((s) => [s.id, s.title])) as Record<TermsSectionId, string>;

export const REPORT_REASON_LABELS_DE: Record<ReportReason, string> = {
  copyright: 'Urheberrechtsverletzung',
  illegal: 'Rechtswidriger Inhalt',
  harmful_to_children: 'Schädlich für Kinder',
  spam: 'Spam',
  personal_data: 'Persönliche Daten',
  other: 'Sonstiges',
};

export const TERMS_SECTION_TITLES_DE: Record<TermsSectionId, string> = {
  sharing: 'Was du teilen darfst',
  copyright: 'Urheberrecht und Lizenzen',
  illegal: 'Rechtswidrige Inhalte',
  children: 'Inhalte für Kinder',
  spam: 'Spam und Missbrauch',
  privacy: 'Persönliche Daten anderer',
  conduct: 'Bewertungen und Umgangston',
  moderation: 'Meldungen und Moderation',
  contest: 'Einer Entscheidung widersprechen',
  accounts: 'Sperren von Konten',
};
