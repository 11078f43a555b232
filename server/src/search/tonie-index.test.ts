// The search index's rules without a database: the German fold at index and query time, typos
// and prefixes, every word must match, field weights, ties, stop words, changes and 'Did you mean'.
import { describe, expect, it } from 'vitest';
import { queryWords, TonieIndex, type TonieSearchDoc } from './tonie-index';

let nextId = 0;
function doc(fields: Partial<TonieSearchDoc> & { name: string }): TonieSearchDoc {
  return { id: ++nextId, series: null, description: '', releaseDate: null, tags: [], ...fields };
}

function indexOf(docs: Record<string, TonieSearchDoc>) {
  const index = new TonieIndex();
  index.put(Object.values(docs));
  const keyOf = new Map(Object.entries(docs).map(([key, d]) => [d.id, key]));
  return { index, find: (search: string) => index.search(search).map((id) => keyOf.get(id)) };
}

describe('search index', () => {
  const docs = {
    bbExact: doc({ name: 'Benjamin Blümchen', series: 'Benjamin Blümchen', releaseDate: '2015-01-01' }),
    bbZoo: doc({ name: 'Benjamin Blümchen – Der Zoo-Kindergarten', series: 'Benjamin Blümchen', releaseDate: '2020-01-01' }),
    bbDesc: doc({ name: 'Zoogeschichten', series: 'Tiergeschichten', description: 'Mit Benjamin Blümchen und Otto im Zoo.', releaseDate: '2025-06-01' }),
    bibi: doc({ name: 'Bibi & Tina – Das Fohlen', series: 'Bibi & Tina', releaseDate: '2019-01-01' }),
    blocksberg: doc({ name: 'Bibi Blocksberg – Hexen gibt es doch', series: 'Bibi Blocksberg', releaseDate: '2019-03-01' }),
    paw: doc({ name: 'PAW Patrol – Chase', series: 'PAW Patrol', releaseDate: '2021-03-01' }),
    pawGb: doc({ name: 'PAW Patrol – Chase', series: 'PAW Patrol', releaseDate: '2021-02-01' }),
    drei: doc({ name: 'Die drei ??? – Der Superpapagei', series: 'Die drei ???', releaseDate: '2020-01-01' }),
    laura: doc({ name: 'Lauras Stern – Gute-Nacht-Geschichten', series: 'Lauras Stern', releaseDate: '2018-01-01' }),
    tagged: doc({ name: 'Schlaflieder', tags: ['Einschlafen', 'Gute Nacht'], releaseDate: '2017-01-01' }),
  };
  const { index, find } = indexOf(docs);

  it("folds umlauts three ways, ß, '&'/'und'/'and' and hyphens at index and query time", () => {
    for (const text of ['Blümchen', 'bluemchen', 'blumchen', 'BLÜMCHEN']) expect(find(text).sort(), text).toEqual(['bbDesc', 'bbExact', 'bbZoo']);
    for (const text of ['Bibi & Tina', 'Bibi und Tina', 'Bibi and Tina']) expect(find(text), text).toEqual(['bibi']);
    expect(find('zoo-kindergarten')).toEqual(['bbZoo']);
    expect(queryWords('Straße & Fluss')).toEqual(['strasse', 'fluss']);
  });

  it('typos: none under 4 letters, one up to 7, two from 8; the last word may be unfinished', () => {
    expect(find('Benjmin')).toContain('bbExact');
    expect(find('Blocksbreg')).toEqual(['blocksberg']);
    expect(find('Bibi Hxen')).toEqual(['blocksberg']);
    // Two typos in a word of 6 letters are too many; a number has none.
    expect(find('Bnjmin')).toEqual([]);
    const years = indexOf({ y2018: doc({ name: 'Hits 2018' }), y2019: doc({ name: 'Hits 2019' }) });
    expect(years.find('Hits 2019')).toEqual(['y2019']);
    expect(find('Bbi Tina')).toEqual([]);
    expect(find('paw patr')).toEqual(['paw', 'pawGb']);
    // Only the last word is a prefix.
    expect(find('pa patrol')).toEqual([]);
  });

  it('every word must match; the name counts more than the description; ties go to the newest release', () => {
    expect(find('Benjamin Otto')).toEqual(['bbDesc']);
    expect(find('Benjamin Blümchen').slice(0, 2)).toEqual(['bbExact', 'bbZoo']);
    expect(find('Benjamin Blümchen').at(-1)).toBe('bbDesc');
    // The same texts: the newer release first.
    expect(find('PAW Patrol Chase')).toEqual(['paw', 'pawGb']);
    expect(find('einschlafen')).toEqual(['tagged']);
  });

  it("stop words and single letters count only alone; 'Die drei ???' is 'drei Fragezeichen'", () => {
    expect(queryWords("Laura's Stern")).toEqual(['laura', 'stern']);
    expect(find("Laura's Stern")).toEqual(['laura']);
    expect(queryWords('Der Grüffelo')).toEqual(['gruffelo']);
    expect(queryWords('der')).toEqual(['der']);
    expect(queryWords('a b c')).toEqual([]);
    expect(queryWords('Folge 1')).toEqual(['folge', '1']);
    expect(find('drei fragezeichen')).toEqual(['drei']);
    expect(find('Die drei ???')).toEqual(['drei']);
    expect(find('')).toEqual([]);
  });

  it('a replaced Tonie is found by its new text only; a removed one not at all', () => {
    const own = indexOf({ a: doc({ name: 'Der Mond' }), b: doc({ name: 'Die Sonne' }) });
    const [a] = own.index.search('mond');
    own.index.put([{ ...doc({ name: 'Die Sterne' }), id: a! }]);
    expect(own.find('mond')).toEqual([]);
    expect(own.find('sterne')).toEqual(['a']);
    own.index.remove([a!]);
    expect(own.find('sterne')).toEqual([]);
    expect(own.index.size).toBe(1);
  });

  it("'Did you mean': the Tonies closest to any word, best first, at most the limit", () => {
    const closest = (search: string, limit = 5) => index.closest(search, limit).map((id) => Object.entries(docs).find(([, d]) => d.id === id)![0]);
    expect(closest('Paw Patrl')).toEqual(['paw', 'pawGb']);
    expect(closest('Blocksbreg Hexxe', 1)).toEqual(['blocksberg']);
    expect(closest('qqxxzz')).toEqual([]);
    expect(closest('ab')).toEqual([]);
  });
});
