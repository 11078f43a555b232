// The FAQ and the disclaimer, in English and German. Marked parts (<catalog>…</catalog>) become
// links on the page (see richText in lib/rich-text.tsx).
import { defineTexts } from '../../i18n/texts';

const HELP_EN = {
  faq: {
    subtitle: "Answers to the questions we hear most. Can't find yours? Ask us.",
    bugTitle: 'Report a Bug',
    bugText: 'Something not working as it should? Tell us what happened and we will look into it.',
    bugAction: 'Report a bug',
    feedbackTitle: 'Share Feedback',
    feedbackText: 'Ideas, wishes or something you love? Share them with us and the community. We read everything.',
    feedbackAction: 'Share feedback',
    items: [
      {
        value: 'what-is-tonieshelf',
        question: 'What is TonieShelf?',
        answer:
          'TonieShelf is a community site made by Tonie fans, for Tonie fans. You can browse a catalogue of Tonies, see how other families liked them, leave your own ratings and reviews, and share audio you have made for your Creative Tonies. It is free to use, and every review comes from a real listener.',
      },
      {
        value: 'submit-review',
        question: 'How do I submit a review?',
        answer:
          "Sign in, find the Tonie in the <catalog>catalogue</catalog> and open its details. Press the 'Add Review' button, pick between one and five stars, and add a few words about what your family thought if you like. You can also attach tags. Each account can review a Tonie once, so take your time.",
      },
      {
        value: 'tags',
        question: 'What are tags?',
        answer:
          'Tags are short labels such as "bedtime", "sing-along" or "great for long car rides" that say what a Tonie is like. You can add them when you write a review, and use \'Filter by Tags\' in the catalogue to find Tonies that carry all the tags you picked. Shared audio has tags too, which makes it easier to find something for the right moment.',
      },
      {
        value: 'affiliation',
        question: 'Is TonieShelf part of the company that makes the Toniebox?',
        answer:
          'No. TonieShelf is an independent fan project. It is not affiliated with, endorsed by or sponsored by the maker of the Toniebox, and we do not sell anything. Tonies, Toniebox and Creative Tonies are trademarks of their respective owners. For questions about your box, your account with the maker or an order, please contact their customer support. See our <disclaimer>disclaimer</disclaimer> for the details.',
      },
      {
        value: 'get-involved',
        question: 'How can I get involved?',
        answer:
          "The easiest way is to rate and review the Tonies your family knows: every review helps another parent choose. You can also share audio you recorded yourself (or have the rights to) for Creative Tonies, suggest good tags, and tell us what to improve with 'Share Feedback'. Spotted a bug? The 'Report a Bug' card above takes you straight there. Found something on TonieShelf that should not be here? Use 'Report' on it, or the <report>report form</report>.",
      },
    ],
  },
  disclaimer: {
    subtitle: 'The fine print, in plain words',
    returnHome: 'Return to TonieShelf',
    sections: [
      {
        title: 'Content Disclaimer',
        body: 'TonieShelf is a fan-made community site. The information here, including Tonie descriptions, tracklists, running times and age ranges, is collected with care but may be incomplete, out of date or wrong. It is offered as it is, for general information only. Please check with the official source before you rely on it, for example before you buy something.',
      },
      {
        title: 'User-Generated Content',
        body: 'Ratings, reviews, tags and shared audio are written and uploaded by members of the community. They are the opinions and work of the people who posted them, not of TonieShelf. We do not check every contribution before it appears, and we may remove anything that is unlawful, hurtful, misleading or unsuitable for a family audience.',
      },
      {
        title: 'Audio Content',
        body: 'Audio files shared on TonieShelf are provided by their uploaders. By sharing a file you confirm that you made it yourself or have the right to share it, and that it is suitable for children. Please listen to audio before you give it to a child: we cannot promise that every file is accurate, complete or right for every age.',
      },
      {
        title: 'Copyright Infringement',
        body: "We respect the rights of creators. Uploading music, audiobooks, radio plays or other recordings that you do not have the rights to is not allowed. If you believe something on TonieShelf infringes your copyright, tell us with the <copyrightForm>copyright report form</copyrightForm> (or the 'Report' action on the file itself) with a link to the content and a short explanation. You do not need an account. You get a reference number by email, we remove the content promptly where the claim is valid, and we tell you the outcome. How we handle reports is explained in our <terms>terms of use</terms>.",
      },
      {
        title: 'No Liability',
        body: 'TonieShelf is run by volunteers and provided free of charge, without any warranty. To the extent the law allows, we are not liable for any loss or damage that comes from using the site, from relying on its information, or from content or files posted by other users or found through external links.',
      },
      {
        title: 'No Affiliation',
        body: 'TonieShelf is an independent fan project. It is not affiliated with, endorsed by or sponsored by the maker of the Toniebox or any of its partners. Tonies, Toniebox, Creative Tonies and all related names, characters and logos are trademarks of their respective owners and are mentioned here only to describe the products our community talks about.',
      },
      {
        title: 'Changes to Disclaimer',
        body: 'We may update this disclaimer as TonieShelf grows. The current version is always the one on this page, and by continuing to use the site you accept it. Questions? Have a look at the <faq>FAQ</faq> or <imprint>contact us</imprint>.',
      },
    ],
  },
};

