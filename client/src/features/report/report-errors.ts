// Reading a refused report: the server's message (409 already reported, 404 gone, 429 wait with
// the time filled in), or our fallback when the server gave none.
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { accountErrorMessage, localMessage } from '../../lib/account-errors';
import { useWaitTexts } from '../../lib/wait-texts';
import { errorCode } from '../../lib/server-errors';
import { useReportTexts } from './report-texts';

/** What is shown when the server gave no message of its own (in the interface language). */
function fallback(code: string): string | null {
  switch (code) {
    case 'CONFLICT':
      return localMessage(MODERATION_MESSAGES.duplicateReport);
    case 'NOT_FOUND':
      return localMessage(MODERATION_MESSAGES.targetNotFound);
    case 'TOO_MANY_REQUESTS':
      return localMessage(MODERATION_MESSAGES.tooManyReports).replace('{wait}', useWaitTexts.get().unknown);
    default:
      return null;
  }
}

/** The readable reason a report was not accepted. */
export function reportErrorMessage(error: unknown): string {
  const texts = useReportTexts.get();
  const code = errorCode(error);
  if (!code || code === 'INTERNAL_SERVER_ERROR') return texts.sendFailed;
  return accountErrorMessage(error) ?? fallback(code) ?? texts.sendFailed;
}
