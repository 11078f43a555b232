// The words of the legal and contact pages: the imprint, the terms and a decision's statement of
// reasons, in English and German (the footer's links to them are the shell's). The rules' section
// titles come from TERMS_SECTIONS in shared/src/values/moderation.ts (German: termsSections below).
import { LOG_ACTION_LABELS, REPORT_REASON_LABELS } from '@tonieshelf/shared/values/moderation';
import { REPORT_REASON_LABELS_DE, TERMS_SECTION_TITLES, TERMS_SECTION_TITLES_DE } from '@tonieshelf/shared/i18n/moderation-labels';
import { defineTexts } from '../../i18n/texts';

export const LEGAL_TEXTS = {
  // Imprint
  imprintTitle: 'Imprint',
  imprintSubtitle: 'Who runs TonieShelf and how to reach them',
  operator: 'Operator',
  address: 'Address',
  email: 'Email',
  phone: 'Phone',
  further: 'Further details',
  notConfiguredTitle: 'The operator has not filled in their details yet',
  notConfiguredText: 'This TonieShelf does not show its operator’s name and address yet. Until it does, you can reach the people running it through the contact form.',
  contactForm: 'Open the contact form',
  reportHint: 'To report content or a copyright infringement, use the',
  reportHintLink: 'report form',
  imprintLoadFailed: 'The operator’s details could not be loaded. Please try again later.',

  // Terms
  termsTitle: 'Terms of use',
  termsSubtitle: 'The rules for sharing audio, writing reviews and how moderators act on reports',
  termsContents: 'Contents',

  // A decision (statement of reasons)
  decisionTitle: 'Decision of the moderators',
  decisionNumber: (id: number) => `Decision #${id}`,
  decisionSubtitle: 'The statement of reasons: what the moderators did, why, and how to contest it',
  whatWasDone: 'What was done',
  when: 'When',
  reasonLabel: 'Reason',
  ruleLabel: 'Rule of the terms',
  statementLabel: 'Statement of the moderators',
  suspendedUntilLabel: 'Suspended until',
  suspendedForGood: 'For good',
  decisionNotFound: 'This decision does not exist, or it does not concern you.',
  decisionLoadFailed: 'The decision could not be loaded. Please try again later.',
  contestTitle: 'Contest this decision',
  contestIntro: 'Think the decision is wrong? Tell the moderators why. You can contest a decision once; a moderator looks at it again and tells you the outcome by email.',
  contestLabel: 'Why is the decision wrong?',
  contestSubmit: 'Contest this decision',
  yourContest: 'Your contest',
  contestOpen: 'A moderator will look at the decision again. We will email you the outcome.',
  contestUpheld: 'A moderator looked at it again and kept the decision.',
  contestReversed: 'A moderator looked at it again and reversed the decision.',
  contestFailed: 'Your contest could not be sent. Please try again in a moment.',
  notContestableHint: 'Decisions that restore content or lift a suspension cannot be contested.',
  contestStatusOpen: 'Open',
  contestStatusUpheld: 'Decision kept',
  contestStatusReversed: 'Decision reversed',
  quoted: (label: string) => `“${label}”`,
  loading: 'Loading',
} as const;

export const TARGET_TYPE_LABELS = {
  audio: 'the audio file',
  review: 'the review',
  user: 'the account',
  tag: 'the tag',
  report: 'the report',
  set: 'the set',
} as const;

const EN = {
  ...LEGAL_TEXTS,
  targetTypes: TARGET_TYPE_LABELS,
  termsSections: TERMS_SECTION_TITLES,
  logActions: LOG_ACTION_LABELS,
  reportReasons: REPORT_REASON_LABELS,
};

