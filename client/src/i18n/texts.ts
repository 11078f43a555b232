// Typed texts per namespace. The English object is the contract (SPEC.md's texts word for word);
// the German one must have the same keys and the same function signatures (the type checks it at
// build time, texts-complete.test.ts at test time). A component reading them re-renders when the
// language changes (useCurrentLanguage).
import { currentLanguage, useCurrentLanguage } from './i18n';
import type { Language } from '@tonieshelf/shared/languages';

/** The shape of a texts object with its literal strings widened, for the other languages. */
export type Texts<T> = T extends string
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

/**
 * Registers a namespace's texts in every language and returns a hook giving the current
 * language's object (components re-render when the language changes), plus `get` for code
 * outside components (it reads the language at the time it is called).
 */
export function defineTexts<T extends object>(ns: string, en: T, de: Texts<T>) {
  if (namespaces.has(ns)) throw new Error(`Texts namespace "${ns}" is defined twice`);
  const byLanguage: Record<Language, Texts<T>> = { en: en as Texts<T>, de };
  namespaces.set(ns, byLanguage);
  function useTexts(): Texts<T> {
    return byLanguage[useCurrentLanguage()];
  }
  return Object.assign(useTexts, { get: (language: Language = currentLanguage()): Texts<T> => byLanguage[language] });
}
