// The product's emails, in the recipient's language (English, the default, or German): each one a
// plain-text body and an HTML body saying the same, with the same links. Links are absolute on the
// public origin (siteLink); everything interpolated into HTML is escaped. Who gets which language:
// an account's mails follow users.locale; a report's sender without an account gets the language
// of the request that sent it (kept with the report for the outcome mail).
import escapeHtml from 'escape-html';
import { isSitePath, PRODUCT_NAME } from '@tonieshelf/shared/values/common';
import { RESET_LINK_TTL_MINUTES, VERIFY_LINK_TTL_HOURS } from '@tonieshelf/shared/values/account';
import { REPORT_REASON_LABELS, TERMS_SECTIONS, type ReportReason } from '@tonieshelf/shared/values/moderation';
import { formatterFor } from '@tonieshelf/shared/i18n/message-format';
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import { REPORT_REASON_LABELS_DE, TERMS_SECTION_TITLES_DE } from '@tonieshelf/shared/i18n/moderation-labels';
import type { AppConfig } from '../config';
import type { MailMessage } from './mailer';

/** An absolute link into the app: on PUBLIC_ORIGIN, or http://localhost:<PORT> when it is unset. */
export function siteLink(config: Pick<AppConfig, 'publicOrigin' | 'port'>, path: string, params: Record<string, string> = {}): string {
  // A path only: '//host/...', '/\\host/...' or 'https://...' would lead off the site.
  if (!isSitePath(path)) throw new Error(`siteLink: not a path on the site: ${path}`);
  const url = new URL(path, config.publicOrigin ?? `http://localhost:${config.port}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** Who a mail goes to and the link it carries. */
interface LinkMailInput {
  to: string;
  username: string;
  /** Greets by it when the account has one (else by the username). */
  firstName?: string | null;
  link: string;
  /** The recipient's language; English when not given. */
  language?: Language;
}

interface NoticeMailInput {
  to: string;
  username: string;
  firstName?: string | null;
  language?: Language;
}

/** A paragraph, or a link shown as a button (HTML) or on a line of its own (text). */
type Block = string | { label: string; href: string };

const hours = (n: number): string => (n === 1 ? '1 hour' : `${n} hours`);
const minutes = (n: number): string => (n % 60 === 0 ? hours(n / 60) : n === 1 ? '1 minute' : `${n} minutes`);
const stunden = (n: number): string => (n === 1 ? '1 Stunde' : `${n} Stunden`);
const minuten = (n: number): string => (n % 60 === 0 ? stunden(n / 60) : n === 1 ? '1 Minute' : `${n} Minuten`);

/** What frames every mail: the greeting, the sign-off, the words under a button. */
const FRAME: Record<Language, { hello: (name: string | null) => string; team: string; buttonFallback: string }> = {
  en: { hello: (name) => `Hello ${name ?? 'there'},`, team: `The ${PRODUCT_NAME} team`, buttonFallback: 'If the button does not work, open this link:' },
  de: { hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'), team: `Dein ${PRODUCT_NAME}-Team`, buttonFallback: 'Falls der Button nicht funktioniert, öffne diesen Link:' },
};

/** Whom a mail to an account greets: the first name it was registered with, else the username. */
function greetingName(username: string, firstName: string | null | undefined): string {
  return firstName?.trim() || username;
}

/** A report reason's name in `language` ('Copyright infringement', 'Urheberrechtsverletzung'). */
export function reasonLabelIn(reason: ReportReason, language: Language): string {
  return language === 'de' ? REPORT_REASON_LABELS_DE[reason] : REPORT_REASON_LABELS[reason];
}

/** A section of the terms by its title in `language`; an unknown id as it is. */
export function ruleTitleIn(rule: string | null, language: Language): string {
  const section = TERMS_SECTIONS.find((s) => s.id === rule);
  if (!section) return rule ?? '';
  return language === 'de' ? TERMS_SECTION_TITLES_DE[section.id] : section.title;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function textBody(username: string | null, blocks: Block[], language: Language): string {
  const frame = FRAME[language];
  const parts = blocks.map((b) => (typeof b === 'string' ? b : `${b.label}:\n${b.href}`));
  return [frame.hello(username), ...parts, frame.team].join('\n\n') + '\n';
}

function htmlBody(subject: string, username: string | null, blocks: Block[], language: Language): string {
  const frame = FRAME[language];
  const parts = blocks.map((b) => {
    if (typeof b === 'string') return `<p style="margin:0 0 16px">${escapeHtml(b)}</p>`;
    const href = escapeHtml(b.href);
    return (
      `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:10px 18px;border-radius:6px;` +
      `background:#d6336c;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(frame.buttonFallback)}<br>` +
      `<a href="${href}" style="color:#d6336c;word-break:break-all">${href}</a></p>`
    );
  });
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f6f6f6;${FONT};font-size:15px;line-height:1.5;color:#222222">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#d6336c">${escapeHtml(PRODUCT_NAME)}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(frame.hello(username))}</p>`,
    ...parts,
    `<p style="margin:0">${escapeHtml(frame.team)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function compose(to: string, subject: string, username: string | null, blocks: Block[], language: Language = DEFAULT_LANGUAGE): MailMessage {
  return { to, subject, text: textBody(username, blocks, language), html: htmlBody(subject, username, blocks, language) };
}

/** After registering: welcome, and confirm the address by opening the link. */
export function verifyAccountMail({ to, username, firstName, link, language = DEFAULT_LANGUAGE }: LinkMailInput): MailMessage {
  if (language === 'de') {
    return compose(
      to,
      `Willkommen bei ${PRODUCT_NAME}: Bitte bestätige deine E-Mail-Adresse`,
      greetingName(username, firstName),
      [
        `Willkommen bei ${PRODUCT_NAME}! Bitte bestätige, dass das deine E-Mail-Adresse ist: Öffne dazu den Link unten.`,
        { label: 'E-Mail-Adresse bestätigen', href: link },
        `Der Link ist ${stunden(VERIFY_LINK_TTL_HOURS)} lang gültig. Sobald deine Adresse bestätigt ist, kannst du Audiodateien für die Community veröffentlichen.`,
        `Falls du kein Konto bei ${PRODUCT_NAME} angelegt hast, kannst du diese E-Mail einfach ignorieren.`,
      ],
      'de',
    );
  }
  return compose(to, `Welcome to ${PRODUCT_NAME}: please confirm your email address`, greetingName(username, firstName), [
    `Welcome to ${PRODUCT_NAME}! Please confirm that this is your email address by opening the link below.`,
    { label: 'Confirm my email address', href: link },
    `The link works for ${hours(VERIFY_LINK_TTL_HOURS)}. Once your address is confirmed you can publish audio for the community.`,
    `If you did not create an account on ${PRODUCT_NAME}, you can ignore this email.`,
  ]);
}

/** After asking to change the address: sent to the new address, which becomes the account's when the link is opened. */
export function verifyNewAddressMail({ to, username, firstName, link, language = DEFAULT_LANGUAGE }: LinkMailInput): MailMessage {
  if (language === 'de') {
    return compose(
      to,
      `Bestätige deine neue E-Mail-Adresse für ${PRODUCT_NAME}`,
      greetingName(username, firstName),
      [
        `Du möchtest diese E-Mail-Adresse für dein ${PRODUCT_NAME}-Konto verwenden. Bitte bestätige sie: Öffne dazu den Link unten.`,
        { label: 'Neue E-Mail-Adresse bestätigen', href: link },
        `Der Link ist ${stunden(VERIFY_LINK_TTL_HOURS)} lang gültig. Bis du ihn öffnest, behält dein Konto die bisherige Adresse.`,
        'Falls du das nicht warst, kannst du diese E-Mail einfach ignorieren.',
      ],
      'de',
    );
  }
  return compose(to, `Confirm your new email address for ${PRODUCT_NAME}`, greetingName(username, firstName), [
    `You asked to use this email address for your ${PRODUCT_NAME} account. Please confirm it by opening the link below.`,
    { label: 'Confirm my new email address', href: link },
    `The link works for ${hours(VERIFY_LINK_TTL_HOURS)}. Until you open it, your account keeps its old address.`,
    'If you did not ask for this, you can ignore this email.',
  ]);
}

/** After the address was changed: sent to the old address, with a way back if it was not its owner. */
export function emailChangedNoticeMail({
  to,
  username,
  firstName,
  newEmail,
  resetLink,
  language = DEFAULT_LANGUAGE,
}: NoticeMailInput & { newEmail: string; resetLink: string }): MailMessage {
  if (language === 'de') {
    return compose(
      to,
      `Die E-Mail-Adresse deines ${PRODUCT_NAME}-Kontos wurde geändert`,
      greetingName(username, firstName),
      [
        `Die E-Mail-Adresse deines ${PRODUCT_NAME}-Kontos wurde in ${newEmail} geändert. E-Mails zu deinem Konto gehen ab jetzt dorthin.`,
        'Wenn du das selbst geändert hast, musst du nichts weiter tun.',
        'Falls du das nicht warst, nutzt vielleicht jemand anderes dein Konto: Setz dein Passwort jetzt über diesen Link zurück.',
        { label: 'Passwort zurücksetzen', href: resetLink },
      ],
      'de',
    );
  }
  return compose(to, `Your ${PRODUCT_NAME} email address was changed`, greetingName(username, firstName), [
    `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}. Mail for your account now goes there.`,
    'If you made this change, there is nothing more to do.',
    "If this wasn't you, someone else may be using your account: reset your password now with this link.",
    { label: 'Reset my password', href: resetLink },
  ]);
}

/** After "Forgot password": the link to choose a new one. */
export function passwordResetMail({ to, username, firstName, link, language = DEFAULT_LANGUAGE }: LinkMailInput): MailMessage {
  if (language === 'de') {
    return compose(
      to,
      `Dein ${PRODUCT_NAME}-Passwort zurücksetzen`,
      greetingName(username, firstName),
      [
        `Jemand (hoffentlich du) möchte das Passwort deines ${PRODUCT_NAME}-Kontos zurücksetzen. Öffne den Link unten, um ein neues Passwort zu wählen.`,
        { label: 'Neues Passwort wählen', href: link },
        `Der Link ist ${minuten(RESET_LINK_TTL_MINUTES)} lang und nur einmal gültig.`,
        'Falls du das nicht angefordert hast, ignoriere diese E-Mail einfach: Dein Passwort bleibt, wie es ist.',
      ],
      'de',
    );
  }
  return compose(to, `Reset your ${PRODUCT_NAME} password`, greetingName(username, firstName), [
    `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Open the link below to choose a new password.`,
    { label: 'Choose a new password', href: link },
    `The link works for ${minutes(RESET_LINK_TTL_MINUTES)} and only once.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ]);
}