export const useLegalTexts = defineTexts('legal', EN, {
  imprintTitle: 'Impressum',
  imprintSubtitle: 'Wer TonieShelf betreibt und wie du die Betreiber erreichst',
  operator: 'Betreiber',
  address: 'Anschrift',
  email: 'E-Mail',
  phone: 'Telefon',
  further: 'Weitere Angaben',
  notConfiguredTitle: 'Die Betreiber haben ihre Angaben noch nicht eingetragen',
  notConfiguredText: 'Dieses TonieShelf zeigt Namen und Anschrift seiner Betreiber noch nicht an. Bis dahin erreichst du die Menschen dahinter über das Kontaktformular.',
  contactForm: 'Kontaktformular öffnen',
  reportHint: 'Um Inhalte oder eine Urheberrechtsverletzung zu melden, nutze das',
  reportHintLink: 'Meldeformular',
  imprintLoadFailed: 'Die Angaben der Betreiber konnten nicht geladen werden. Bitte versuch es später noch einmal.',

  termsTitle: 'Nutzungsbedingungen',
  termsSubtitle: 'Die Regeln für geteilte Audios und Bewertungen – und wie die Moderation mit Meldungen umgeht',
  termsContents: 'Inhalt',

  decisionTitle: 'Entscheidung der Moderation',
  decisionNumber: (id: number) => `Entscheidung Nr. ${id}`,
  decisionSubtitle: 'Die Begründung: was die Moderation getan hat, warum, und wie du widersprechen kannst',
  whatWasDone: 'Was getan wurde',
  when: 'Wann',
  reasonLabel: 'Grund',
  ruleLabel: 'Regel der Nutzungsbedingungen',
  statementLabel: 'Begründung der Moderation',
  suspendedUntilLabel: 'Gesperrt bis',
  suspendedForGood: 'Dauerhaft',
  decisionNotFound: 'Diese Entscheidung gibt es nicht, oder sie betrifft dich nicht.',
  decisionLoadFailed: 'Die Entscheidung konnte nicht geladen werden. Bitte versuch es später noch einmal.',
  contestTitle: 'Dieser Entscheidung widersprechen',
  contestIntro:
    'Du hältst die Entscheidung für falsch? Erklär der Moderation, warum. Du kannst einer Entscheidung einmal widersprechen; jemand aus der Moderation sieht sie sich noch einmal an und schreibt dir das Ergebnis per E-Mail.',
  contestLabel: 'Warum ist die Entscheidung falsch?',
  contestSubmit: 'Widerspruch senden',
  yourContest: 'Dein Widerspruch',
  contestOpen: 'Jemand aus der Moderation sieht sich die Entscheidung noch einmal an. Das Ergebnis bekommst du per E-Mail.',
  contestUpheld: 'Die Moderation hat die Entscheidung noch einmal geprüft und bleibt dabei.',
  contestReversed: 'Die Moderation hat die Entscheidung noch einmal geprüft und sie aufgehoben.',
  contestFailed: 'Dein Widerspruch konnte nicht gesendet werden. Bitte versuch es gleich noch einmal.',
  notContestableHint: 'Entscheidungen, die Inhalte wiederherstellen oder eine Sperre aufheben, können nicht angefochten werden.',
  contestStatusOpen: 'Offen',
  contestStatusUpheld: 'Entscheidung bleibt',
  contestStatusReversed: 'Entscheidung aufgehoben',
  quoted: (label: string) => `„${label}“`,
  loading: 'Wird geladen',

  targetTypes: {
    audio: 'die Audiodatei',
    review: 'die Bewertung',
    user: 'das Konto',
    tag: 'der Tag',
    report: 'die Meldung',
    set: 'die Playlist',
  },
  termsSections: TERMS_SECTION_TITLES_DE,
  logActions: {
    dismiss: 'Meldungen abgewiesen:',
    hide: 'Ausgeblendet:',
    restore: 'Wiederhergestellt:',
    delete: 'Gelöscht:',
    suspend: 'Gesperrt:',
    unsuspend: 'Sperre aufgehoben:',
    grant_role: 'Rolle vergeben:',
    revoke_role: 'Rolle entzogen:',
    approve_tag: 'Tag freigegeben:',
    contest: 'Widerspruch eingelegt:',
    uphold: 'Entscheidung bestätigt:',
  },
  reportReasons: REPORT_REASON_LABELS_DE,
});
