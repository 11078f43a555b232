// The moderators' queue: reports grouped by item (an item's reports together; a report or message
// without an item on its own), newest first, QUEUE_PAGE_SIZE entries a page, with each item's preview; and
// every open contest with its decision and item.
import { QUEUE_PAGE_SIZE } from '@tonieshelf/shared/values/moderation';
import type { Queue, QueueEntry, queueInputSchema, Report } from '@tonieshelf/shared/schemas/moderation';
import type { z } from 'zod';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import * as repo from '../repositories/moderation';
import * as reportsRepo from '../repositories/reports';
import { toDecision } from './audit';
import { previews, type ItemType } from './items';
import { requireStaff } from './roles';

function toReport(r: reportsRepo.ReportRow): Report {
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    reason: r.reason,
    contentUrl: r.content_url,
    explanation: r.explanation,
    reporterName: r.reporter_name,
    reporterEmail: r.reporter_email,
    signedIn: r.reporter_key.startsWith('user:'),
    status: r.status,
    createdAt: r.created_at.toISOString(),
  };
}

export async function getQueue(deps: Pick<AppDeps, 'db'>, user: SessionUser, input: z.output<typeof queueInputSchema>): Promise<Queue> {
  requireStaff(user);
  const { db } = deps;
  const filter = { status: input.status, reason: input.reason, kind: input.kind };
  const { keys, total } = await reportsRepo.queuePage(db, filter, QUEUE_PAGE_SIZE, (input.page - 1) * QUEUE_PAGE_SIZE);
  const reports = await reportsRepo.reportsOfKeys(
    db,
    filter,
    keys.map((k) => k.key),
  );
  const contests = await repo.openContests(db);
  const decisions = new Map(
    (
      await repo.actionsByIds(
        db,
        contests.map((c) => c.decision_id),
      )
    ).map((d) => [d.id, d]),
  );

  const refs: { type: ItemType; id: string }[] = [];
  for (const r of reports) if (r.target_type && r.target_id) refs.push({ type: r.target_type, id: r.target_id });
  for (const d of decisions.values())
    if (d.target_type === 'audio' || d.target_type === 'review' || d.target_type === 'set' || d.target_type === 'user') refs.push({ type: d.target_type, id: d.target_id });
  const items = await previews(db, refs);

  const entries: QueueEntry[] = keys.map(({ key, latest }) => {
    const own = reports.filter((r) => r.key === key);
    const first = own[0];
    const item = first?.target_type && first.target_id ? (items.get(`${first.target_type}:${first.target_id}`) ?? null) : null;
    return {
      key,
      item,
      reportCount: own.length,
      reasons: [...new Set(own.map((r) => r.reason).filter((x): x is NonNullable<typeof x> => x !== null))],
      reports: own.map(toReport),
      latestAt: latest.toISOString(),
    };
  });

  return {
    entries,
    totalCount: total,
    contests: contests.flatMap((c) => {
      const d = decisions.get(c.decision_id);
      if (!d) return [];
      return [
        {
          id: c.id,
          decisionId: c.decision_id,
          explanation: c.explanation,
          username: c.username,
          createdAt: c.created_at.toISOString(),
          status: c.status,
          decision: toDecision(d, null, c),
          item: items.get(`${d.target_type}:${d.target_id}`) ?? null,
        },
      ];
    }),
  };
}