/** After the password was changed (or reset). */
export function passwordChangedNoticeMail({ to, username, firstName, language = DEFAULT_LANGUAGE }: NoticeMailInput): MailMessage {
  if (language === 'de') {
    return compose(
      to,
      `Dein ${PRODUCT_NAME}-Passwort wurde geändert`,
      greetingName(username, firstName),
      [
        `Das Passwort deines ${PRODUCT_NAME}-Kontos wurde gerade geändert.`,
        'Wenn du das selbst geändert hast, musst du nichts weiter tun.',
        `Falls du das nicht warst, setz dein Passwort sofort über die Anmeldeseite von ${PRODUCT_NAME} zurück.`,
      ],
      'de',
    );
  }
  return compose(to, `Your ${PRODUCT_NAME} password was changed`, greetingName(username, firstName), [
    `The password of your ${PRODUCT_NAME} account was just changed.`,
    'If you made this change, there is nothing more to do.',
    `If this wasn't you, reset your password right away from the ${PRODUCT_NAME} sign-in page.`,
  ]);
}

/** After the account was deleted: sent to the address it had. */
export function accountDeletedMail({ to, username, firstName, language = DEFAULT_LANGUAGE }: NoticeMailInput): MailMessage {
  if (language === 'de') {
    return compose(
      to,
      `Dein ${PRODUCT_NAME}-Konto wurde gelöscht`,
      greetingName(username, firstName),
      [
        `Dein ${PRODUCT_NAME}-Konto wurde wie gewünscht gelöscht. Du kannst dich damit nicht mehr anmelden, und wir schicken dir keine weiteren E-Mails.`,
        'Mach’s gut, und danke fürs Teilen.',
      ],
      'de',
    );
  }
  return compose(to, `Your ${PRODUCT_NAME} account was deleted`, greetingName(username, firstName), [
    `Your ${PRODUCT_NAME} account was deleted as you asked. You can no longer sign in with it, and we will not send you more mail.`,
    'Goodbye, and thank you for sharing.',
  ]);
}

