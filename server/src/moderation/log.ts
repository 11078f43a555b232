// The audit log (admins read it, newest first; nobody can change it: the table refuses).
import type { logInputSchema, logSchema } from '@tonieshelf/shared/schemas/moderation';
import type { z } from 'zod';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import * as repo from '../repositories/moderation';
import { requireAdmin } from './roles';

export async function getLog(deps: Pick<AppDeps, 'db'>, user: SessionUser, input: z.output<typeof logInputSchema>): Promise<z.output<typeof logSchema>> {
  requireAdmin(user);
  const { rows, total } = await repo.logPage(deps.db, { targetType: input.targetType, targetId: input.targetId }, input.pageSize, (input.page - 1) * input.pageSize);
  return {
    totalCount: total,
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at).toISOString(),
      actorName: r.actor_name,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      targetLabel: r.target_label,
      reason: r.reason,
      rule: r.rule,
      statement: r.statement,
      suspendedUntil: r.suspended_until ? new Date(r.suspended_until).toISOString() : null,
      role: r.role,
      decisionId: r.decision_id,
      reportReferences: r.report_references ?? [],
    })),
  };
}
