// The audit log's rows as decisions (statements of reasons) and who wrote them.
import type { Decision } from '@tonieshelf/shared/schemas/moderation';
import type { SessionUser } from '../accounts/mappers';
import type { ActionRow, ContestRow } from '../repositories/moderation';

/** Who acted, as the log keeps it (the name as it was). */
export interface Actor {
  id: string | null;
  name: string;
}

export const actorOf = (user: Pick<SessionUser, 'id' | 'username'>): Actor => ({ id: user.id, name: user.username });

/** An audit row's columns naming `actor` (the name as it was, cut to the column's 100 characters). */
export const actorColumns = (actor: Actor) => ({ actor_id: actor.id, actor_name: actor.name.slice(0, 100) });

/** An audit row's columns naming a user account as its target (the account is its own owner; its username as it was). */
export const userTargetColumns = (user: { id: string; username: string }) => ({ target_type: 'user' as const, target_id: user.id, target_owner_id: user.id, target_label: user.username });

/** The admin command's actor. */
export const COMMAND_LINE_ACTOR: Actor = { id: null, name: 'command line' };

/** The job (or a sign-in) that lifts a suspension whose time is over. */
export const SYSTEM_ACTOR: Actor = { id: null, name: 'TonieShelf (the suspension ended)' };

/** Decisions that restrict someone and so can be contested (once). */
export const RESTRICTING = new Set<ActionRow['action']>(['hide', 'delete', 'suspend']);

export const isStaff = (user: Pick<SessionUser, 'role'>) => user.role === 'moderator' || user.role === 'admin';

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