// ------------------------------------------------------------------------------------------------
// Reports, decisions and contests (trust and safety)
// ------------------------------------------------------------------------------------------------

/**
 * After a report or a contact-form message: the reference and what happens next. `confirmed`
 * says the address is a signed-in account's confirmed one; any other address gets the reference
 * alone (no name, text or link the sender chose), so the form cannot relay a message.
 */
export function reportReceivedMail(input: {
  to: string;
  name: string;
  confirmed: boolean;
  reference: string;
  kind: 'report' | 'bug' | 'feedback';
  /** The reason's label in the mail's language ('Copyright infringement'), for a report. */
  reasonLabel: string | null;
  /** The reported content's absolute address, when there is one. */
  contentLink: string | null;
  explanation: string;
  language?: Language;
}): MailMessage {
  const { to, confirmed, reference, kind, reasonLabel, language = DEFAULT_LANGUAGE } = input;
  const name = confirmed ? input.name : null;
  const contentLink = confirmed ? input.contentLink : null;
  const quoted = (line: string) => (confirmed ? [line] : []);
  const explanation = firstWordsOf(input.explanation, 300);
  if (language === 'de') {
    if (kind !== 'report') {
      const [subject, thanks] = kind === 'bug' ? ['deine Fehlermeldung', 'deine Fehlermeldung'] : ['dein Feedback', 'dein Feedback'];
      return compose(
        to,
        `Wir haben ${subject} erhalten (${reference})`,
        name,
        [
          `Danke für ${thanks}. Deine Vorgangsnummer ist ${reference}.`,
          ...quoted(`Du hast geschrieben: „${explanation}“`),
          'Wir lesen jede Nachricht. Wenn wir noch etwas von dir brauchen, antworten wir an diese Adresse; bitte gib dann die Vorgangsnummer an.',
        ],
        'de',
      );
    }
    return compose(
      to,
      `Wir haben deine Meldung erhalten (${reference})`,
      name,
      [
        `Danke für deine Meldung. Deine Vorgangsnummer ist ${reference}.`,
        `Was du gemeldet hast: ${reasonLabel ?? 'Sonstiges'}${contentLink ? ` — ${contentLink}` : ''}.`,
        ...quoted(`Deine Erklärung: „${explanation}“`),
        `So geht es weiter: Unsere Moderatoren sehen sich den Inhalt an und entscheiden, ob er gegen Gesetze oder unsere Nutzungsbedingungen verstößt. Sobald sie entschieden haben, schicken wir dir das Ergebnis mit dieser Vorgangsnummer. Falls du versehentlich etwas gemeldet hast, antworte auf diese E-Mail und gib ${reference} an.`,
      ],
      'de',
    );
  }
  if (kind !== 'report') {
    const what = kind === 'bug' ? 'bug report' : 'feedback';
    return compose(to, `We received your ${what} (${reference})`, name, [
      `Thank you for your ${what}. Your reference number is ${reference}.`,
      ...quoted(`You wrote: "${explanation}"`),
      'We read every message. If we need more from you, we reply to this address; please quote the reference number.',
    ]);
  }
  return compose(to, `We received your report (${reference})`, name, [
    `Thank you for your report. Your reference number is ${reference}.`,
    `What you reported: ${reasonLabel ?? 'Other'}${contentLink ? ` — ${contentLink}` : ''}.`,
    ...quoted(`Your explanation: "${explanation}"`),
    `What happens next: our moderators look at the content and decide whether it breaks the law or our terms. When they have decided, we email you the outcome with this reference number. If you report something by mistake, reply to this email quoting ${reference}.`,
  ]);
}

