import { describe, expect, it } from 'vitest';
import { TONIE_CATEGORIES } from '@tonieshelf/shared/values/tonie';
import {
  ImportFormatError,
  assertSourceShape,
  buildDescription,
  cleanAge,
  cleanCatalogue,
  cleanEpisode,
  cleanRecord,
  cleanRuntime,
  cleanText,
  cleanImageUrl,
  cleanUrl,
  languageName,
  nonFigureReason,
  SKIP_REASONS,
  normaliseCategory,
  normaliseLanguage,
  releaseDate,
  seriesTag,
  tonieName,
  tracklistHtml,
  truncate,
} from './clean';

const entry = (overrides: Record<string, unknown> = {}) => ({
  series: 'Lotta Lamm',
  'series-id': 'lotta-lamm',
  episode: 'Der Wollknäuel',
  release: 1600000000,
  language: 'de-de',
  category: 'audio-play',
  runtime: 40,
  age: 4,
  origin: 'stock',
  image: 'https://img.example.invalid/lotta.png',
  sample: null,
  web: 'https://shop.example.invalid/lotta/',
  'shop-id': null,
  'track-desc': ['Eins', 'Zwei'],
  ids: [],
  ...overrides,
});

describe('normaliseCategory', () => {
  it.each([
    ['audio-play', 'Audio Play'],
    ['Hörspiele & Hörbücher', 'Audio Play'],
    ['audio-book', 'Audio Book'],
    ['Audiobook', 'Audio Book'],
    ['music', 'Music'],
    ['Musik', 'Music'],
    ['audio-play-songs', 'Songs'],
    ['audio-book-songs', 'Songs'],
    ['audio-play-educational', 'Knowledge'],
    ['Wissen & Lernen', 'Knowledge'],
    ['Wissen', 'Knowledge'],
    ['creative-tonie', 'Creative Tonie'],
    ['Creative Tonie', 'Creative Tonie'],
    ['  AUDIO-PLAY ', 'Audio Play'],
  ])('%s -> %s', (raw, expected) => {
    expect(normaliseCategory(raw, 'Lotta Lamm')).toBe(expected);
  });

  it("'Tonie', missing or empty with nothing better -> Audio Play", () => {
    expect(normaliseCategory('Tonie', 'Moonbeam Tales The Comet')).toBe('Audio Play');
    expect(normaliseCategory(null, 'Moonbeam Tales')).toBe('Audio Play');
    expect(normaliseCategory(undefined, 'Moonbeam Tales')).toBe('Audio Play');
    expect(normaliseCategory('', 'Moonbeam Tales')).toBe('Audio Play');
  });

  it("'Tonie' whose title names songs / creative / learning -> that category", () => {
    expect(normaliseCategory('Tonie', "Favourite Kids' Songs Bedtime")).toBe('Music');
    expect(normaliseCategory('Tonie', 'Lieblings-Kinderlieder')).toBe('Music');
    expect(normaliseCategory('Tonie', 'Star Creative Figure')).toBe('Creative Tonie');
    expect(normaliseCategory(null, 'Wissen kompakt Planeten')).toBe('Knowledge');
  });

  it('unknown label -> Other; system -> system', () => {
    expect(normaliseCategory('Funhouse Special', 'Jahrmarkt')).toBe('Other');
    expect(normaliseCategory('system', 'System sounds')).toBe('system');
  });

  it('every result lies in TONIE_CATEGORIES', () => {
    for (const raw of ['audio-play', 'Tonie', null, 'x', 'Musik', 'creative-tonie']) {
      expect(TONIE_CATEGORIES).toContain(normaliseCategory(raw, 'any'));
    }
  });
});

