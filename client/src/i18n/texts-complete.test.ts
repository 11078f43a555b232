// Every texts module (*-texts.ts) defines the same keys, nesting and function arities in English
// and German, and no German text is left empty.
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { definedTexts } from './texts';

// Loading the modules registers their namespaces.
import.meta.glob('../**/*-texts.ts', { eager: true });

type Shape = string | { fn: number } | Shape[] | { [key: string]: Shape };

function shapeOf(value: unknown, path: string, problems: string[]): Shape {
  if (typeof value === 'string') {
    if (value.trim() === '') problems.push(`${path} is empty`);
    return 'text';
  }
  if (typeof value === 'function') return { fn: value.length };
  if (Array.isArray(value)) return value.map((item, i) => shapeOf(item, `${path}[${i}]`, problems));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v, `${path}.${k}`, problems)]),
    );
  }
  return typeof value;
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => (typeof v === 'function' ? [`${prefix}${k}()`] : keysOf(v, `${prefix}${k}.`)));
}

describe('texts in every language', () => {
  const namespaces = [...definedTexts().entries()];

  it('finds the texts modules', () => {
    expect(namespaces.map(([ns]) => ns)).toContain('shell');
  });

  it.each(namespaces)('%s: German has exactly the English keys and arities, none empty', (_ns, byLanguage) => {
    const problems: string[] = [];
    const en = shapeOf(byLanguage.en, 'en', problems);
    const de = shapeOf(byLanguage.de, 'de', problems);
    const enKeys = new Set(keysOf(byLanguage.en));
    const deKeys = new Set(keysOf(byLanguage.de));
    expect({ onlyInEnglish: [...enKeys].filter((k) => !deKeys.has(k)), onlyInGerman: [...deKeys].filter((k) => !enKeys.has(k)) }).toEqual({
      onlyInEnglish: [],
      onlyInGerman: [],
    });
    expect(problems).toEqual([]);
    expect(de).toEqual(en);
  });
});

/** Every [English, German] pair of strings at the same place in two texts trees. */
function pairsOf(en: unknown, de: unknown): [string, string][] {
  if (typeof en === 'string' && typeof de === 'string') return [[en, de]];
  if (!en || !de || typeof en !== 'object' || typeof de !== 'object') return [];
  return Object.keys(en).flatMap((key) => pairsOf((en as Record<string, unknown>)[key], (de as Record<string, unknown>)[key]));
}

describe('one German wording per idea', () => {
  it("'Hidden by moderators' reads 'Von der Moderation ausgeblendet' everywhere, as the server's message does", () => {
    const german = formatMessage(MODERATION_MESSAGES.hiddenByModerators, 'de');
    expect(german).toBe('Von der Moderation ausgeblendet');
    const found = [...definedTexts().values()].flatMap((byLanguage) => pairsOf(byLanguage.en, byLanguage.de)).filter(([en]) => en === 'Hidden by moderators');
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.map(([, de]) => de)).toEqual(found.map(() => german));
  });
});
