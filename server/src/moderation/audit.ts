// The audit log's rows as decisions (statements of reasons) and who wrote them.
import type { Decision } from '@tonieshelf/shared/schemas/moderation';
import type { SessionUser } from '../accounts/mappers';
import type { ActionRow, Actor, ContestRow } from '../repositories/moderation';

export const actorOf = (user: Pick<SessionUser, 'id' | 'username'>): Actor => ({ id: user.id, name: user.username });

/** The admin command's actor. */
export const COMMAND_LINE_ACTOR: Actor = { id: null, name: 'command line' };

/** Decisions that restrict someone and so can be contested (once). */
export const RESTRICTING = new Set<ActionRow['action']>(['hide', 'delete', 'suspend']);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toDecision(row: ActionRow, viewerId: string | null, contest: ContestRow | undefined | null): Decision {
  return {
    id: row.id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    rule: row.rule,
    statement: row.statement,
    suspendedUntil: iso(row.suspended_until),
    createdAt: new Date(row.created_at).toISOString(),
    canContest: viewerId !== null && row.target_owner_id === viewerId && RESTRICTING.has(row.action) && !contest,
    contest: contest ? { explanation: contest.explanation, status: contest.status, createdAt: new Date(contest.created_at).toISOString() } : null,
  };
}
