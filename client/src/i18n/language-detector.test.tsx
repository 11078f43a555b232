// The language detection of i18n.ts: a stored choice first, then the browser's languages; only an
// explicit choice is stored (localStorage and the cookie the server reads).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '@tonieshelf/shared/languages';
import { chooseLanguage, i18n, languageDetector, pickLanguage } from './i18n';

afterEach(() => {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  vi.restoreAllMocks();
});

describe('language detection', () => {
  it('offers the stored choice before the browser languages, and drops unsafe values', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de-AT']);
    expect(languageDetector.detect()).toEqual(['fr-FR', 'de-AT', navigator.language]);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(languageDetector.detect()).toEqual(['de', 'fr-FR', 'de-AT', navigator.language]);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, '<b>x</b>');
    expect(languageDetector.detect()).toEqual(['fr-FR', 'de-AT', navigator.language]);
  });

  it('takes the first candidate the app has, by its base language, and English when none', () => {
    expect(pickLanguage(['fr-FR', 'de-AT', 'en-US'])).toBe('de');
    expect(pickLanguage(['EN_gb', 'de'])).toBe('en');
    expect(pickLanguage(['fr', 'it-IT'])).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it("switches by a tag to the app's language for it (English for one it lacks) and tells subscribers once per change", async () => {
    const seen: string[] = [];
    const stop = i18n.subscribe(() => seen.push(i18n.language));
    await i18n.changeLanguage('de-CH');
    await i18n.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    await i18n.changeLanguage('fr');
    stop();
    await i18n.changeLanguage('de');
    expect(seen).toEqual(['de', 'en']);
    expect(document.documentElement.lang).toBe('de');
    await i18n.changeLanguage('en');
  });

  it('stores nothing on an automatic change; chooseLanguage stores the choice and sets the cookie', async () => {
    languageDetector.cacheUserLanguage('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain(`${LANGUAGE_COOKIE}=`);

    chooseLanguage('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
    await vi.waitFor(() => expect(i18n.language).toBe('de'));
    chooseLanguage('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });
});
