// Moderators' decisions with statements of reasons (DSA Art. 17): dismissing reports, hiding,
// restoring and deleting content, suspending accounts; contests of decisions (once, by the person
// concerned) and their answers. Each decision is one row of the append-only audit log, written in
// the transaction that does it; the emails (to the person concerned and to the reporters) go
// after it commits.
import { MODERATION_MESSAGES, type ContactKind } from '@tonieshelf/shared/values/moderation';
import type { contestInputSchema, Decision, itemActionInputSchema, suspendInputSchema, unsuspendInputSchema, upholdInputSchema } from '@tonieshelf/shared/schemas/moderation';
import type { Language } from '@tonieshelf/shared/languages';
import type { z } from 'zod';
import { isStaff, isSuspended, SUSPENDED_FOR_GOOD, type SessionUser } from '../accounts/mappers';
import { sendMail } from '../accounts/mail';
import { tryRateSlot, unconfirmedRecipientRules } from '../auth/rate-limit';
import { suspensionEndDay } from '../accounts/suspensions';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import { contestUpheldMail, decisionReversedMail, reasonLabelIn, reportOutcomeMail, ruleTitleIn, siteLink, statementOfReasonsMail, type DecisionKind } from '../mail/messages';
import type { MailMessage } from '../mail/mailer';
import * as repo from '../repositories/moderation';
import * as reportsRepo from '../repositories/reports';
import * as sessionsRepo from '../repositories/sessions';
import * as usersRepo from '../repositories/users';
import { queueDeletions, removeNow } from '../storage/deletions';
import { actorOf, RESTRICTING, toDecision } from './audit';
import { findItem, isUuid, labelOf, numericId, ownerOf, previews, type Item, type ItemType } from './items';
import { requireStaff } from './roles';

type ModerationDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log' | 'storage'>;

type ActInput = z.output<typeof itemActionInputSchema>;
type Statement = Pick<ActInput, 'reason' | 'rule' | 'statement'>;

const DAY = 24 * 3600 * 1000;

/** An item's id as stored (numbers without leading zeros, uuids lower-case). */
function normalId(type: ItemType, id: string): string {
  if (type === 'user') return id.toLowerCase();
  const n = numericId(id);
  return n === null ? id : String(n);
}

/** The open contest `contestId`, locked, which must be of a decision on this item. */
async function openContestOf(trx: Db, contestId: number, type: string, id: string): Promise<repo.ContestRow> {
  const contest = await repo.lockContest(trx, contestId);
  if (!contest) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound, { field: 'contestId' });
  if (contest.status !== 'open') throw new AppError('CONFLICT', MODERATION_MESSAGES.contestClosed, { field: 'contestId' });
  const decision = await repo.findAction(trx, contest.decision_id);
  if (!decision || decision.target_type !== type || decision.target_id !== id) throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.contestOtherItem, { field: 'contestId' });
  return contest;
}

interface Links {
  decision: string;
  rule: string;
  contact: string;
}

function links(deps: ModerationDeps, decisionId: number, rule: string | null): Links {
  return {
    decision: siteLink(deps.config, `/decisions/${decisionId}`),
    rule: `${siteLink(deps.config, '/terms')}#${rule ?? ''}`,
    contact: siteLink(deps.config, '/report', { kind: 'feedback' }),
  };
}

/** Mails the person a decision concerns (its content's owner, or the account), when there is one. */
async function mailConcerned(
  deps: ModerationDeps,
  row: repo.ActionRow,
  mail: (owner: { email: string; username: string; first_name: string; locale: Language }) => MailMessage,
): Promise<void> {
  if (!row.target_owner_id) return;
  const owner = await usersRepo.findUserById(deps.db, row.target_owner_id);
  if (owner) await sendMail(deps, mail(owner));
}

