// Sending the account's emails. A mail that cannot be sent is logged and does not undo what the
// user did (the account exists, the address change waits); the user can ask for the link again.
import type { MailMessage } from '../mail/mailer';
import type { AppDeps } from '../deps';

type MailDeps = Pick<AppDeps, 'mailer' | 'log'>;

/** Sends `message`; false (logged) when the mail could not be sent. */
export async function sendMail(deps: MailDeps, message: MailMessage): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (err) {
    deps.log.error({ err, subject: message.subject }, 'sending an email failed');
    return false;
  }
}