export const useHelpTexts = defineTexts('help', HELP_EN, {
  faq: {
    subtitle: 'Antworten auf die Fragen, die wir am häufigsten hören. Deine ist nicht dabei? Frag uns einfach.',
    bugTitle: 'Fehler melden',
    bugText: 'Etwas funktioniert nicht so, wie es sollte? Erzähl uns, was passiert ist, und wir sehen es uns an.',
    bugAction: 'Fehler melden',
    feedbackTitle: 'Feedback geben',
    feedbackText: 'Ideen, Wünsche oder etwas, das dir gefällt? Teil es mit uns und der Community. Wir lesen alles.',
    feedbackAction: 'Feedback geben',
    items: [
      {
        value: 'what-is-tonieshelf',
        question: 'Was ist TonieShelf?',
        answer:
          'TonieShelf ist eine Community-Seite von Tonie-Fans für Tonie-Fans. Du kannst im Katalog der Tonies stöbern, sehen, wie sie anderen Familien gefallen haben, eigene Bewertungen und Rezensionen schreiben und Audios teilen, die du für deine Kreativ-Tonies gemacht hast. Die Nutzung ist kostenlos, und jede Bewertung kommt von echten Zuhörerinnen und Zuhörern.',
      },
      {
        value: 'submit-review',
        question: 'Wie schreibe ich eine Bewertung?',
        answer:
          'Melde dich an, such den Tonie im <catalog>Katalog</catalog> und öffne seine Details. Unter „Diesen Tonie bewerten“ wählst du ein bis fünf Sterne, schreibst, wenn du magst, ein paar Worte dazu, wie er deiner Familie gefallen hat, und tippst auf „Rezension abschicken“. Du kannst auch Tags hinzufügen. Jedes Konto kann einen Tonie einmal bewerten; deine Rezension kannst du danach jederzeit bearbeiten oder löschen.',
      },
      {
        value: 'tags',
        question: 'Was sind Tags?',
        answer:
          'Tags sind kurze Schlagworte wie „Einschlafen“, „Mitsingen“ oder „super für lange Autofahrten“, die sagen, wie ein Tonie ist. Du kannst sie beim Schreiben einer Bewertung vergeben und im Katalog mit „Nach Tags filtern“ Tonies finden, die alle gewählten Tags haben. Auch geteilte Audios haben Tags – so findest du leichter etwas für den richtigen Moment.',
      },
      {
        value: 'affiliation',
        question: 'Gehört TonieShelf zum Hersteller der Toniebox?',
        answer:
          'Nein. TonieShelf ist ein unabhängiges Fan-Projekt. Es steht in keiner Verbindung zum Hersteller der Toniebox, wird von ihm weder unterstützt noch gesponsert, und wir verkaufen nichts. Tonies, Toniebox und Kreativ-Tonies sind Marken ihrer jeweiligen Inhaber. Bei Fragen zu deiner Box, deinem Konto beim Hersteller oder einer Bestellung wende dich bitte an dessen Kundenservice. Die Einzelheiten stehen in unserem <disclaimer>Haftungsausschluss</disclaimer>.',
      },
      {
        value: 'get-involved',
        question: 'Wie kann ich mitmachen?',
        answer:
          'Am einfachsten bewertest du die Tonies, die deine Familie kennt: Jede Bewertung hilft anderen Eltern bei der Auswahl. Du kannst auch selbst aufgenommene Audios (oder solche, an denen du die Rechte hast) für Kreativ-Tonies teilen, gute Tags vorschlagen und uns mit „Feedback geben“ sagen, was wir besser machen können. Einen Fehler entdeckt? Die Karte „Fehler melden“ oben bringt dich direkt dorthin. Etwas auf TonieShelf gefunden, das hier nicht hingehört? Nutze „Melden“ direkt daran oder das <report>Meldeformular</report>.',
      },
    ],
  },
  disclaimer: {
    subtitle: 'Das Kleingedruckte, in einfachen Worten',
    returnHome: 'Zurück zu TonieShelf',
    sections: [
      {
        title: 'Haftung für Inhalte',
        body: 'TonieShelf ist eine Community-Seite von Fans. Die Angaben hier – Beschreibungen der Tonies, Titellisten, Laufzeiten und Altersangaben – sind mit Sorgfalt gesammelt, können aber unvollständig, veraltet oder falsch sein. Sie dienen nur der allgemeinen Information und werden ohne Gewähr angeboten. Bitte prüf sie bei der offiziellen Quelle, bevor du dich darauf verlässt, zum Beispiel vor einem Kauf.',
      },
      {
        title: 'Inhalte der Community',
        body: 'Bewertungen, Rezensionen, Tags und geteilte Audios werden von Mitgliedern der Community geschrieben und hochgeladen. Sie geben die Meinung und die Arbeit derjenigen wieder, die sie veröffentlicht haben, nicht die von TonieShelf. Wir prüfen nicht jeden Beitrag, bevor er erscheint, und können alles entfernen, was rechtswidrig, verletzend, irreführend oder für Familien ungeeignet ist.',
      },
      {
        title: 'Audioinhalte',
        body: 'Audiodateien auf TonieShelf stammen von den Menschen, die sie hochgeladen haben. Wer eine Datei teilt, bestätigt, dass er sie selbst gemacht hat oder teilen darf und dass sie für Kinder geeignet ist. Bitte hör dir Audios an, bevor du sie einem Kind gibst: Wir können nicht versprechen, dass jede Datei richtig, vollständig oder für jedes Alter passend ist.',
      },
      {
        title: 'Urheberrechtsverletzungen',
        body: 'Wir achten die Rechte von Urheberinnen und Urhebern. Musik, Hörbücher, Hörspiele oder andere Aufnahmen hochzuladen, an denen du keine Rechte hast, ist nicht erlaubt. Wenn du glaubst, dass etwas auf TonieShelf dein Urheberrecht verletzt, sag es uns über das <copyrightForm>Formular für Urheberrechtsmeldungen</copyrightForm> (oder mit „Melden“ direkt an der Datei), mit einem Link zum Inhalt und einer kurzen Erklärung. Ein Konto brauchst du dafür nicht. Du bekommst eine Vorgangsnummer per E-Mail, wir entfernen den Inhalt umgehend, wenn die Meldung begründet ist, und teilen dir das Ergebnis mit. Wie wir mit Meldungen umgehen, steht in unseren <terms>Nutzungsbedingungen</terms>.',
      },
      {
        title: 'Keine Haftung',
        body: 'TonieShelf wird von Ehrenamtlichen betrieben und kostenlos angeboten, ohne jede Gewährleistung. Soweit das Gesetz es zulässt, haften wir nicht für Verluste oder Schäden, die aus der Nutzung der Seite entstehen, aus dem Vertrauen auf ihre Angaben oder aus Inhalten und Dateien, die andere veröffentlicht haben oder die über externe Links zu finden sind.',
      },
      {
        title: 'Keine Verbindung zum Hersteller',
        body: 'TonieShelf ist ein unabhängiges Fan-Projekt. Es steht in keiner Verbindung zum Hersteller der Toniebox oder seinen Partnern und wird von ihnen weder unterstützt noch gesponsert. Tonies, Toniebox, Kreativ-Tonies und alle zugehörigen Namen, Figuren und Logos sind Marken ihrer jeweiligen Inhaber und werden hier nur genannt, um die Produkte zu beschreiben, über die sich unsere Community austauscht.',
      },
      {
        title: 'Änderungen dieses Haftungsausschlusses',
        body: 'Wir können diesen Haftungsausschluss anpassen, wenn TonieShelf wächst. Es gilt immer die Fassung auf dieser Seite; wer die Seite weiter nutzt, akzeptiert sie. Fragen? Schau in die <faq>FAQ</faq> oder <imprint>schreib uns</imprint>.',
      },
    ],
  },
});