/** To OPERATOR_EMAIL when a report or message arrives (in English: the operator's tools are). */
export function operatorReportNoticeMail(input: {
  to: string;
  reference: string;
  kindLabel: string;
  reasonLabel: string | null;
  contentLink: string | null;
  queueLink: string;
  explanation: string;
}): MailMessage {
  const { to, reference, kindLabel, reasonLabel, contentLink, queueLink, explanation } = input;
  return compose(to, `New on ${PRODUCT_NAME}: ${kindLabel} ${reference}`, 'operator', [
    `${kindLabel}${reasonLabel ? ` (${reasonLabel})` : ''}, reference ${reference}.`,
    ...(contentLink ? [`Content: ${contentLink}`] : []),
    `"${firstWordsOf(explanation, 500)}"`,
    { label: 'Open the moderation queue', href: queueLink },
  ]);
}

/** What a decision did, in words for the person concerned. */
export type DecisionKind = 'hide' | 'delete' | 'suspend';

/** The statement of reasons (DSA Art. 17) to the person whose content or account was restricted. */
export function statementOfReasonsMail(input: {
  to: string;
  username: string;
  firstName?: string | null;
  action: DecisionKind;
  /** The content's name: a title, 'Review of …', or the username. */
  label: string;
  /** The reason's and the rule's names in the mail's language (reasonLabelIn, ruleTitleIn). */
  reasonLabel: string;
  ruleTitle: string;
  ruleLink: string;
  statement: string;
  decisionNumber: number;
  decisionLink: string;
  /** For a suspension: the day it ends (YYYY-MM-DD), or null for good. */
  suspendedUntil?: string | null;
  /** Where a suspended user, who cannot sign in, contests: the contact form. */
  contactLink: string;
  language?: Language;
}): MailMessage {
  const {
    to,
    username,
    firstName,
    action,
    label,
    reasonLabel,
    ruleTitle,
    ruleLink,
    statement,
    decisionNumber,
    decisionLink,
    suspendedUntil,
    contactLink,
    language = DEFAULT_LANGUAGE,
  } = input;
  if (language === 'de') {
    const what =
      action === 'hide'
        ? `Unsere Moderatoren haben „${label}“ ausgeblendet. Andere können es nicht mehr sehen; du siehst es weiterhin, markiert mit „Von der Moderation ausgeblendet“.`
        : action === 'delete'
          ? `Unsere Moderatoren haben „${label}“ gelöscht. Es ist nicht mehr auf ${PRODUCT_NAME}.`
          : suspendedUntil
            ? `Unsere Moderatoren haben dein ${PRODUCT_NAME}-Konto bis ${formatterFor('de').day(suspendedUntil)} gesperrt. Bis dahin kannst du dich nicht anmelden, und deine Audiodateien und Rezensionen sind für andere ausgeblendet.`
            : `Unsere Moderatoren haben dein ${PRODUCT_NAME}-Konto dauerhaft gesperrt. Du kannst dich nicht mehr anmelden, und deine Audiodateien und Rezensionen sind für andere ausgeblendet.`;
    const subject =
      action === 'suspend'
        ? `Dein ${PRODUCT_NAME}-Konto wurde gesperrt (Entscheidung ${decisionNumber})`
        : `Moderatoren haben deinen Inhalt auf ${PRODUCT_NAME} ${action === 'hide' ? 'ausgeblendet' : 'gelöscht'} (Entscheidung ${decisionNumber})`;
    const contest: Block[] =
      action === 'suspend'
        ? [
            `So widersprichst du: Du kannst dieser Entscheidung einmal widersprechen. Da du dich während der Sperre nicht anmelden kannst, nutze unser Kontaktformular (wähle „Feedback geben“), gib die Entscheidungsnummer ${decisionNumber} an und erklär, warum die Entscheidung falsch ist. Ein Moderator, der sie nicht getroffen hat, sieht sie sich dann noch einmal an.`,
            { label: 'Kontaktformular öffnen', href: contactLink },
          ]
        : [
            'So widersprichst du: Wenn du diese Entscheidung für falsch hältst, kannst du ihr einmal widersprechen, auf der Seite der Entscheidung (angemeldet). Ein Moderator sieht sie sich noch einmal an und teilt dir das Ergebnis mit.',
            { label: `Entscheidung ${decisionNumber} lesen und widersprechen`, href: decisionLink },
          ];
    return compose(
      to,
      subject,
      greetingName(username, firstName),
      [what, `Warum: ${reasonLabel}. ${statement}`, `Die Regel, auf der das beruht: ${ruleTitle}.`, { label: `Regel lesen: ${ruleTitle}`, href: ruleLink }, ...contest],
      'de',
    );
  }
  const what =
    action === 'hide'
      ? `Our moderators have hidden "${label}". Others can no longer see it; you still can, marked "Hidden by moderators".`
      : action === 'delete'
        ? `Our moderators have deleted "${label}". It is gone from ${PRODUCT_NAME}.`
        : suspendedUntil
          ? `Our moderators have suspended your ${PRODUCT_NAME} account until ${suspendedUntil}. Until then you cannot sign in, and your audio files and reviews are hidden from others.`
          : `Our moderators have suspended your ${PRODUCT_NAME} account for good. You cannot sign in any more, and your audio files and reviews are hidden from others.`;
  const subject =
    action === 'suspend'
      ? `Your ${PRODUCT_NAME} account was suspended (decision ${decisionNumber})`
      : `Moderators ${action === 'hide' ? 'hid' : 'deleted'} your content on ${PRODUCT_NAME} (decision ${decisionNumber})`;
  const contest: Block[] =
    action === 'suspend'
      ? [
          `How to contest: you can contest this decision once. As you cannot sign in while suspended, use our contact form (choose "Share feedback"), quote decision number ${decisionNumber} and explain why the decision is wrong. A moderator who did not make it will look at it again.`,
          { label: 'Open the contact form', href: contactLink },
        ]
      : [
          `How to contest: if you think this decision is wrong, you can contest it once on the decision's page (signed in). A moderator will look at it again and tell you the outcome.`,
          { label: `Read and contest decision ${decisionNumber}`, href: decisionLink },
        ];
  return compose(to, subject, greetingName(username, firstName), [
    what,
    `Why: ${reasonLabel}. ${statement}`,
    `The rule this rests on: ${ruleTitle}.`,
    { label: `Read the rule: ${ruleTitle}`, href: ruleLink },
    ...contest,
  ]);
}

