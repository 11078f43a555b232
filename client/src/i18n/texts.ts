// Typed texts per namespace. The English object is the contract (SPEC.md's texts word for word);
// the German one must have the same keys and the same function signatures (the type checks it at
// build time, texts-complete.test.ts at test time). Both live in i18next's store, so a language
// switch re-renders every component that reads them.
import { useTranslation } from 'react-i18next';
import { i18n, currentLanguage } from './i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, languageOf, type Language } from '@tonieshelf/shared/languages';

/** The shape of a texts object with its literal strings widened, for the other languages. */
type Texts<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Texts<R>
    : T extends readonly (infer E)[]
      ? readonly Texts<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Texts<T[K]> }
        : T;

const namespaces = new Map<string, Record<Language, unknown>>();

/** Every namespace defined so far with its texts per language (for the completeness test). */
export function definedTexts(): ReadonlyMap<string, Record<Language, unknown>> {
  return namespaces;
}

function textsFor<T>(ns: string, language: Language): Texts<T> {
  return (i18n.getResourceBundle(language, ns) ?? i18n.getResourceBundle(DEFAULT_LANGUAGE, ns)) as Texts<T>;
}

/**
 * Registers a namespace's texts in every language and returns a hook giving the current
 * language's object (components re-render when the language changes), plus `get` for code
 * outside components (it reads the language at the time it is called).
 */
export function defineTexts<T extends object>(ns: string, en: T, de: Texts<T>) {
  if (namespaces.has(ns)) throw new Error(`Texts namespace "${ns}" is defined twice`);
  const byLanguage: Record<Language, unknown> = { en, de };
  namespaces.set(ns, byLanguage);
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, ns, byLanguage[language] as object, false, true, { silent: true, skipCopy: true });
  }
  function useTexts(): Texts<T> {
    const { i18n: instance } = useTranslation(ns);
    // resolvedLanguage stays unset when the language was detected before the texts were added
    // (every first load): the detected language itself then decides.
    return textsFor<T>(ns, languageOf(instance.resolvedLanguage ?? instance.language));
  }
  return Object.assign(useTexts, { get: (language: Language = currentLanguage()): Texts<T> => textsFor<T>(ns, language) });
}