describe('languages', () => {
  it("'de-de' -> 'de-DE', 'EN_us' -> 'en-US', 'fr' -> 'fr', garbage and missing -> null", () => {
    expect(normaliseLanguage('de-de')).toBe('de-DE');
    expect(normaliseLanguage('EN_us')).toBe('en-US');
    expect(normaliseLanguage('fr')).toBe('fr');
    expect(normaliseLanguage('deutsch!')).toBeNull();
    expect(normaliseLanguage(null)).toBeNull();
    expect(normaliseLanguage('')).toBeNull();
  });

  it("readable names: 'de-DE' -> German, 'en-GB' and 'en-US' -> English, 'nl-BE' -> Dutch", () => {
    expect(languageName('de-DE')).toBe('German');
    expect(languageName('en-GB')).toBe('English');
    expect(languageName('en-US')).toBe('English');
    expect(languageName('nl-BE')).toBe('Dutch');
    expect(languageName(null)).toBeNull();
  });
});

describe('numbers and dates', () => {
  it('age 99 and implausible ages -> null; 0-18 kept', () => {
    expect(cleanAge(99)).toBeNull();
    expect(cleanAge(45)).toBeNull();
    expect(cleanAge(-1)).toBeNull();
    expect(cleanAge(3.5)).toBeNull();
    expect(cleanAge(null)).toBeNull();
    expect(cleanAge(0)).toBe(0);
    expect(cleanAge(6)).toBe(6);
  });

  it('tunes runtime above 300 -> seconds to minutes; stock and small tunes values stay minutes; 0 -> null', () => {
    expect(cleanRuntime(2730, 'tunes')).toBe(46);
    expect(cleanRuntime(4831, 'tunes')).toBe(81);
    expect(cleanRuntime(95, 'tunes')).toBe(95);
    expect(cleanRuntime(338, 'stock')).toBe(338);
    expect(cleanRuntime(52, 'stock')).toBe(52);
    expect(cleanRuntime(0, 'stock')).toBeNull();
    expect(cleanRuntime(null, 'tunes')).toBeNull();
  });

  it('release in Unix seconds -> YYYY-MM-DD (UTC); 0 and missing -> null', () => {
    expect(releaseDate(1474934400)).toBe('2016-09-27');
    expect(releaseDate(1474934400000)).toBe('2016-09-27');
    expect(releaseDate(0)).toBeNull();
    expect(releaseDate(null)).toBeNull();
    expect(releaseDate(undefined)).toBeNull();
  });
});