/** To the person concerned when moderators restore their content or lift their suspension. */
export function decisionReversedMail(input: {
  to: string;
  username: string;
  firstName?: string | null;
  action: 'restore' | 'unsuspend';
  label: string;
  statement: string;
  /** The decision was reversed because they contested it. */
  afterContest: boolean;
  decisionLink: string;
  language?: Language;
}): MailMessage {
  const { to, username, firstName, action, label, statement, afterContest, decisionLink, language = DEFAULT_LANGUAGE } = input;
  if (language === 'de') {
    const what =
      action === 'restore'
        ? `Unsere Moderatoren haben „${label}“ wiederhergestellt. Andere können es wieder sehen.`
        : `Unsere Moderatoren haben die Sperre deines ${PRODUCT_NAME}-Kontos aufgehoben. Du kannst dich wieder anmelden, und deine Audiodateien und Rezensionen sind wieder sichtbar.`;
    return compose(
      to,
      action === 'restore' ? `Dein Inhalt auf ${PRODUCT_NAME} wurde wiederhergestellt` : `Dein ${PRODUCT_NAME}-Konto ist nicht mehr gesperrt`,
      greetingName(username, firstName),
      [
        ...(afterContest ? ['Wir haben uns deinen Widerspruch noch einmal angesehen und die Entscheidung aufgehoben.'] : []),
        what,
        `Die Moderatoren schreiben: ${statement}`,
        { label: 'Entscheidung lesen', href: decisionLink },
      ],
      'de',
    );
  }
  const what =
    action === 'restore'
      ? `Our moderators have restored "${label}". Others can see it again.`
      : `Our moderators have lifted the suspension of your ${PRODUCT_NAME} account. You can sign in again, and your audio files and reviews show again.`;
  return compose(
    to,
    action === 'restore' ? `Your content on ${PRODUCT_NAME} was restored` : `Your ${PRODUCT_NAME} account is no longer suspended`,
    greetingName(username, firstName),
    [
      ...(afterContest ? ['We looked at your contest again and reversed the decision.'] : []),
      what,
      `The moderators wrote: ${statement}`,
      { label: 'Read the decision', href: decisionLink },
    ],
  );
}

