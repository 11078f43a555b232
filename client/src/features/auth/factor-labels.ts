import type { MeFactor } from '@tonieshelf/shared/schemas/auth';

/** 'Authenticator app' or 'Phone +44•••••23', for lists and choices. */
export function factorKindLabel(factor: Pick<MeFactor, 'factor_type' | 'phone'>): string {
  if (factor.factor_type === 'totp') return 'Authenticator app';
  return factor.phone ? `Phone ${factor.phone}` : 'Phone';
}

/** The factor's own name when it differs from its kind, else its kind. */
export function factorTitle(factor: Pick<MeFactor, 'factor_type' | 'phone' | 'friendly_name'>): string {
  return factor.friendly_name?.trim() || factorKindLabel(factor);
}
