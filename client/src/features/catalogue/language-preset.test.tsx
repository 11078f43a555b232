import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCatalogueParams } from './catalogue-params';
import { LANGUAGE_PRESET_KEY, useLanguagePreset } from './language-preset';

const LANGUAGES = [
  { language: 'de-DE', count: 40 },
  { language: 'en-GB', count: 5 },
  { language: 'en-US', count: 3 },
];
const PLAIN = parseCatalogueParams(new URLSearchParams());
const SEARCH = parseCatalogueParams(new URLSearchParams('search=moon'));
const PRESET = parseCatalogueParams(new URLSearchParams('languages=en-GB,en-US'));

afterEach(() => window.localStorage.clear());

function renderPreset(languages: typeof LANGUAGES | undefined) {
  const apply = vi.fn();
  const view = renderHook(({ state, known }) => useLanguagePreset(state, 'en', known, false, apply), { initialProps: { state: PLAIN, known: languages } });
  return { ...view, apply };
}

describe('useLanguagePreset', () => {
  it('on a first plain visit the list waits for the languages, then filters by the preselection before the address has it', () => {
    const view = renderPreset(undefined);
    expect(view.result.current).toEqual({ waiting: true, languages: null });
    view.rerender({ state: PLAIN, known: LANGUAGES });
    expect(view.result.current).toEqual({ waiting: false, languages: ['en-GB', 'en-US'] });
    expect(view.apply).toHaveBeenCalledWith(['en-GB', 'en-US']);
    expect(window.localStorage.getItem(LANGUAGE_PRESET_KEY)).not.toBeNull();
    // The address has it now: the page reads it from there.
    view.rerender({ state: PRESET, known: LANGUAGES });
    expect(view.result.current).toEqual({ waiting: false, languages: null });
  });

  it('a visitor who went elsewhere before the address changed (a search) is not filtered by it, then or later', () => {
    const view = renderPreset(LANGUAGES);
    expect(view.apply).toHaveBeenCalledTimes(1);
    view.rerender({ state: SEARCH, known: LANGUAGES });
    expect(view.result.current).toEqual({ waiting: false, languages: null });
    // Back on the plain catalogue within the same visit: it does not come back.
    view.rerender({ state: PLAIN, known: LANGUAGES });
    expect(view.result.current).toEqual({ waiting: false, languages: null });
    expect(view.apply).toHaveBeenCalledTimes(1);
  });

  it('once done in this browser, nothing waits and nothing is applied', () => {
    window.localStorage.setItem(LANGUAGE_PRESET_KEY, 'done');
    const view = renderPreset(undefined);
    expect(view.result.current).toEqual({ waiting: false, languages: null });
    view.rerender({ state: PLAIN, known: LANGUAGES });
    expect(view.apply).not.toHaveBeenCalled();
  });
});