/** To the person concerned when a moderator keeps a contested decision. */
export function contestUpheldMail(input: {
  to: string;
  username: string;
  firstName?: string | null;
  label: string;
  statement: string;
  decisionLink: string;
  language?: Language;
}): MailMessage {
  const { to, username, firstName, label, statement, decisionLink, language = DEFAULT_LANGUAGE } = input;
  if (language === 'de') {
    return compose(
      to,
      `Dein Widerspruch auf ${PRODUCT_NAME} wurde beantwortet`,
      greetingName(username, firstName),
      [
        `Ein Moderator hat sich deinen Widerspruch gegen die Entscheidung zu „${label}“ noch einmal angesehen und die Entscheidung beibehalten.`,
        `Warum: ${statement}`,
        'Das war die einzige Überprüfung der Entscheidung auf unserer Seite. Du kannst dich weiterhin an eine zertifizierte außergerichtliche Streitbeilegungsstelle oder an die Gerichte wenden.',
        { label: 'Entscheidung lesen', href: decisionLink },
      ],
      'de',
    );
  }
  return compose(to, `Your contest on ${PRODUCT_NAME} was answered`, greetingName(username, firstName), [
    `A moderator looked at your contest of the decision on "${label}" again and kept the decision.`,
    `Why: ${statement}`,
    'This was the one review of the decision on our side. You may still turn to a certified out-of-court dispute settlement body or to the courts.',
    { label: 'Read the decision', href: decisionLink },
  ]);
}