/** The statement of reasons to the person a restricting decision concerns. */
function sendStatement(deps: ModerationDeps, row: repo.ActionRow): Promise<void> {
  const l = links(deps, row.id, row.rule);
  return mailConcerned(deps, row, (owner) =>
    statementOfReasonsMail({
      to: owner.email,
      username: owner.username,
      firstName: owner.first_name,
      action: row.action as DecisionKind,
      label: row.target_label ?? '',
      reasonLabel: row.reason ? reasonLabelIn(row.reason, owner.locale) : '',
      ruleTitle: ruleTitleIn(row.rule, owner.locale),
      ruleLink: l.rule,
      statement: row.statement ?? '',
      decisionNumber: row.id,
      decisionLink: l.decision,
      suspendedUntil: row.suspended_until ? suspensionEndDay(row.suspended_until) : null,
      contactLink: l.contact,
      language: owner.locale,
    }),
  );
}

function sendReversed(deps: ModerationDeps, row: repo.ActionRow, afterContest: boolean): Promise<void> {
  return mailConcerned(deps, row, (owner) =>
    decisionReversedMail({
      to: owner.email,
      username: owner.username,
      firstName: owner.first_name,
      action: row.action as 'restore' | 'unsuspend',
      label: row.target_label ?? '',
      statement: row.statement ?? '',
      afterContest,
      decisionLink: links(deps, row.id, row.rule).decision,
      language: owner.locale,
    }),
  );
}

function sendUpheld(deps: ModerationDeps, row: repo.ActionRow): Promise<void> {
  return mailConcerned(deps, row, (owner) =>
    contestUpheldMail({
      to: owner.email,
      username: owner.username,
      firstName: owner.first_name,
      label: row.target_label ?? '',
      statement: row.statement ?? '',
      decisionLink: links(deps, row.decision_id ?? row.id, null).decision,
      language: owner.locale,
    }),
  );
}

/** What a reporter's outcome mail names: the item (and, for content of a suspended account, the account). */
interface Reported {
  label: string;
  account?: string | null;
}

/** Tells each reporter of the closed reports the outcome, with their reference. */
async function tellReporters(
  deps: ModerationDeps,
  reports: readonly reportsRepo.ReportRow[],
  outcome: 'dismiss' | 'hide' | 'delete' | 'suspend' | 'handled',
  row: repo.ActionRow,
  about: (report: reportsRepo.ReportRow) => Reported = () => ({ label: row.target_label ?? '' }),
): Promise<void> {
  for (const r of reports) {
    if (!r.reporter_email) continue;
    const { label, account } = about(r);
    // A reporter with an account gets their account's language now; others the one they wrote in.
    const reporter = r.reporter_id ? await usersRepo.findUserById(deps.db, r.reporter_id) : undefined;
    const language = reporter?.locale ?? r.locale;
    // An address typed into the form (not a signed-in account's) is greeted without the name given, within its daily receipts.
    const confirmed = reporter?.email_verified_at != null && reporter.email === r.reporter_email;
    if (!confirmed && !(await tryRateSlot(deps.db, unconfirmedRecipientRules(r.reporter_email)))) continue;
    // A notice naming only an address: an unconfirmed reporter's mail names the reference, not the address they typed.
    const named = confirmed || r.target_id ? label : r.reference;
    await sendMail(
      deps,
      reportOutcomeMail({
        to: r.reporter_email,
        name: confirmed ? r.reporter_name : null,
        reference: r.reference,
        outcome,
        label: named,
        account: account ?? null,
        statement: row.statement ?? '',
        language,
      }),
    );
  }
}

const MESSAGE_LABELS: Record<ContactKind, string> = { report: 'Report', bug: 'Bug report', feedback: 'Feedback' };

/** A report without an item as the log names it: 'Bug report TS-…', 'Report TS-… (/the/address)'. */
function reportLabel(report: reportsRepo.ReportRow): string {
  const base = `${MESSAGE_LABELS[report.kind]} ${report.reference}`;
  return (report.kind === 'report' && report.content_url ? `${base} (${report.content_url})` : base).slice(0, 300);
}

/**
 * Closes a report or message without an item (a bug, feedback, a notice naming only an address):
 * dismissed — for a bug or feedback, 'marked as handled' — with a statement the sender is told.
 * Nothing else can be done to it (400); it must be open (409) and have no item (400: act on the item).
 */
