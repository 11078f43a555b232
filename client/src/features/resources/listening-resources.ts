// External places to find audio for Creative Tonies, shown on /resources (SPEC §2): kids'
// podcasts, a free library music service, an archive of children's TV songs and a classical
// storytime podcast. Each is a public resource run by others; links open in a new tab.
// The words in German: resources-texts.ts (by id).

interface ListeningResource {
  id: string;
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
