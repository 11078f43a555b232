// The rules of TonieShelf (the /terms page), one list per TERMS_SECTIONS entry, in English and
// German. Marked parts (<copyrightForm>…</copyrightForm>) become links on the page.
import { REVIEW_TAG_MIN_USERS } from '@tonieshelf/shared/values/moderation';
import { defineTexts } from '../../i18n/texts';

const TERMS_EN = {
  sharing: [
    'Share audio you made yourself or have the right to share: your own stories, songs, readings and recordings.',
    'Everything you share must be suitable for children: it will be played on a child’s Toniebox.',
    'Describe it honestly: the title, description and tags say what it really is.',
    'You stay the owner of what you share. By publishing it you let TonieShelf store it and show it to others under the licence you chose.',
  ],
  copyright: [
    'Do not upload music, audiobooks, radio plays or other recordings made by others unless you have their permission. Buying a CD or a Tonie does not give you the right to share it.',
    'Every upload states its licence and that you made it or have the right to share it. The licence shows on the file and travels with its downloads.',
    'Rights holders can report an infringement with the <copyrightForm>copyright report form</copyrightForm>, no account needed. We remove infringing content promptly.',
  ],
  licencesTitle: 'The licences you can choose',
  licenceMeanings: {
    'cc-by-4.0': 'anyone may use, share and change it, also commercially, if they name you.',
    'cc-by-sa-4.0': 'like CC BY, and changed versions must be shared under the same licence.',
    'cc-by-nc-4.0': 'anyone may use, share and change it if they name you, but not commercially.',
    'cc0-1.0': 'you give up your rights as far as the law allows; anyone may use it for anything.',
    'all-rights-reserved': 'others may listen and download it for their family’s personal use only, nothing more.',
  },
  allRightsReserved: 'All rights reserved — personal use only',
  illegal: [
    'Nothing that is against the law: hate speech, threats, content that glorifies violence, terrorist content, or anything that infringes others’ rights.',
    'Illegal content is removed as soon as we learn of it, and the account that shared it may be suspended.',
  ],
  children: [
    'No content that is harmful to children: frightening, violent, sexual or otherwise unsuitable material, and nothing that asks children for personal details.',
    'No advertising aimed at children.',
    'Content that may harm a child is hidden first and looked at right after.',
  ],
  spam: [
    'No advertising, links to sell things, chain messages or the same upload or review again and again.',
    'No fake reviews, no reviews of your own uploads from other accounts, and no automated accounts.',
    'Do not try to get around limits, moderation or another user’s block.',
  ],
  privacy: [
    'Do not share other people’s personal data: names with addresses, phone numbers, photos, voices of children who are not yours, or anything that identifies a child.',
    'Record other people only with their consent (for children, their parents’ consent).',
  ],
  conduct: [
    'Reviews are about the Tonie: your family’s honest experience, kindly put. No insults, harassment or personal attacks.',
    `Tags describe the review. A new tag from reviews becomes a catalogue filter once ${REVIEW_TAG_MIN_USERS} different people use it, or a moderator approves it.`,
    'Be respectful to other members and to the moderators.',
  ],
  moderation: [
    'Anyone can report content: with ‘Report’ on an audio file, a review or a user, or with the <reportForm>report form</reportForm>, with or without an account. You get a reference number on screen and by email.',
    'Moderators look at every report. They may dismiss it, hide the content, restore it, delete it, or suspend an account.',
    'Hidden content disappears for everyone except its owner and the moderators, until it is restored.',
    'Every decision comes with a statement of reasons: what was done, why, which section of these terms it rests on, and how to contest it. The owner gets it by email and on the decision’s page; the person who reported is told the outcome.',
    'Every action of the moderators is recorded in a log that cannot be changed.',
  ],
  contest: [
    'If you think a decision about your content or account is wrong, you can contest it once, from the decision’s page (the link is in the email), and explain why.',
    'A moderator looks at the decision again and either reverses it or keeps it. You are told either way, with the reasons.',
    'A suspended account cannot sign in: contest through the <contactForm>contact form</contactForm> and quote the decision number from the email.',
  ],
  accounts: [
    'Accounts that break these rules seriously or again and again can be suspended for a time or for good.',
    'A suspended account is signed out, cannot sign in, and its audio files and reviews are hidden while the suspension lasts.',
    'A suspension for a time ends by itself; the content shows again when it does.',
  ],
};