async function closeReportWithoutItem(deps: ModerationDeps, user: SessionUser, input: ActInput): Promise<Decision> {
  if (input.action !== 'dismiss') throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.reportOnlyDismissed, { field: 'action' });
  const id = numericId(input.targetId);
  if (id === null) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.reportNotFound, { field: 'targetId' });
  const done = await deps.db.transaction().execute(async (trx) => {
    const report = await reportsRepo.lockReport(trx, id);
    if (!report) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.reportNotFound, { field: 'targetId' });
    if (report.target_type !== null) throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.reportHasItem, { field: 'targetId' });
    if (report.status !== 'open') throw new AppError('CONFLICT', MODERATION_MESSAGES.reportClosed);
    // Only restricting decisions are contested, so no contest is ever about a report.
    if (input.contestId) await openContestOf(trx, input.contestId, 'report', String(report.id));
    const row = await repo.insertAction(trx, {
      ...auditRow(actorOf(user), input),
      action: 'dismiss',
      target_type: 'report',
      target_id: String(report.id),
      target_owner_id: null,
      target_label: reportLabel(report),
      report_ids: [report.id],
    });
    await reportsRepo.closeReports(trx, [report.id], 'dismissed', row.id);
    return { row, report };
  });
  const { row, report } = done;
  if (report.kind === 'report') await tellReporters(deps, [report], 'dismiss', row, () => ({ label: report.content_url ?? row.target_label ?? report.reference }));
  else await tellReporters(deps, [report], 'handled', row);
  return toDecision(row, user.id, null);
}

/** Hides or restores an audio file, review or set. */
async function setHidden(trx: Db, item: Exclude<Item, { type: 'user' }>, hidden: boolean): Promise<void> {
  if (item.type === 'audio') await repo.setAudioHidden(trx, item.row.id, hidden);
  else if (item.type === 'set') await repo.setSetHidden(trx, item.row.id, hidden);
  else await repo.setReviewHidden(trx, item.row.id, hidden);
}

function auditRow(actor: repo.Actor, s: Statement) {
  return { ...repo.actorColumns(actor), reason: s.reason, rule: s.rule, statement: s.statement };
}

/** Dismiss, hide, restore or delete an item; answers the decision. */
export async function act(deps: ModerationDeps, user: SessionUser, input: ActInput): Promise<Decision> {
  requireStaff(user);
  const { action, targetType: type } = input;
  if (type === 'report') return closeReportWithoutItem(deps, user, input);
  if (type === 'user' && action !== 'dismiss') throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.notReportable, { field: 'action' });
  const id = normalId(type, input.targetId);
  const done = await deps.db.transaction().execute(async (trx) => {
    const item = await findItem(trx, type, id, true);
    if (!item && action !== 'dismiss') throw new AppError('NOT_FOUND', MODERATION_MESSAGES.itemNotFound);
    const contest = input.contestId ? await openContestOf(trx, input.contestId, type, id) : null;
    let keys: string[] = [];
    if (item && item.type !== 'user') {
      const hidden = item.row.hidden_at !== null;
      if (action === 'hide') {
        if (hidden) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyHidden);
        await setHidden(trx, item, true);
      } else if (action === 'restore') {
        if (!hidden) throw new AppError('CONFLICT', MODERATION_MESSAGES.nothingToRestore);
        await setHidden(trx, item, false);
      } else if (action === 'delete') {
        // An audio file's stored file and cover, a set's cover (not its chapters' audio).
        if (item.type === 'audio') keys = await repo.deleteAudioItem(trx, item.row.id);
        else if (item.type === 'set') keys = await repo.deleteSetItem(trx, item.row.id);
        else await repo.deleteReviewItem(trx, item.row.id);
        await queueDeletions(trx, keys);
      }
    }
    const open = await reportsRepo.lockOpenReportsOfItem(trx, type, id);
    const label = item ? labelOf(item) : ((await repo.lastLabelsOf(trx, [{ type, id }])).get(`${type}:${id}`) ?? `${type} ${id}`);
    const row = await repo.insertAction(trx, {
      ...auditRow(actorOf(user), input),
      action,
      target_type: type,
      target_id: id,
      target_owner_id: item ? ownerOf(item) : null,
      target_label: label.slice(0, 300),
      decision_id: contest?.decision_id ?? null,
      report_ids: open.map((r) => r.id),
    });
    await reportsRepo.closeReports(
      trx,
      open.map((r) => r.id),
      action === 'hide' || action === 'delete' ? 'actioned' : 'dismissed',
      row.id,
    );
    if (contest) await repo.resolveContest(trx, contest.id, action === 'restore' ? 'reversed' : 'upheld');
    return { row, open, keys, contest };
  });
  if (done.keys.length) await removeNow(deps, done.keys);
  const { row } = done;
  if (action === 'hide' || action === 'delete') await sendStatement(deps, row);
  else if (action === 'restore') await sendReversed(deps, row, done.contest !== null);
  // Dismissing the reports of a contested item keeps the decision: the contest is upheld.
  else if (done.contest) await sendUpheld(deps, row);
  await tellReporters(deps, done.open, action === 'restore' ? 'dismiss' : action, row);
  return toDecision(row, user.id, null);
}

