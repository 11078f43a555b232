// The words of /resources in English and German; each listening resource's words by its id
// (listening-resources.ts holds the English and the addresses).
import { CREATIVE_TONIE_MAX_SECONDS } from '@tonieshelf/shared/values/common';
import { defineTexts } from '../../i18n/texts';
import { LISTENING_RESOURCES } from './listening-resources';
import type { ListeningResourceId } from './listening-resources';

const MAX_MINUTES = CREATIVE_TONIE_MAX_SECONDS / 60;

type ResourceWords = { kind: string; title: string; description: string; source: string; tags: readonly string[] };

function wordsById(): Record<ListeningResourceId, ResourceWords> {
  const out = {} as Record<ListeningResourceId, ResourceWords>;
  for (const { id, kind, title, description, source, tags } of LISTENING_RESOURCES) out[id] = { kind, title, description, source, tags };
  return out;
}

const RESOURCES_EN = {
  subtitle: 'Good things to listen to, and to put on your Creative Tonies',
  intro: `A Creative Tonie holds up to ${MAX_MINUTES} minutes of audio that you choose yourself: your own voice reading a favourite book, songs recorded with grandma, or stories and music from places like the ones below. Each one is free to listen to. Check a source’s terms before you copy anything onto a Tonie.`,
  whereToFind: 'Where to find great audio',
  source: (source: string) => `Source: ${source}`,
  visit: 'Visit Resource',
  visitLabel: (title: string) => `Visit Resource: ${title}`,
  communityTitle: 'Community recommendations',
  community: 'Know another place for free, kid-friendly audio? <tell>Tell us about it</tell> and we will add the best suggestions to this page.',
  copyrightTitle: 'A note on copyright',
  copyright:
    'The resources above are run by others and have their own terms of use. Only copy audio to a Creative Tonie where those terms allow it, and keep it for your family’s personal listening. Please share audio on TonieShelf only if you made it yourself or have the rights to share it. See our <disclaimer>disclaimer</disclaimer> for more.',
  notConnected: 'TonieShelf is not connected with these services and gets nothing for linking to them.',
  resources: wordsById(),
};

export const useResourcesTexts = defineTexts('resources', RESOURCES_EN, {
  subtitle: 'Schönes zum Anhören – und für deine Kreativ-Tonies',
  intro: `Auf einen Kreativ-Tonie passen bis zu ${MAX_MINUTES} Minuten Audio, die du selbst aussuchst: deine eigene Stimme, die ein Lieblingsbuch vorliest, Lieder, die ihr mit Oma aufgenommen habt, oder Geschichten und Musik von Angeboten wie den folgenden. Anhören kannst du alle kostenlos. Prüf die Nutzungsbedingungen einer Quelle, bevor du etwas auf einen Tonie kopierst.`,
  whereToFind: 'Wo du tolle Audios findest',
  source: (source: string) => `Quelle: ${source}`,
  visit: 'Zum Angebot',
  visitLabel: (title: string) => `Zum Angebot: ${title}`,
  communityTitle: 'Tipps aus der Community',
  community: 'Du kennst noch ein Angebot mit kostenlosen, kindgerechten Audios? <tell>Erzähl uns davon</tell> – die besten Vorschläge nehmen wir auf dieser Seite auf.',
  copyrightTitle: 'Ein Wort zum Urheberrecht',
  copyright:
    'Die Angebote oben werden von anderen betrieben und haben ihre eigenen Nutzungsbedingungen. Kopiere Audios nur dann auf einen Kreativ-Tonie, wenn diese Bedingungen es erlauben, und nur zum privaten Hören in deiner Familie. Teile auf TonieShelf bitte nur Audios, die du selbst gemacht hast oder teilen darfst. Mehr dazu in unserem <disclaimer>Haftungsausschluss</disclaimer>.',
  notConnected: 'TonieShelf hat mit diesen Angeboten nichts zu tun und bekommt nichts für die Links.',
  resources: {
    'gute-nacht-mit-der-maus': {
      kind: 'Gute-Nacht-Podcast',
      title: 'Gute Nacht mit der Maus',
      description: 'Ruhige Gute-Nacht-Geschichten aus der „Sendung mit der Maus“ vom WDR, jede nur ein paar Minuten lang – zum Einschlafen.',
      source: 'WDR (Westdeutscher Rundfunk)',
      tags: ['Podcast', 'Einschlafen', 'Geschichten'],
    },
    kakadu: {
      kind: 'Kinderpodcast',
      title: 'Kakadu',
      description:
        'Das Kinderprogramm von Deutschlandfunk Kultur: Kinder stellen Fragen, und Reporterinnen und Reporter suchen mit ihnen nach Antworten – dazu Hörspiele und Geschichten. Für Kinder von etwa 6 bis 10 Jahren.',
      source: 'Deutschlandfunk Kultur',
      tags: ['Podcast', 'Wissen', '6–10 Jahre'],
    },
    pumuckl: {
      kind: 'Hörspiel-Podcast',
      title: 'Pumuckl – Der Hörspiel-Klassiker',
      description: 'Die klassischen Hörspiele von Meister Eder und seinem Pumuckl aus dem Bayerischen Rundfunk, Folge für Folge als Podcast.',
      source: 'Bayerischer Rundfunk (Bayern 2)',
      tags: ['Hörspiel', 'Podcast', 'Klassiker'],
    },
    'circle-round': {
      kind: 'Kinder-Podcast (Englisch)',
      title: 'Circle Round',
      description:
        'Volksmärchen aus aller Welt, als lebendige Hörspiele für Kinder von etwa 4 bis 10 Jahren erzählt. Die Folgen sind kurz genug für eine Autofahrt oder zum Einschlafen.',
      source: 'WBUR (öffentlicher Radiosender in Boston)',
      tags: ['Podcast', 'Geschichten', '4–10 Jahre'],
    },
    'freegal-music': {
      kind: 'Kostenloser Musikdienst von Bibliotheken',
      title: 'Freegal Music',
      description:
        'Mit dem Ausweis einer teilnehmenden öffentlichen Bibliothek kostenlos Musik hören und herunterladen, auch aus einem Bereich für Kinder. Wie viele Lieder du pro Woche herunterladen darfst, hängt von deiner Bibliothek ab.',
      source: 'Freegal Music, über deine öffentliche Bibliothek',
      tags: ['Musik', 'Bibliotheksausweis', 'Downloads'],
    },
    'neighborhood-archive': {
      kind: 'Archiv mit Liedern aus dem Kinderfernsehen (Englisch)',
      title: 'The Neighborhood Archive',
      description:
        'Ein Fan-Archiv zu „Mister Rogers’ Neighborhood“ mit den Liedern aus der Sendung, ihren Texten und den Geschichten dahinter. Wunderbar zum gemeinsamen Mitsingen.',
      source: 'neighborhoodarchive.com',
      tags: ['Fernsehlieder', 'Liedtexte', 'Mitsingen'],
    },
    'classics-for-kids': {
      kind: 'Klassik-Podcast für Kinder (Englisch)',
      title: 'Classics for Kids',
      description:
        'Kurze, freundliche Folgen, die von großen Komponistinnen und Komponisten erzählen und ihre Musik spielen – für junge Zuhörer, die klassische Musik zum ersten Mal kennenlernen.',
      source: 'Cincinnati Public Radio',
      tags: ['Klassik', 'Podcast', 'Geschichten'],
    },
  },
});