export const useTermsTexts = defineTexts('terms', TERMS_EN, {
  sharing: [
    'Teile Audios, die du selbst gemacht hast oder teilen darfst: deine eigenen Geschichten, Lieder, Lesungen und Aufnahmen.',
    'Alles, was du teilst, muss für Kinder geeignet sein: Es läuft auf der Toniebox eines Kindes.',
    'Beschreib es ehrlich: Titel, Beschreibung und Tags sagen, was es wirklich ist.',
    'Was du teilst, gehört weiter dir. Mit dem Veröffentlichen erlaubst du TonieShelf, es zu speichern und anderen unter der gewählten Lizenz zu zeigen.',
  ],
  copyright: [
    'Lade keine Musik, Hörbücher, Hörspiele oder andere Aufnahmen fremder Leute hoch, wenn du nicht ihre Erlaubnis hast. Wer eine CD oder einen Tonie kauft, darf ihn deshalb noch nicht teilen.',
    'Jede hochgeladene Datei nennt ihre Lizenz und bestätigt, dass du sie gemacht hast oder teilen darfst. Die Lizenz steht an der Datei und reist mit jedem Download mit.',
    'Rechteinhaber können eine Verletzung über das <copyrightForm>Formular für Urheberrechtsmeldungen</copyrightForm> melden, auch ohne Konto. Verletzende Inhalte entfernen wir umgehend.',
  ],
  licencesTitle: 'Die Lizenzen, die du wählen kannst',
  licenceMeanings: {
    'cc-by-4.0': 'alle dürfen es nutzen, teilen und verändern, auch kommerziell, wenn sie dich nennen.',
    'cc-by-sa-4.0': 'wie CC BY, und veränderte Fassungen müssen unter derselben Lizenz geteilt werden.',
    'cc-by-nc-4.0': 'alle dürfen es nutzen, teilen und verändern, wenn sie dich nennen, aber nicht kommerziell.',
    'cc0-1.0': 'du verzichtest auf deine Rechte, soweit das Gesetz es erlaubt; alle dürfen es für alles nutzen.',
    'all-rights-reserved': 'andere dürfen es nur anhören und für den privaten Gebrauch ihrer Familie herunterladen, mehr nicht.',
  },
  allRightsReserved: 'Alle Rechte vorbehalten – nur privater Gebrauch',
  illegal: [
    'Nichts, was gegen das Gesetz verstößt: Hassrede, Drohungen, gewaltverherrlichende oder terroristische Inhalte und nichts, was die Rechte anderer verletzt.',
    'Rechtswidrige Inhalte entfernen wir, sobald wir davon erfahren, und das Konto, das sie geteilt hat, kann gesperrt werden.',
  ],
  children: [
    'Keine Inhalte, die Kindern schaden: nichts Beängstigendes, Gewalttätiges, Sexuelles oder sonst Ungeeignetes, und nichts, was Kinder nach persönlichen Daten fragt.',
    'Keine Werbung, die sich an Kinder richtet.',
    'Inhalte, die einem Kind schaden könnten, werden zuerst ausgeblendet und gleich danach geprüft.',
  ],
  spam: [
    'Keine Werbung, keine Verkaufslinks, keine Kettenbriefe und nicht immer wieder dieselbe Datei oder Bewertung.',
    'Keine gefälschten Bewertungen, keine Bewertungen deiner eigenen Dateien über andere Konten und keine automatisierten Konten.',
    'Versuch nicht, Grenzen, die Moderation oder die Blockierung durch andere zu umgehen.',
  ],
  privacy: [
    'Teile keine persönlichen Daten anderer: Namen mit Adressen, Telefonnummern, Fotos, Stimmen von Kindern, die nicht deine sind, oder irgendetwas, woran man ein Kind erkennt.',
    'Nimm andere nur mit ihrer Zustimmung auf (bei Kindern mit der Zustimmung ihrer Eltern).',
  ],
  conduct: [
    'Bewertungen handeln vom Tonie: ehrliche Erfahrungen deiner Familie, freundlich formuliert. Keine Beleidigungen, Belästigung oder persönlichen Angriffe.',
    `Tags beschreiben die Bewertung. Ein neuer Tag aus Bewertungen wird zum Katalogfilter, sobald ${REVIEW_TAG_MIN_USERS} verschiedene Personen ihn nutzen oder die Moderation ihn freigibt.`,
    'Geh respektvoll mit anderen Mitgliedern und mit der Moderation um.',
  ],
  moderation: [
    'Alle können Inhalte melden: mit „Melden“ an einer Audiodatei, einer Bewertung oder einem Profil, oder über das <reportForm>Meldeformular</reportForm>, mit oder ohne Konto. Du bekommst eine Vorgangsnummer auf dem Bildschirm und per E-Mail.',
    'Die Moderation sieht sich jede Meldung an. Sie kann sie abweisen, den Inhalt ausblenden, wiederherstellen oder löschen oder ein Konto sperren.',
    'Ausgeblendete Inhalte verschwinden für alle außer ihren Besitzer und die Moderation, bis sie wiederhergestellt werden.',
    'Jede Entscheidung kommt mit einer Begründung: was getan wurde, warum, auf welchen Abschnitt dieser Bedingungen sie sich stützt und wie man widerspricht. Der Besitzer bekommt sie per E-Mail und auf der Seite der Entscheidung; wer gemeldet hat, erfährt das Ergebnis.',
    'Jede Handlung der Moderation wird in einem Protokoll festgehalten, das sich nicht ändern lässt.',
  ],
  contest: [
    'Wenn du eine Entscheidung über deine Inhalte oder dein Konto für falsch hältst, kannst du ihr einmal widersprechen – auf der Seite der Entscheidung (der Link steht in der E-Mail) – und erklären, warum.',
    'Jemand aus der Moderation sieht sich die Entscheidung noch einmal an und hebt sie auf oder bleibt dabei. Du erfährst es in beiden Fällen, mit Begründung.',
    'Mit einem gesperrten Konto kannst du dich nicht anmelden: Widersprich dann über das <contactForm>Kontaktformular</contactForm> und gib die Nummer der Entscheidung aus der E-Mail an.',
  ],
  accounts: [
    'Konten, die schwer oder wiederholt gegen diese Regeln verstoßen, können zeitweise oder dauerhaft gesperrt werden.',
    'Ein gesperrtes Konto wird abgemeldet, kann sich nicht anmelden, und seine Audiodateien und Bewertungen sind ausgeblendet, solange die Sperre dauert.',
    'Eine zeitweise Sperre endet von selbst; dann sind auch die Inhalte wieder sichtbar.',
  ],
});
