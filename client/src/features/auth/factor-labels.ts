import type { Language } from '@tonieshelf/shared/languages';
import type { MeFactor } from '@tonieshelf/shared/schemas/auth';
import { useAuthTexts } from './auth-texts';

/** 'Authenticator app' or 'Phone +44•••••23', for lists and choices. */
export function factorKindLabel(factor: Pick<MeFactor, 'factor_type' | 'phone'>, language?: Language): string {
  const texts = useAuthTexts.get(language).factors;
  if (factor.factor_type === 'totp') return texts.authenticatorApp;
  return factor.phone ? texts.phoneNumber(factor.phone) : texts.phone;
}

/** The factor's own name when it differs from its kind, else its kind. */
export function factorTitle(factor: Pick<MeFactor, 'factor_type' | 'phone' | 'friendly_name'>, language?: Language): string {
  return factor.friendly_name?.trim() || factorKindLabel(factor, language);
}
