// The security page's shared rules, loaded after its forms render (lib/lazy-rules.ts).
import { formatKey } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';
import { changePasswordInputSchema, enrollFactorInputSchema, type EnrollFactorInput } from '@tonieshelf/shared/schemas/auth';
import { localizedResolver } from '../../i18n/localized-resolver';

export const validatePasswords = localizedResolver(changePasswordInputSchema);

/** A phone number to enrol (international format): what to send, or the message why not (null: none given). */
export function phoneEnrolment(phone: string, language: Language): { input: EnrollFactorInput } | { error: string | null } {
  const parsed = enrollFactorInputSchema.safeParse({ factor_type: 'phone', phone });
  if (parsed.success) return { input: parsed.data };
  const issue = parsed.error.issues[0]?.message;
  return { error: issue ? formatKey(issue, language) : null };
}
