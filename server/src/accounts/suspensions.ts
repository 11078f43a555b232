// Suspended accounts: the sign-in refusal, and lifting suspensions whose time is over (by the job
// every few minutes, and at once when such an account signs in before the job ran). Moderators
// suspend (moderation/); the account side lives here, so signing in needs nothing of moderation.
import { MODERATION_MESSAGES, MODERATION_REFUSALS } from '@tonieshelf/shared/values/moderation';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import * as repo from '../repositories/moderation';
import { SUSPENDED_FOR_GOOD } from './mappers';

/** The job (or a sign-in) that lifts a suspension whose time is over. */
const SYSTEM_ACTOR: repo.Actor = { id: null, name: 'TonieShelf (the suspension ended)' };

/** 'YYYY-MM-DD' of a suspension's end, or null when it is for good. */
export function suspensionEndDay(until: Date | string): string | null {
  const d = new Date(until);
  return d.getTime() >= SUSPENDED_FOR_GOOD.getTime() ? null : d.toISOString().slice(0, 10);
}

/** The refusal of a suspended account's sign-in (403, reason ACCOUNT_SUSPENDED). */
export function suspendedError(until: Date | string): AppError {
  const day = suspensionEndDay(until);
  const refusal = day ? message(MODERATION_MESSAGES.suspendedUntil, { day }) : MODERATION_MESSAGES.suspendedForGood;
  return new AppError('FORBIDDEN', refusal, { reason: MODERATION_REFUSALS.accountSuspended });
}

/**
 * Lifts the suspension of `userId` if it is over by `now` (its content shows again; an audit row
 * says so). True when one was lifted. Safe to run twice at once: the user's row is locked.
 */
export async function liftIfOver(db: Db, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [user] = await repo.findUserItems(trx, [userId], true);
    if (!user?.suspended_until || new Date(user.suspended_until).getTime() > now.getTime()) return false;
    await repo.setSuspension(trx, user.id, null);
    await repo.insertAction(trx, {
      ...repo.actorColumns(SYSTEM_ACTOR),
      action: 'unsuspend',
      ...repo.userTargetColumns(user),
      statement: `The suspension ended on ${new Date(user.suspended_until).toISOString().slice(0, 10)}.`,
    });
    return true;
  });
}

/** The job: lifts every suspension that is over; how many. */
export async function liftEndedSuspensions(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<number> {
  let lifted = 0;
  for (;;) {
    const due = await repo.expiredSuspensions(deps.db, now, 100);
    if (due.length === 0) return lifted;
    let progress = 0;
    for (const u of due) if (await liftIfOver(deps.db, u.id, now)) progress++;
    lifted += progress;
    if (progress === 0) return lifted;
  }
}
