// Review tags waiting for approval: moderators see them and approve one into a catalogue filter
// tag (the reviews service does the tagging; this checks the role and writes the log).
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import type { WaitingTag } from '@tonieshelf/shared/schemas/moderation';
import type { SessionUser } from '../accounts/mappers';
import { approveReviewTag, listWaitingReviewTags } from '../reviews/service';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import * as repo from '../repositories/moderation';
import { actorOf } from './audit';
import { requireStaff } from './roles';

export async function waitingTags(deps: Pick<AppDeps, 'db'>, user: SessionUser): Promise<WaitingTag[]> {
  requireStaff(user);
  return listWaitingReviewTags(deps.db);
}

export async function approveTag(deps: Pick<AppDeps, 'db'>, user: SessionUser, tagId: number): Promise<{ ok: true }> {
  requireStaff(user);
  await deps.db.transaction().execute(async (trx) => {
    const name = await approveReviewTag(trx, tagId);
    if (name === null) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.tagNotWaiting, { field: 'tagId' });
    const actor = actorOf(user);
    await repo.insertAction(trx, { ...repo.actorColumns(actor), action: 'approve_tag', target_type: 'tag', target_id: String(tagId), target_label: name.slice(0, 300) });
  });
  return { ok: true };
}