/** To a reporter when moderators closed their report (or marked their bug report or feedback as handled). */
export function reportOutcomeMail(input: {
  to: string;
  /** The reporter's name; null greets without one. */
  name: string | null;
  reference: string;
  outcome: 'dismiss' | 'hide' | 'delete' | 'suspend' | 'handled';
  label: string;
  /** For 'suspend' closing a report about content: the suspended account that shared it (label is the content). */
  account?: string | null;
  statement: string;
  language?: Language;
}): MailMessage {
  const { to, name, reference, outcome, label, statement, account, language = DEFAULT_LANGUAGE } = input;
  if (language === 'de') {
    if (outcome === 'handled') {
      return compose(
        to,
        `Deine Nachricht wurde bearbeitet (${reference})`,
        name,
        [
          `Danke für deine Nachricht ${reference}.`,
          'Unsere Moderatoren haben sie gelesen und als erledigt markiert.',
          `Die Moderatoren schreiben: ${statement}`,
          'Wenn du uns noch mehr sagen möchtest, antworte auf diese E-Mail und gib die Vorgangsnummer an.',
        ],
        'de',
      );
    }
    const what =
      outcome === 'dismiss'
        ? `Unsere Moderatoren haben sich „${label}“ angesehen und entschieden, es zu behalten: Es verstößt ihrer Einschätzung nach weder gegen Gesetze noch gegen unsere Nutzungsbedingungen.`
        : outcome === 'hide'
          ? `Unsere Moderatoren haben sich „${label}“ angesehen und es ausgeblendet: Andere können es nicht mehr sehen.`
          : outcome === 'delete'
            ? `Unsere Moderatoren haben sich „${label}“ angesehen und es gelöscht.`
            : account
              ? `Unsere Moderatoren haben sich „${label}“ angesehen und das Konto „${account}“ gesperrt, das es geteilt hat: Andere sehen weder diesen Inhalt noch sonst etwas von diesem Konto.`
              : `Unsere Moderatoren haben sich das Konto „${label}“ angesehen und es gesperrt.`;
    return compose(
      to,
      `Das Ergebnis deiner Meldung (${reference})`,
      name,
      [
        `Danke für deine Meldung ${reference}.`,
        what,
        `Die Moderatoren schreiben: ${statement}`,
        'Wenn du anderer Meinung bist, antworte auf diese E-Mail und gib die Vorgangsnummer an.',
      ],
      'de',
    );
  }
  if (outcome === 'handled') {
    return compose(to, `Your message was handled (${reference})`, name, [
      `Thank you for your message ${reference}.`,
      'Our moderators read it and marked it as handled.',
      `The moderators wrote: ${statement}`,
      'If there is more to tell us, reply to this email quoting the reference number.',
    ]);
  }
  const what =
    outcome === 'dismiss'
      ? `Our moderators looked at "${label}" and decided to keep it: they found it does not break the law or our terms.`
      : outcome === 'hide'
        ? `Our moderators looked at "${label}" and hid it: others can no longer see it.`
        : outcome === 'delete'
          ? `Our moderators looked at "${label}" and deleted it.`
          : account
            ? `Our moderators looked at "${label}" and suspended the account "${account}" that shared it: others can no longer see it, nor anything else of that account.`
            : `Our moderators looked at the account "${label}" and suspended it.`;
  return compose(to, `The outcome of your report (${reference})`, name, [
    `Thank you for your report ${reference}.`,
    what,
    `The moderators wrote: ${statement}`,
    'If you disagree, reply to this email quoting the reference number.',
  ]);
}

function firstWordsOf(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max).trimEnd()}…`;
}
