// Reading a refused report: the server's message (409 already reported, 404 gone, 429 wait with
// the time filled in), or our fallback when the server gave none.
import { message } from '@tonieshelf/shared/i18n/message-key';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { accountErrorMessage, localMessage, retryAfterOf } from '../../lib/account-errors';
import { errorCode } from '../../lib/server-errors';
import { useReportTexts } from './report-texts';

/** What is shown when the server gave no message of its own (in the interface language). */
function fallback(code: string, error: unknown): string | null {
  switch (code) {
    case 'CONFLICT':
      return localMessage(MODERATION_MESSAGES.duplicateReport);
    case 'NOT_FOUND':
      return localMessage(MODERATION_MESSAGES.targetNotFound);
    case 'TOO_MANY_REQUESTS': {
      const seconds = retryAfterOf(error);
      return seconds === null ? null : localMessage(message(MODERATION_MESSAGES.tooManyReports, { seconds }));
    }
    default:
      return null;
  }
}

/** The readable reason a report was not accepted. */
export function reportErrorMessage(error: unknown): string {
  const texts = useReportTexts.get();
  const code = errorCode(error);
  if (!code || code === 'INTERNAL_SERVER_ERROR') return texts.sendFailed;
  return accountErrorMessage(error) ?? fallback(code, error) ?? texts.sendFailed;
}
