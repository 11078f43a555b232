// External places to find audio for Creative Tonies, shown on /resources (SPEC §2): kids'
// podcasts, a free library music service, an archive of children's TV songs and a classical
// storytime podcast; in the German interface first German public children's audio as well. Each
// is a public resource run by others; links open in a new tab. The words in German:
// resources-texts.ts (by id).
import type { Language } from '@tonieshelf/shared/languages';

interface ListeningResource {
  id: string;
  /** Shown only in this interface language (offers in that language); absent: in every one. */
  onlyIn?: Language;
  /** What kind of resource this is, shown as a small label. */
  kind: string;
  title: string;
  description: string;
  source: string;
  url: string;
  tags: string[];
}

export const LISTENING_RESOURCES = [
  {
    id: 'gute-nacht-mit-der-maus',
    onlyIn: 'de',
    kind: 'Bedtime podcast (German)',
    title: 'Gute Nacht mit der Maus',
    description: 'Calm bedtime stories from WDR’s “Die Sendung mit der Maus”, a few minutes each, for falling asleep.',
    source: 'WDR (West German public broadcaster)',
    url: 'https://www.wdrmaus.de/hoeren/MausLive/Podcasts/podcasts.php5',
    tags: ['Podcast', 'Bedtime', 'Stories'],
  },
  {
    id: 'kakadu',
    onlyIn: 'de',
    kind: 'Kids podcast (German)',
    title: 'Kakadu',
    description:
      'The children’s programme of Deutschlandfunk Kultur: children ask questions and reporters look for the answers with them, with radio plays and stories besides. For children of about 6 to 10.',
    source: 'Deutschlandfunk Kultur',
    url: 'https://www.kakadu.de/',
    tags: ['Podcast', 'Knowledge', 'Ages 6-10'],
  },
  {
    id: 'pumuckl',
    onlyIn: 'de',
    kind: 'Radio play podcast (German)',
    title: 'Pumuckl – Der Hörspiel-Klassiker',
    description: 'The classic radio plays of Master Eder and his Pumuckl from Bavarian public radio, episode by episode as a podcast.',
    source: 'Bayerischer Rundfunk (Bayern 2)',
    url: 'https://www.br.de/mediathek/podcast/pumuckl/830',
    tags: ['Radio play', 'Podcast', 'Classic'],
  },
  {
    id: 'circle-round',
    kind: 'Kids podcast',
    title: 'Circle Round',
    description: 'Folktales from all over the world, told as lively radio plays for children aged about 4 to 10. Episodes are short enough for a car ride or bedtime.',
    source: 'WBUR (Boston public radio)',
    url: 'https://www.wbur.org/podcasts/circleround',
    tags: ['Podcast', 'Stories', 'Ages 4-10'],
  },
  {
    id: 'freegal-music',
    kind: 'Free library music service',
    title: 'Freegal Music',
    description:
      'Stream and download music for free with a participating public library card, including a children’s section. How many songs you can download each week depends on your library.',
    source: 'Freegal Music, through your public library',
    url: 'https://www.freegalmusic.com',
    tags: ['Music', 'Library card', 'Downloads'],
  },
  {
    id: 'neighborhood-archive',
    kind: 'Archive of children’s TV songs',
    title: 'The Neighborhood Archive',
    description: 'A fan-run archive of Mister Rogers’ Neighborhood with the songs from the show, their lyrics and the stories behind them. Lovely for singing along together.',
    source: 'neighborhoodarchive.com',
    url: 'https://www.neighborhoodarchive.com',
    tags: ['TV songs', 'Lyrics', 'Sing-along'],
  },
  {
    id: 'classics-for-kids',
    kind: 'Classical storytime podcast',
    title: 'Classics for Kids',
    description:
      'Short, friendly episodes that tell the stories of great composers and play their music, made for young listeners who are meeting classical music for the first time.',
    source: 'Cincinnati Public Radio',
    url: 'https://www.classicsforkids.com',
    tags: ['Classical', 'Podcast', 'Stories'],
  },
] as const satisfies readonly ListeningResource[];

export type ListeningResourceId = (typeof LISTENING_RESOURCES)[number]['id'];

/** The resources shown in an interface language: its own offers first, then those for everyone. */
export function resourcesFor(language: Language): (typeof LISTENING_RESOURCES)[number][] {
  return LISTENING_RESOURCES.filter((resource) => !('onlyIn' in resource) || resource.onlyIn === language);
}