describe('text', () => {
  it('cleanText trims, collapses whitespace, drops control characters; blank -> null', () => {
    expect(cleanText('  a \n\t b\u0007 ')).toBe('a b');
    expect(cleanText('   ')).toBeNull();
    expect(cleanText(null)).toBeNull();
  });

  it('cleanImageUrl: https kept; http and placeholder pictures -> null', () => {
    expect(cleanImageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(cleanImageUrl('http://a.example/x.png')).toBeNull();
    expect(cleanImageUrl('https://gt-blog.de/JSON/Kreativ-Tonie%20-%20(Platzhalter).png')).toBeNull();
    expect(cleanImageUrl('https://cdn.example/placeholder.jpg')).toBeNull();
    expect(cleanImageUrl(null)).toBeNull();
  });

  it('cleanUrl keeps http(s) only', () => {
    expect(cleanUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(cleanUrl('javascript:alert(1)')).toBeNull();
    expect(cleanUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(cleanUrl('/relative.png')).toBeNull();
    expect(cleanUrl(null)).toBeNull();
  });

  it('tracklistHtml escapes every title inside an <ol>; no tracks -> null', () => {
    expect(tracklistHtml(['<script>x</script>', 'Tom & "Jerry"'])).toBe('<ol><li>&lt;script&gt;x&lt;/script&gt;</li><li>Tom &amp; &quot;Jerry&quot;</li></ol>');
    expect(tracklistHtml([])).toBeNull();
  });

  it('tonieName: Series – Episode; series alone; episode that starts with the series; lower-case continuation', () => {
    expect(tonieName('Lotta Lamm', 'Der Wollknäuel')).toBe('Lotta Lamm – Der Wollknäuel');
    expect(tonieName('Lotta Lamm', null)).toBe('Lotta Lamm');
    expect(tonieName('Lotta Lamm', 'lotta lamm')).toBe('Lotta Lamm');
    expect(tonieName('Die Olchis', 'Die Olchis auf Reisen')).toBe('Die Olchis auf Reisen');
    expect(tonieName('Ella', 'Ellas Abenteuer')).toBe('Ella – Ellas Abenteuer');
    expect(tonieName('Benno Brummbär', 'als Bäcker')).toBe('Benno Brummbär als Bäcker');
    expect([...tonieName('S', 'E'.repeat(400))].length).toBeLessThanOrEqual(300);
  });

  it('names never repeat their series: dashes, commas, quotes and case do not make a second title (real examples)', () => {
    // The same title spelled twice -> the series alone.
    expect(tonieName('Die Eiskönigin – Olaf taut auf', 'Die Eiskönigin - Olaf taut auf')).toBe('Die Eiskönigin – Olaf taut auf');
    expect(tonieName('Merida – Legende der Highlands', 'Merida - Legende der Highlands')).toBe('Merida – Legende der Highlands');
    expect(tonieName('Arielle, die Meerjungfrau', 'Arielle die Meerjungfrau')).toBe('Arielle, die Meerjungfrau');
    expect(tonieName('Monsters, Inc.', 'Monsters Inc.')).toBe('Monsters, Inc.');
    expect(tonieName('DC: Batwheels', 'DC - Batwheels')).toBe('DC: Batwheels');
    expect(tonieName('Scooby-Doo!', 'Scooby-Doo')).toBe('Scooby-Doo!');
    // The episode is the head of the series -> the series.
    expect(tonieName('Die Eiskönigin – Völlig unverfroren', 'Die Eiskönigin')).toBe('Die Eiskönigin – Völlig unverfroren');
    // The series in front, then a dash, a colon or a comma and a capital -> 'Series – Episode' once.
    expect(tonieName('Bibi & Tina', 'Bibi & Tina, Folge 115: Das unbekannte Pferd')).toBe('Bibi & Tina – Folge 115: Das unbekannte Pferd');
    expect(tonieName('Lottie Brooks', 'Lottie Brooks - The Extremely Embarrassing Life of Lottie Brooks (Book 1)')).toBe(
      'Lottie Brooks – The Extremely Embarrassing Life of Lottie Brooks (Book 1)',
    );
    expect(tonieName('Frau Honig', 'Frau Honig: Frau Honig und die Geheimnisse im Kirschbaum')).toBe('Frau Honig und die Geheimnisse im Kirschbaum');
    expect(tonieName('Der kleine Vampir', 'Der kleine Vampir - Der kleine Vampir, Band 1 (Ungekürzte Lesung mit Musik)')).toBe(
      'Der kleine Vampir – Band 1 (Ungekürzte Lesung mit Musik)',
    );
    // ... at the end after a dash, or at the start of a bracket.
    expect(tonieName('My Little Pony', 'Fem minutter i godnat - My Little Pony')).toBe('My Little Pony – Fem minutter i godnat');
    expect(tonieName('Der kleine Vampir', 'Der kleine Vampir zieht um - Der kleine Vampir, Band 2 (Ungekürzte Lesung mit Musik)')).toBe(
      'Der kleine Vampir zieht um – Band 2 (Ungekürzte Lesung mit Musik)',
    );
    expect(tonieName('Wieso? Weshalb? Warum? Erstleser', 'Ozeane [Wieso? Weshalb? Warum? ERSTLESER Folge 8]')).toBe('Wieso? Weshalb? Warum? Erstleser – Ozeane (Folge 8)');
    // Left alone: an episode that starts with the series' words and goes on in words, typographic
    // quotes, a lower-case word after a comma, a list after the series, a compound word, the
    // series inside a title.
    expect(tonieName('Ich - einfach unverbesserlich', 'Ich – Einfach unverbesserlich 4')).toBe('Ich – Einfach unverbesserlich 4');
    expect(tonieName("Käpt'n Sharky", 'Käpt’n Sharky und das Geheimnis der Schatzinsel')).toBe('Käpt’n Sharky und das Geheimnis der Schatzinsel');
    expect(tonieName('Wie man 13 wird', 'Wie man 13 wird, ohne zum Tier zu werden (Wie man 13 wird 2)')).toBe('Wie man 13 wird, ohne zum Tier zu werden (Wie man 13 wird 2)');
    expect(tonieName('Bluey', 'Multipack Bluey - Bluey, Bingo, Muffin')).toBe('Bluey – Multipack Bluey - Bluey, Bingo, Muffin');
    expect(tonieName('Ostwind', 'Ostwind-Abenteuer')).toBe('Ostwind-Abenteuer');
    expect(tonieName('Fünf Freunde', 'Adventskalender - Fünf Freunde und das Abenteuer im Wald')).toBe('Fünf Freunde – Adventskalender - Fünf Freunde und das Abenteuer im Wald');
    expect(tonieName('Die drei ???', 'und der unsichtbare Gegner')).toBe('Die drei ??? und der unsichtbare Gegner');
  });

  it('cleanEpisode: the episode column keeps what is not the series; null when nothing is left', () => {
    expect(cleanEpisode('Die Eiskönigin – Olaf taut auf', 'Die Eiskönigin - Olaf taut auf')).toBeNull();
    expect(cleanEpisode('Bibi & Tina', 'Bibi & Tina, Folge 115: Das unbekannte Pferd')).toBe('Folge 115: Das unbekannte Pferd');
    expect(cleanEpisode('Pokémon', 'Pokémon: Squirtle')).toBe('Squirtle');
    expect(cleanEpisode('Die Olchis', 'Die Olchis auf Reisen')).toBe('Die Olchis auf Reisen');
    expect(cleanEpisode('Lotta Lamm', '  Der   Wollknäuel ')).toBe('Der Wollknäuel');
    expect(cleanEpisode('Lotta Lamm', null)).toBeNull();
  });

  it('seriesTag: short names kept; long names cut at a subtitle separator or a word, at most 40 characters', () => {
    expect(seriesTag('Lotta Lamm')).toBe('Lotta Lamm');
    expect(seriesTag('Gus, der klitzekleine Ritter')).toBe('Gus der klitzekleine Ritter');
    expect(seriesTag('Wunderbare Reisen der kleinen Wolke - Die Hörspielreihe')).toBe('Wunderbare Reisen der kleinen Wolke');
    expect(seriesTag('Favourite Children’s Songs')).toBe("Favourite Children's Songs");
    const long = seriesTag('Eine sehr sehr lange Reihe ohne jedes Trennzeichen darin');
    expect(long).toBe('Eine sehr sehr lange Reihe ohne jedes…');
    expect([...long!].length).toBeLessThanOrEqual(40);
  });

  it('truncate leaves short text alone and ends long text with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('one two three four', 10)).toBe('one two…');
  });

  it('buildDescription states only known facts', () => {
    expect(
      buildDescription({
        title: 'Lotta Lamm: Der Wollknäuel',
        episode: 'Der Wollknäuel',
        category: 'Audio Play',
        languageName: 'German',
        trackCount: 1,
        runtime: 40,
        age: 4,
        setEpisodes: [],
      }),
    ).toBe('Lotta Lamm: Der Wollknäuel. Audio play in German: 1 track, 40 minutes, for ages 4+.');
    expect(
      buildDescription({
        title: 'Lotta Lamm',
        episode: 'Lotta Lamm',
        category: 'Creative Tonie',
        languageName: 'German',
        trackCount: 0,
        runtime: null,
        age: null,
        setEpisodes: [],
      }),
    ).toBe('Lotta Lamm. Creative Tonie for your own recordings.');
  });
});

describe('cleanRecord', () => {
  it('a clean record -> a full row with series, age and language tags', () => {
    const result = cleanRecord({ article: ' 01-1234 ', data: [entry()] }, 0);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toMatchObject({
      article: '01-1234',
      name: 'Lotta Lamm – Der Wollknäuel',
      category: 'Audio Play',
      language: 'de-DE',
      runtime: 40,
      age_min: 4,
      age_range: '4+',
      song_count: 2,
      release_date: '2020-09-13',
      url: 'https://shop.example.invalid/lotta/',
      html_description: null,
      tags: ['Lotta Lamm', 'Ages 4+', 'German'],
    });
  });

  it('no article / no series / garbage types / system -> skipped with a reason', () => {
    expect(cleanRecord({ data: [entry()] }, 4)).toEqual({
      ok: false,
      skipped: { article: '(record #5 without article)', reason: 'no article' },
    });
    expect(cleanRecord({ article: 'A1', data: [entry({ series: null })] }, 0)).toEqual({
      ok: false,
      skipped: { article: 'A1', reason: 'no series' },
    });
    const garbage = cleanRecord({ article: 'A2', data: [entry({ runtime: 'long' })] }, 0);
    expect(garbage).toEqual({ ok: false, skipped: { article: 'A2', reason: 'runtime is not a number' } });
    const tracks = cleanRecord({ article: 'A3', data: [entry({ 'track-desc': 'one' })] }, 0);
    expect(tracks.ok).toBe(false);
    expect(cleanRecord({ article: 'A4', data: [entry({ category: 'system' })] }, 0)).toEqual({
      ok: false,
      skipped: { article: 'A4', reason: 'system sound, not a figure' },
    });
    expect(cleanRecord({ article: 'A5', data: [] }, 0)).toEqual({ ok: false, skipped: { article: 'A5', reason: 'no entries' } });
    expect(cleanRecord({ article: { x: 1 }, data: [entry()] }, 0).ok).toBe(false);
  });

  it("non-figures -> skipped with their reason (the real file's placeholders, dummies, test products, blocked entries, bundles)", () => {
    const reason = (article: string, series: string, episode: string | null, category = 'Tonie') => nonFigureReason(article, series, episode, category);
    expect(reason('99-0001', 'Kreativ-Tonie', '(Platzhalter) - DE')).toBe(SKIP_REASONS.placeholder);
    expect(reason('00000000', 'Coming Soon Tonie 1', null)).toBe(SKIP_REASONS.placeholder);
    expect(reason('99-0002', 'Creative-Tonie', 'Creativ-Tonie (DUMMY) - UK')).toBe(SKIP_REASONS.dummy);
    expect(reason('None', 'Z', 'Purple Dot Test Product 1', 'Creative Tonie')).toBe(SKIP_REASONS.test);
    expect(reason('123456789', 'TEST Copy of Disney Encanto', null)).toBe(SKIP_REASONS.test);
    expect(reason('pseudo:98-0414', 'DEMO TONIE', 'DEMO TONIE', 'DEMO TONIE')).toBe(SKIP_REASONS.test);
    expect(reason('99-0004', 'Kreativ-Tonie', 'GESPERRT in einem anderen Haushalt')).toBe(SKIP_REASONS.blocked);
    expect(reason('SAMSBUNDLE', "Sam's Club Disney Bundle with Red Toniebox", null)).toBe(SKIP_REASONS.bundle);
    expect(reason('11111111', 'Lotta Lamm', 'Der Wollknäuel')).toBe(SKIP_REASONS.articleCode);
    // Real figures whose titles merely hold such letters stay.
    expect(reason('10002172', 'Gigantosaurus', 'Mazus Mutprobe')).toBeNull();
    expect(reason('2000001511', 'TKKG', 'Drohbriefe von Unbekannt')).toBeNull();
    expect(reason('09-0008', 'Creative-Tonie', 'Purple People with P (Starter Set limited Edition for US Start only)')).toBeNull();
    expect(reason('11001851', 'Disney', 'Bundle with Tigger, Woody & Stitch - Red')).toBeNull();
    expect(reason('10000812', 'Julia Donaldson', 'The Snail and the Whale & The Smartest Giant in Town')).toBeNull();
    expect(reason('10000000', 'Lotta Lamm', 'Das Testament der Eule')).toBeNull();

    expect(cleanRecord({ article: '99-0004', data: [entry({ series: 'Kreativ-Tonie', episode: 'GESPERRT in einem anderen Haushalt' })] }, 0)).toEqual({
      ok: false,
      skipped: { article: '99-0004', reason: SKIP_REASONS.blocked },
    });
  });

  it('a release date more than a year after the import -> null (a placeholder date)', () => {
    const now = Date.UTC(2026, 7, 22);
    expect(releaseDate(Date.UTC(2029, 0, 1) / 1000, now)).toBeNull();
    expect(releaseDate(Date.UTC(2026, 9, 7) / 1000, now)).toBe('2026-10-07');
  });

  it('a set -> first entry is the main one; others add tracks, runtime, missing fields and are named', () => {
    const result = cleanRecord(
      {
        article: 'SET-1',
        data: [
          entry({ episode: 'Teil A', image: null, runtime: 30, 'track-desc': ['a1', 'shared'] }),
          entry({ episode: 'Teil B', image: 'https://img.example.invalid/b.png', runtime: 20, 'track-desc': ['shared', 'b1'] }),
        ],
      },
      0,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row.name).toBe('Lotta Lamm – Teil A');
    expect(result.row.image).toBe('https://img.example.invalid/b.png');
    expect(result.row.runtime).toBe(50);
    expect(result.row.song_count).toBe(3);
    expect(result.row.description).toContain('A set of 2: Teil A; Teil B.');
  });
});

describe('file shape', () => {
  it('not an array / items not objects / no data lists -> ImportFormatError', () => {
    expect(() => assertSourceShape({ article: 'x' })).toThrow(ImportFormatError);
    expect(() => assertSourceShape('text')).toThrow(/expected a JSON array/);
    expect(() => assertSourceShape([1, 2])).toThrow(/item #1 is not an object/);
    expect(() => assertSourceShape([{ no: 1, title: 'v1 format' }])).toThrow(/no record has a "data" list/);
    expect(() => assertSourceShape([])).not.toThrow();
  });

  it("cleanCatalogue: a Tonie without an age takes its series' agreed age (same language, ages within a year); otherwise none", () => {
    const rec = (article: string, series: string, age: number | null, more: Record<string, unknown> = {}) => ({
      article,
      data: [entry({ series, episode: `Folge ${article}`, age, ...more })],
    });
    const { rows } = cleanCatalogue([
      rec('A1', 'Lotta Lamm', 4),
      rec('A2', 'Lotta Lamm', 5),
      rec('A3', 'Lotta Lamm', 99),
      rec('A4', 'Lotta Lamm', null, { language: 'en-gb' }),
      rec('B1', 'Wilde Wölfe', 3),
      rec('B2', 'Wilde Wölfe', 8),
      rec('B3', 'Wilde Wölfe', null),
      rec('C1', 'Lotta Lamm', 99, { category: 'creative-tonie' }),
    ]);
    const byArticle = new Map(rows.map((r) => [r.article, r]));
    expect(byArticle.get('A3')).toMatchObject({ age_min: 4, age_range: '4+' });
    expect(byArticle.get('A3')!.tags).toContain('Ages 4+');
    expect(byArticle.get('A3')!.description).toContain('for ages 4+');
    expect(byArticle.get('A4')!.age_min).toBeNull();
    expect(byArticle.get('B3')!.age_min).toBeNull();
    expect(byArticle.get('C1')!.age_min).toBeNull();
    expect(byArticle.get('A1')!.age_min).toBe(4);
    expect(byArticle.get('A2')!.age_min).toBe(5);
  });

  it('cleanCatalogue: a later duplicate article -> skipped; categories counted', () => {
    const result = cleanCatalogue([
      { article: 'D1', data: [entry()] },
      { article: 'D1', data: [entry({ episode: 'Other' })] },
      { article: 'D2', data: [entry({ category: 'music' })] },
    ]);
    expect(result.rows.map((r) => r.article)).toEqual(['D1', 'D2']);
    expect(result.skipped).toEqual([{ article: 'D1', reason: 'duplicate article (an earlier record has it)' }]);
    expect(result.categories).toEqual({ 'Audio Play': 1, Music: 1 });
  });
});