/** The user to suspend or unsuspend, locked; 404 when there is none. */
async function lockTargetUser(trx: Db, userId: string): Promise<repo.UserItem> {
  const [target] = isUuid(userId) ? await repo.findUserItems(trx, [userId.toLowerCase()], true) : [];
  if (!target) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.userNotFound, { field: 'userId' });
  return target;
}

/** Suspends a user for some days or for good: signed out, sign-in refused, their content hidden. */
export async function suspend(deps: ModerationDeps, user: SessionUser, input: z.output<typeof suspendInputSchema>): Promise<Decision> {
  requireStaff(user);
  const done = await deps.db.transaction().execute(async (trx) => {
    const target = await lockTargetUser(trx, input.userId);
    if (target.id === user.id) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.cannotSuspendSelf);
    if (target.role !== 'user') throw new AppError('FORBIDDEN', MODERATION_MESSAGES.cannotSuspendStaff);
    const contest = input.contestId ? await openContestOf(trx, input.contestId, 'user', target.id) : null;
    const until = input.days === null ? SUSPENDED_FOR_GOOD : new Date(Date.now() + input.days * DAY);
    await repo.setSuspension(trx, target.id, until);
    await sessionsRepo.deleteOtherSessions(trx, target.id, null);
    // Every open report about the account or its content is settled by the suspension (the
    // content is hidden with it); lifting the suspension later reopens none of them.
    const open = await reportsRepo.lockOpenReportsAboutUser(trx, target.id);
    const items = await previews(
      trx,
      open.flatMap((r) => (r.target_type && r.target_type !== 'user' && r.target_id ? [{ type: r.target_type, id: r.target_id }] : [])),
    );
    const row = await repo.insertAction(trx, {
      ...auditRow(actorOf(user), input),
      action: 'suspend',
      ...repo.userTargetColumns(target),
      suspended_until: until,
      decision_id: contest?.decision_id ?? null,
      report_ids: open.map((r) => r.id),
    });
    await reportsRepo.closeReports(
      trx,
      open.map((r) => r.id),
      'actioned',
      row.id,
    );
    if (contest) await repo.resolveContest(trx, contest.id, 'upheld');
    return { row, open, items, username: target.username };
  });
  await sendStatement(deps, done.row);
  await tellReporters(deps, done.open, 'suspend', done.row, (r) => {
    const content = r.target_type !== 'user' ? done.items.get(`${r.target_type}:${r.target_id}`) : undefined;
    return content ? { label: content.label, account: done.username } : { label: done.username };
  });
  return toDecision(done.row, user.id, null);
}

