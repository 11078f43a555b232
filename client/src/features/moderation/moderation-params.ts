// The address of /moderation: which tab, and the queue's filters (state, reason, kind, page), so a
// filtered queue can be bookmarked, shared between moderators and survives a reload.
import { CONTACT_KINDS, REPORT_REASONS, REPORT_STATUSES, type ContactKind, type ReportReason, type ReportStatus } from '@tonieshelf/shared/values/moderation';
import type { QueueInput } from '@tonieshelf/shared/schemas/moderation';
import { isOneOf } from '../../lib/one-of';

const MODERATION_TABS = ['queue', 'contests', 'tags', 'roles', 'log'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

export interface QueueFilters {
  status: ReportStatus | 'all';
  reason: ReportReason | null;
  kind: ContactKind | null;
  page: number;
}

const STATUSES: readonly string[] = [...REPORT_STATUSES, 'all'];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return isOneOf(values, value) ? value : null;
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export function readTab(params: URLSearchParams): ModerationTab {
  return oneOf(MODERATION_TABS, params.get('tab')) ?? 'queue';
}

export function readQueueFilters(params: URLSearchParams): QueueFilters {
  return {
    status: (oneOf(STATUSES, params.get('status')) as QueueFilters['status'] | null) ?? 'open',
    reason: oneOf(REPORT_REASONS, params.get('reason')),
    kind: oneOf(CONTACT_KINDS, params.get('kind')),
    page: pageOf(params.get('page')),
  };
}

/**
 * moderation.queue's input for these filters, with no empty keys: the default view's input is
 * OPEN_QUEUE_INPUT, so the queue, the Contests tab and its count share one request and cache.
 */
export function queueInputOf(filters: QueueFilters): QueueInput {
  return {
    status: filters.status,
    page: filters.page,
    ...(filters.reason ? { reason: filters.reason } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
  };
}

/** The open queue's first page; its answer carries every open contest. */
export const OPEN_QUEUE_INPUT: QueueInput = { status: 'open', page: 1 };

/** The log's page (?logPage=n). */
export function readLogPage(params: URLSearchParams): number {
  return pageOf(params.get('logPage'));
}

/**
 * The address's parameters with `changes` applied; defaults are left out of the address
 * (tab=queue, status=open, page 1). A changed filter goes back to the first page.
 */
export function withChanges(params: URLSearchParams, changes: Partial<QueueFilters> & { tab?: ModerationTab; logPage?: number }): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null, fallback: string | null) => {
    if (value === null || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  if ('tab' in changes) set('tab', changes.tab ?? null, 'queue');
  if ('status' in changes) set('status', changes.status ?? null, 'open');
  if ('reason' in changes) set('reason', changes.reason ?? null, null);
  if ('kind' in changes) set('kind', changes.kind ?? null, null);
  if ('logPage' in changes) set('logPage', String(changes.logPage ?? 1), '1');
  if ('page' in changes) set('page', String(changes.page ?? 1), '1');
  else if ('status' in changes || 'reason' in changes || 'kind' in changes) next.delete('page');
  return next;
}
