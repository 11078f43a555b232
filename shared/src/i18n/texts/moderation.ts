// Trust and safety's messages: reports, decisions, contests, roles, suspensions.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'moderation.<key>'.
import { type MessageEntry, withParams } from '../message-format';

export const MODERATION_TEXTS = {
  reasonRequired: {
    en: 'Please choose a reason',
    de: 'Bitte wähle einen Grund',
  },
  explanationRequired: {
    en: 'Please explain what is wrong (at least 10 characters)',
    de: 'Bitte erklär, was nicht in Ordnung ist (mindestens 10 Zeichen)',
  },
  explanationTooLong: {
    en: 'The explanation has at most 5,000 characters',
    de: 'Die Erklärung hat höchstens 5.000 Zeichen',
  },
  nameRequired: {
    en: 'Please enter your name',
    de: 'Bitte gib deinen Namen ein',
  },
  nameTooLong: {
    en: 'The name has at most 100 characters',
    de: 'Der Name hat höchstens 100 Zeichen',
  },
  emailRequired: {
    en: 'Please enter your email address so that we can reply',
    de: 'Bitte gib deine E-Mail-Adresse ein, damit wir dir antworten können',
  },
  goodFaithRequired: {
    en: 'Please confirm that your report is accurate and made in good faith',
    de: 'Bitte bestätige, dass deine Meldung stimmt und in gutem Glauben erfolgt',
  },
  contentUrlInvalid: {
    en: 'The content address must be a web address (https://…) or a path of this site',
    de: 'Die Adresse des Inhalts muss eine Webadresse (https://…) oder ein Pfad dieser Seite sein',
  },
  targetNotFound: {
    en: 'The reported content does not exist (any more).',
    de: 'Den gemeldeten Inhalt gibt es nicht (mehr).',
  },
  duplicateReport: {
    en: 'You have already reported this. We will tell you the outcome.',
    de: 'Du hast das schon gemeldet. Wir sagen dir Bescheid, wie entschieden wurde.',
  },
  tooManyReports: withParams<{ seconds: number }>(
    (p, f) => `Too many reports were sent from here. Please try again in ${f.wait(p.seconds)}.`,
    (p, f) => `Von hier wurden zu viele Meldungen geschickt. Bitte versuch es in ${f.wait(p.seconds)} noch einmal.`,
  ),
  reportReceived: withParams<{ reference: string }>(
    (p) => `Thank you. We received your report. Your reference number is ${p.reference}.`,
    (p) => `Danke! Wir haben deine Meldung erhalten. Deine Vorgangsnummer ist ${p.reference}.`,
  ),
  messageReceived: withParams<{ reference: string }>(
    (p) => `Thank you. We received your message. Your reference number is ${p.reference}.`,
    (p) => `Danke! Wir haben deine Nachricht erhalten. Deine Vorgangsnummer ist ${p.reference}.`,
  ),
  statementRequired: {
    en: 'Please explain the decision (at least 20 characters): what was wrong and why',
    de: 'Bitte begründe die Entscheidung (mindestens 20 Zeichen): Was war falsch und warum',
  },
  statementTooLong: {
    en: 'The statement has at most 5,000 characters',
    de: 'Die Begründung hat höchstens 5.000 Zeichen',
  },
  ruleRequired: {
    en: 'Please choose the section of the terms the decision rests on',
    de: 'Bitte wähle den Abschnitt der Nutzungsbedingungen, auf dem die Entscheidung beruht',
  },
  nothingToRestore: {
    en: 'This item is not hidden.',
    de: 'Dieser Inhalt ist nicht ausgeblendet.',
  },
  alreadyHidden: {
    en: 'This item is already hidden.',
    de: 'Dieser Inhalt ist schon ausgeblendet.',
  },
  itemNotFound: {
    en: 'This item does not exist (any more).',
    de: 'Diesen Inhalt gibt es nicht (mehr).',
  },
  notReportable: {
    en: 'Only audio files, sets and reviews can be hidden, restored or deleted; users are suspended.',
    de: 'Nur Audiodateien, Playlists und Rezensionen können ausgeblendet, wiederhergestellt oder gelöscht werden; Konten werden gesperrt.',
  },
  reportOnlyDismissed: {
    en: 'A message or a report without an item can only be dismissed (marked as handled); there is nothing to hide, restore or delete.',
    de: 'Eine Nachricht oder eine Meldung ohne Inhalt kann nur abgewiesen (als erledigt markiert) werden; es gibt nichts auszublenden, wiederherzustellen oder zu löschen.',
  },
  reportNotFound: {
    en: 'There is no such report or message.',
    de: 'Diese Meldung oder Nachricht gibt es nicht.',
  },
  reportHasItem: {
    en: 'This report is about an item: act on the item in the queue instead.',
    de: 'Diese Meldung betrifft einen Inhalt: Entscheide stattdessen in der Warteschlange über den Inhalt.',
  },
  reportClosed: {
    en: 'This report or message is already closed.',
    de: 'Diese Meldung oder Nachricht ist schon abgeschlossen.',
  },
  durationInvalid: {
    en: 'Choose a suspension of 1 to 3,650 days, or for good',
    de: 'Wähle eine Sperre von 1 bis 3.650 Tagen oder eine dauerhafte',
  },
  cannotSuspendSelf: {
    en: 'You cannot suspend your own account.',
    de: 'Du kannst dein eigenes Konto nicht sperren.',
  },
  cannotSuspendStaff: {
    en: 'Moderators and admins cannot be suspended. An admin can revoke the role first.',
    de: 'Moderatoren und Admins können nicht gesperrt werden. Ein Admin kann ihnen zuerst die Rolle entziehen.',
  },
  notSuspended: {
    en: 'This account is not suspended.',
    de: 'Dieses Konto ist nicht gesperrt.',
  },
  decisionNotFound: {
    en: 'There is no such decision, or it does not concern you.',
    de: 'Diese Entscheidung gibt es nicht, oder sie betrifft dich nicht.',
  },
  contestClosed: {
    en: 'This contest has already been answered.',
    de: 'Dieser Widerspruch wurde schon beantwortet.',
  },
  contestOtherItem: {
    en: 'This contest is about another item.',
    de: 'Dieser Widerspruch betrifft einen anderen Inhalt.',
  },
  contestTooShort: {
    en: 'Please explain why the decision is wrong (at least 10 characters)',
    de: 'Bitte erklär, warum die Entscheidung falsch ist (mindestens 10 Zeichen)',
  },
  alreadyContested: {
    en: 'You have already contested this decision. A moderator will look at it again.',
    de: 'Du hast dieser Entscheidung schon widersprochen. Ein Moderator sieht sie sich noch einmal an.',
  },
  notContestable: {
    en: 'Only the person a decision concerns can contest it, once.',
    de: 'Nur wer von einer Entscheidung betroffen ist, kann ihr widersprechen, und zwar einmal.',
  },
  contestReceived: {
    en: 'Your contest was received. A moderator will look at the decision again.',
    de: 'Dein Widerspruch ist angekommen. Ein Moderator sieht sich die Entscheidung noch einmal an.',
  },
  moderatorsOnly: {
    en: 'Only moderators can do this.',
    de: 'Das dürfen nur Moderatoren.',
  },
  adminsOnly: {
    en: 'Only admins can do this.',
    de: 'Das dürfen nur Admins.',
  },
  cannotChangeOwnRole: {
    en: 'You cannot change your own role.',
    de: 'Du kannst deine eigene Rolle nicht ändern.',
  },
  cannotChangeAdmin: {
    en: 'Admins are made and unmade with the admin command (npm run admin).',
    de: 'Admins werden mit dem Admin-Befehl (npm run admin) ernannt und abberufen.',
  },
  userNotFound: {
    en: 'There is no such user.',
    de: 'Diesen Benutzer gibt es nicht.',
  },
  tagNotWaiting: {
    en: 'This tag is not waiting for approval.',
    de: 'Dieser Tag wartet nicht auf Freigabe.',
  },
  suspendedUntil: withParams<{ day: string }>(
    (p, f) => `This account is suspended until ${f.day(p.day)}. We emailed you the reasons.`,
    (p, f) => `Dieses Konto ist bis ${f.day(p.day)} gesperrt. Wir haben dir die Gründe per E-Mail geschickt.`,
  ),
  suspendedForGood: {
    en: 'This account is suspended. We emailed you the reasons.',
    de: 'Dieses Konto ist gesperrt. Wir haben dir die Gründe per E-Mail geschickt.',
  },
  hiddenByModerators: {
    en: 'Hidden by moderators',
    de: 'Von der Moderation ausgeblendet',
  },
} as const satisfies Record<string, MessageEntry>;
