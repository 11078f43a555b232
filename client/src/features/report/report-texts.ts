// The words of reporting content and of the contact form. The server's answers and the shared
// rules' messages (MODERATION_MESSAGES) come from shared/src/schemas/moderation.ts.
import { MODERATION_MESSAGES } from '@tonieshelf/shared/schemas/moderation';
import type { ContactKind } from '@tonieshelf/shared/schemas/moderation';

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
} as const;

/** The on-screen confirmation: 'Thank you. We received your report. Your reference number is TS-….' */
export function receivedMessage(kind: ContactKind, reference: string): string {
  const template = kind === 'report' ? MODERATION_MESSAGES.reportReceived : MODERATION_MESSAGES.messageReceived;
  return template.replace('{reference}', reference);
}
