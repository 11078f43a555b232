// The language detection of i18n.ts: a stored choice first, then the browser's languages; only an
// explicit choice is stored (localStorage and the cookie the server reads).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '@tonieshelf/shared/languages';
import { chooseLanguage, i18n, languageDetector } from './i18n';

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
