import type { Language } from '@tonieshelf/shared/languages';
import type { MeFactor } from '@tonieshelf/shared/schemas/auth';
import { useAuthTexts } from './auth-texts';

type Labelled = Pick<MeFactor, 'id' | 'factor_type' | 'phone' | 'friendly_name'>;

/** 'Authenticator app' or 'Phone +44•••••23', for lists and choices. */
export function factorKindLabel(factor: Pick<MeFactor, 'factor_type' | 'phone'>, language?: Language): string {
  const texts = useAuthTexts.get(language).factors;
  if (factor.factor_type === 'totp') return texts.authenticatorApp;
  return factor.phone ? texts.phoneNumber(factor.phone) : texts.phone;
}

/**
 * Each factor's title by id: its own name, else its kind, and the second and later unnamed
 * authenticator apps numbered ('Authenticator app 2'), so that no two read the same. `factors`
 * in the order they were added.
 */
export function factorTitles(factors: readonly Labelled[], language?: Language): Map<string, string> {
  const texts = useAuthTexts.get(language).factors;
  const titles = new Map<string, string>();
  let apps = 0;
  for (const factor of factors) {
    const own = factor.friendly_name?.trim();
    if (own) titles.set(factor.id, own);
    else if (factor.factor_type === 'totp') titles.set(factor.id, ++apps === 1 ? texts.authenticatorApp : texts.authenticatorAppNumbered(apps));
    else titles.set(factor.id, factorKindLabel(factor, language));
  }
  return titles;
}

/** The name offered for the next authenticator app: 'Authenticator app', else the first free 'Authenticator app n'. */
export function nextAppName(factors: readonly Labelled[], language?: Language): string {
  const texts = useAuthTexts.get(language).factors;
  const taken = new Set([...factorTitles(factors, language).values()].map((title) => title.toLocaleLowerCase()));
  if (!factors.some((f) => f.factor_type === 'totp') && !taken.has(texts.authenticatorApp.toLocaleLowerCase())) return texts.authenticatorApp;
  let n = Math.max(2, factors.filter((f) => f.factor_type === 'totp').length + 1);
  while (taken.has(texts.authenticatorAppNumbered(n).toLocaleLowerCase())) n += 1;
  return texts.authenticatorAppNumbered(n);
}