/** Lifts a suspension before its end: the user can sign in again, their content shows again. */
export async function unsuspend(deps: ModerationDeps, user: SessionUser, input: z.output<typeof unsuspendInputSchema>): Promise<Decision> {
  requireStaff(user);
  const done = await deps.db.transaction().execute(async (trx) => {
    const target = await lockTargetUser(trx, input.userId);
    if (!isSuspended(target.suspended_until)) throw new AppError('CONFLICT', MODERATION_MESSAGES.notSuspended);
    const contest = input.contestId ? await openContestOf(trx, input.contestId, 'user', target.id) : null;
    await repo.setSuspension(trx, target.id, null);
    const row = await repo.insertAction(trx, {
      ...auditRow(actorOf(user), input),
      action: 'unsuspend',
      ...repo.userTargetColumns(target),
      decision_id: contest?.decision_id ?? null,
    });
    if (contest) await repo.resolveContest(trx, contest.id, 'reversed');
    return { row, contest };
  });
  await sendReversed(deps, done.row, done.contest !== null);
  return toDecision(done.row, user.id, null);
}

/** Answers an open contest by keeping the decision. */
export async function uphold(deps: ModerationDeps, user: SessionUser, input: z.output<typeof upholdInputSchema>): Promise<Decision> {
  requireStaff(user);
  const row = await deps.db.transaction().execute(async (trx) => {
    const contest = await repo.lockContest(trx, input.contestId);
    if (!contest) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound, { field: 'contestId' });
    if (contest.status !== 'open') throw new AppError('CONFLICT', MODERATION_MESSAGES.contestClosed, { field: 'contestId' });
    const decision = await repo.findAction(trx, contest.decision_id);
    if (!decision) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound, { field: 'contestId' });
    const inserted = await repo.insertAction(trx, {
      ...auditRow(actorOf(user), input),
      action: 'uphold',
      target_type: decision.target_type,
      target_id: decision.target_id,
      target_owner_id: decision.target_owner_id,
      target_label: decision.target_label,
      decision_id: decision.id,
    });
    await repo.resolveContest(trx, contest.id, 'upheld');
    return inserted;
  });
  await sendUpheld(deps, row);
  return toDecision(row, user.id, null);
}

/** A decision's statement of reasons: for the person it concerns, or staff; others 404. */
export async function getDecision(deps: Pick<AppDeps, 'db'>, user: SessionUser, id: number): Promise<Decision> {
  const row = await repo.findAction(deps.db, id);
  if (!row || (row.target_owner_id !== user.id && !isStaff(user))) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound);
  return toDecision(row, user.id, await repo.contestOfDecision(deps.db, row.id));
}

/** The decisions that concern the signed-in user, newest first. */
export async function myDecisions(deps: Pick<AppDeps, 'db'>, user: SessionUser): Promise<Decision[]> {
  const rows = await repo.decisionsConcerning(deps.db, user.id);
  const contests = new Map(
    (
      await repo.contestsOfDecisions(
        deps.db,
        rows.map((r) => r.id),
      )
    ).map((c) => [c.decision_id, c]),
  );
  return rows.map((r) => toDecision(r, user.id, contests.get(r.id)));
}

/** The person a restricting decision concerns contests it, once. */
export async function contest(deps: Pick<AppDeps, 'db'>, user: SessionUser, input: z.output<typeof contestInputSchema>): Promise<Decision> {
  const decision = await repo.findAction(deps.db, input.decisionId);
  if (!decision || (decision.target_owner_id !== user.id && !isStaff(user))) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound);
  if (decision.target_owner_id !== user.id || !RESTRICTING.has(decision.action)) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.notContestable);
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertContest(trx, { decision_id: decision.id, user_id: user.id, explanation: input.explanation });
      await repo.insertAction(trx, {
        ...repo.actorColumns(actorOf(user)),
        action: 'contest',
        target_type: decision.target_type,
        target_id: decision.target_id,
        target_owner_id: user.id,
        target_label: decision.target_label,
        statement: input.explanation,
        decision_id: decision.id,
      });
      return inserted;
    });
    return toDecision(decision, user.id, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyContested);
    throw err;
  }
}
