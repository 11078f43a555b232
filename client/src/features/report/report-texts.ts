// The words of reporting content and of the contact form. The server's answers and the shared
// rules' messages (MODERATION_MESSAGES) come from shared/src/values/moderation.ts; the reasons'
// and kinds' names in the interface language from useModerationTexts. German: useReportTexts.
import { message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';
import { REPORT_REASON_LABELS_DE } from '@tonieshelf/shared/i18n/moderation-labels';
import { CONTACT_KIND_LABELS, MODERATION_MESSAGES, REPORT_REASON_LABELS, type ContactKind, type ReportTargetType } from '@tonieshelf/shared/values/moderation';
import { currentLanguage } from '../../i18n/i18n';
import { defineTexts } from '../../i18n/texts';

export const REPORT_TEXTS = {
  // The page
  pageTitle: 'Report content or contact us',
  pageSubtitle: 'Tell us about content that breaks the rules or the law, a bug, or what you think. No account needed.',
  kindLabel: 'What is it about?',

  // The dialog
  dialogTitle: {
    audio: 'Report this audio file',
    review: 'Report this review',
    user: 'Report this user',
    set: 'Report this set',
  },
  reporting: 'You are reporting',

  // Fields
  reason: 'Reason',
  reasonPlaceholder: 'Choose a reason',
  contentUrl: 'Address of the content',
  contentUrlHint: 'Copy the address from your browser, e.g. https://… or /audio/discover?audio=12',
  contentUrlFilled: 'Filled in for you',
  bugUrl: 'Page where it happened (optional)',
  explanation: {
    report: 'What is wrong with it?',
    bug: 'What happened?',
    feedback: 'Your message',
  } satisfies Record<ContactKind, string>,
  explanationHint: {
    report: 'Explain why it breaks the law or our rules. For copyright: which work of yours it uses and how you hold the rights.',
    bug: 'What did you do, what did you expect, and what happened instead?',
    feedback: 'Ideas, wishes, or something you love.',
  } satisfies Record<ContactKind, string>,
  name: 'Your name',
  email: 'Your email',
  emailHint: 'We send the confirmation and the outcome here.',
  signedInAs: (username: string, email: string) => `Sent as ${username} (${email}). We send the confirmation and the outcome to this address.`,
  goodFaith: 'I believe the information in this report is accurate and complete, and I make it in good faith.',
  submit: { report: 'Send report', bug: 'Send bug report', feedback: 'Send feedback' } satisfies Record<ContactKind, string>,
  cancel: 'Cancel',
  privacyNote: 'The person whose content you report is not told who you are.',

  // After sending
  receivedTitle: { report: 'Report received', bug: 'Bug report received', feedback: 'Feedback received' } satisfies Record<ContactKind, string>,
  emailedConfirmation: 'We also emailed you a confirmation.',
  emailedConfirmationTo: (email: string) => `We also emailed you a confirmation to ${email}.`,
  whatNext: 'A moderator looks at every report. If we act on it, or decide not to, we tell you by email with your reference number.',
  close: 'Close',
  sendAnother: 'Send another message',

  // Client-side rules (the server checks the same)
  contentUrlRequired: 'Please give the address of the content you report',
  sendFailed: 'Your report could not be sent. Please try again in a moment.',

  // Around the form
  reportButton: 'Report',
  reviewBy: (name: string) => `Review by ${name}`,
  targetLabels: {
    audio: (id: string) => `Audio file #${id}`,
    review: (id: string) => `Review #${id}`,
    user: (_id: string) => 'A user',
    set: (id: string) => `Set #${id}`,
  } satisfies Record<ReportTargetType, (id: string) => string>,
  reference: 'Reference',
  emailPlaceholder: 'you@example.com',
  handlingNote: 'How we handle reports and what happens next is in our',
  termsLink: 'terms of use',
  whoRuns: 'Who runs TonieShelf:',
  imprintLink: 'imprint',
  /** The form's choices: the reasons of a report and what a message is about (the moderators' words too). */
  reasons: REPORT_REASON_LABELS,
  contactKinds: CONTACT_KIND_LABELS,
} as const;

export const useReportTexts = defineTexts('report', REPORT_TEXTS, {
  pageTitle: 'Inhalt melden oder Kontakt aufnehmen',
  pageSubtitle:
    'Sag uns Bescheid bei Inhalten, die gegen Regeln oder Gesetze verstoßen, bei einem Fehler – oder wenn du uns etwas mitteilen möchtest. Ein Konto brauchst du dafür nicht.',
  kindLabel: 'Worum geht es?',

  dialogTitle: {
    audio: 'Diese Audiodatei melden',
    review: 'Diese Rezension melden',
    user: 'Diesen Nutzer melden',
    set: 'Diese Playlist melden',
  },
  reporting: 'Du meldest',

  reason: 'Grund',
  reasonPlaceholder: 'Grund auswählen',
  contentUrl: 'Adresse des Inhalts',
  contentUrlHint: 'Kopier die Adresse aus deinem Browser, z. B. https://… oder /audio/discover?audio=12',
  contentUrlFilled: 'Schon für dich ausgefüllt',
  bugUrl: 'Seite, auf der es passiert ist (optional)',
  explanation: {
    report: 'Was stimmt damit nicht?',
    bug: 'Was ist passiert?',
    feedback: 'Deine Nachricht',
  },
  explanationHint: {
    report: 'Erklär, warum der Inhalt gegen Gesetze oder unsere Regeln verstößt. Bei Urheberrecht: Welches deiner Werke wird genutzt, und woher hast du die Rechte daran?',
    bug: 'Was hast du gemacht, was hast du erwartet, und was ist stattdessen passiert?',
    feedback: 'Ideen, Wünsche oder etwas, das dir gefällt.',
  },
  name: 'Dein Name',
  email: 'Deine E-Mail-Adresse',
  emailHint: 'Hierhin schicken wir die Bestätigung und das Ergebnis.',
  signedInAs: (username: string, email: string) => `Gesendet als ${username} (${email}). Die Bestätigung und das Ergebnis schicken wir an diese Adresse.`,
  goodFaith: 'Ich versichere, dass die Angaben in dieser Meldung richtig und vollständig sind, und melde in gutem Glauben.',
  submit: { report: 'Meldung senden', bug: 'Fehler melden', feedback: 'Feedback senden' },
  cancel: 'Abbrechen',
  privacyNote: 'Die Person, deren Inhalt du meldest, erfährt nicht, wer du bist.',

  receivedTitle: { report: 'Meldung eingegangen', bug: 'Fehlermeldung eingegangen', feedback: 'Feedback eingegangen' },
  emailedConfirmation: 'Wir haben dir außerdem eine Bestätigung per E-Mail geschickt.',
  emailedConfirmationTo: (email: string) => `Wir haben dir außerdem eine Bestätigung an ${email} geschickt.`,
  whatNext: 'Jemand aus der Moderation sieht sich jede Meldung an. Ob wir etwas unternehmen oder nicht: Wir schreiben dir eine E-Mail mit deiner Vorgangsnummer.',
  close: 'Schließen',
  sendAnother: 'Weitere Nachricht senden',

  contentUrlRequired: 'Bitte gib die Adresse des Inhalts an, den du meldest',
  sendFailed: 'Deine Meldung konnte nicht gesendet werden. Bitte versuch es gleich noch einmal.',

  reportButton: 'Melden',
  reviewBy: (name: string) => `Rezension von ${name}`,
  targetLabels: {
    audio: (id: string) => `Audiodatei Nr. ${id}`,
    review: (id: string) => `Rezension Nr. ${id}`,
    user: (_id: string) => 'Ein Nutzer',
    set: (id: string) => `Playlist Nr. ${id}`,
  },
  reference: 'Vorgangsnummer',
  emailPlaceholder: 'du@beispiel.de',
  handlingNote: 'Wie wir mit Meldungen umgehen und was danach passiert, steht in unseren',
  termsLink: 'Nutzungsbedingungen',
  whoRuns: 'Wer TonieShelf betreibt, steht im',
  imprintLink: 'Impressum',
  reasons: REPORT_REASON_LABELS_DE,
  contactKinds: { report: 'Inhalt melden', bug: 'Fehler melden', feedback: 'Feedback geben' },
});

/** The on-screen confirmation: 'Thank you. We received your report. Your reference number is TS-….' */
export function receivedMessage(kind: ContactKind, reference: string, language: Language = currentLanguage()): string {
  const template = kind === 'report' ? MODERATION_MESSAGES.reportReceived : MODERATION_MESSAGES.messageReceived;
  return formatMessage(message(template, { reference }), language);
}
