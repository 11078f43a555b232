// Reading a refused report: the server's message (409 already reported, 404 gone, 429 wait with
// the time filled in), or our fallback when the server gave none.
import { MODERATION_MESSAGES } from '@tonieshelf/shared/schemas/moderation';
import { accountErrorMessage } from '../account/account-errors';
import { errorCode } from '../auth/auth-errors';
import { REPORT_TEXTS } from './report-texts';

const FALLBACKS: Record<string, string> = {
  CONFLICT: MODERATION_MESSAGES.duplicateReport,
  NOT_FOUND: MODERATION_MESSAGES.targetNotFound,
  TOO_MANY_REQUESTS: MODERATION_MESSAGES.tooManyReports.replace('{wait}', 'a while'),
};

/** The readable reason a report was not accepted. */
export function reportErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (!code || code === 'INTERNAL_SERVER_ERROR') return REPORT_TEXTS.sendFailed;
  return accountErrorMessage(error) ?? FALLBACKS[code] ?? REPORT_TEXTS.sendFailed;
}
