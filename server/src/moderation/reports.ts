// Reports (notices about content, DSA Art. 16) and the contact form's messages (bugs, feedback):
// from anyone, signed in or not; confirmed on screen and by email with a reference number;
// rate-limited; one open report per reporter and item.
import { randomInt } from 'node:crypto';
import { CONTACT_KIND_LABELS, MODERATION_MESSAGES, REPORT_REASON_LABELS } from '@tonieshelf/shared/values/moderation';
import type { CreateReport, ReportReceipt } from '@tonieshelf/shared/schemas/moderation';
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import { isSitePath } from '@tonieshelf/shared/values/common';
import { isStaff, type SessionUser } from '../accounts/mappers';
import { sendMail } from '../accounts/mail';
import { addressRules, takeRateSlot, tryRateSlot, unconfirmedRecipientRules } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { isUniqueViolation } from '../db/unique-violation';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { operatorReportNoticeMail, reasonLabelIn, reportReceivedMail, siteLink } from '../mail/messages';
import * as reportsRepo from '../repositories/reports';
import { findItem, isVisible, urlOf } from './items';

type ReportDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'>;

const DAY = 24 * 3600 * 1000;

/** Reports and messages per account: 30 a day (per client address: the settings, config.reportLimits). */
export const REPORT_LIMITS = { perAccountDay: 30 } as const;

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A new reference like 'TS-7KQ2-M9XD' (31^8 ≈ 8.5·10^11 of them; the unique index catches a repeat). */
function newReference(): string {
  const pick = () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `TS-${pick()}-${pick()}`;
}

/** Where a report's content is: the address given, else the item's own. */
function absolute(deps: ReportDeps, url: string | null): string | null {
  if (!url) return null;
  return isSitePath(url) ? siteLink(deps.config, url) : url;
}

/**
 * A report or contact message from `who` (signed in or not; `language` is the request's). Its
 * sender's language (the account's, else the request's) is kept with it: the receipt now and the
 * outcome mail later are written in it.
 */
export async function createReport(deps: ReportDeps, who: { user: SessionUser | null; ip: string; language?: Language }, input: CreateReport): Promise<ReportReceipt> {
  const { db } = deps;
  const { user } = who;
  const language = user?.locale ?? who.language ?? DEFAULT_LANGUAGE;

  // Who reports: the account, or the name and email given.
  let name: string;
  let email: string;
  if (user) {
    name = user.username;
    email = user.email;
  } else {
    const givenName = input.name?.trim() ?? '';
    const givenEmail = input.email?.trim() ?? '';
    if (!givenName) throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.nameRequired, { field: 'name' });
    if (!givenEmail) throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.emailRequired, { field: 'email' });
    name = givenName;
    email = givenEmail;
  }

  // What is reported: it must exist and be visible to the reporter (their own, or staff: any).
  let targetType: reportsRepo.ItemType | null = null;
  let targetId: string | null = null;
  let contentUrl = input.contentUrl ?? null;
  if (input.targetType && input.targetId) {
    const item = await findItem(db, input.targetType, input.targetId);
    const staff = user !== null && isStaff(user);
    const own = item && user && (item.type === 'user' ? false : item.row.user_id === user.id);
    if (!item || (!isVisible(item) && !own && !staff)) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.targetNotFound, { field: 'targetId' });
    targetType = item.type;
    targetId = item.id;
    contentUrl ??= urlOf(item);
  }

  const groups: Record<'address' | 'account', { key: string; limit: number; windowMs: number }[]> = {
    address: addressRules('report', who.ip, deps.config.reportLimits),
    account: user ? [{ key: `report:user:${user.id}`, limit: REPORT_LIMITS.perAccountDay, windowMs: DAY }] : [],
  };
  await takeRateSlot(db, groups, (retryAfter) => message(MODERATION_MESSAGES.tooManyReports, { seconds: retryAfter }));

  const kind = input.kind;
  let row: reportsRepo.ReportRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    try {
      row = await reportsRepo.insertReport(db, {
        reference: newReference(),
        kind,
        reason: input.reason ?? null,
        target_type: targetType,
        target_id: targetId,
        content_url: contentUrl,
        explanation: input.explanation,
        reporter_id: user?.id ?? null,
        reporter_name: name.slice(0, 100),
        reporter_email: email.slice(0, 254),
        reporter_key: user ? `user:${user.id}` : `email:${email.toLowerCase()}`,
        good_faith: input.goodFaith,
        locale: language,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'reports_one_open_per_reporter_key')) throw new AppError('CONFLICT', MODERATION_MESSAGES.duplicateReport);
      if (isUniqueViolation(err, 'reports_reference_key') && attempt < 5) continue;
      throw err;
    }
  }

  const contentLink = absolute(deps, contentUrl);
  const reasonLabel = row.reason ? REPORT_REASON_LABELS[row.reason] : null;
  // An address typed into the form may be anyone's: it gets a few receipts a day, without what was sent.
  const confirmed = user?.emailVerified === true;
  if (confirmed || (await tryRateSlot(db, unconfirmedRecipientRules(email)))) {
    await sendMail(
      deps,
      reportReceivedMail({
        to: email,
        name,
        confirmed,
        reference: row.reference,
        kind,
        reasonLabel: row.reason ? reasonLabelIn(row.reason, language) : null,
        contentLink,
        explanation: row.explanation,
        language,
      }),
    );
  }
  if (deps.config.operator.email) {
    await sendMail(
      deps,
      operatorReportNoticeMail({
        to: deps.config.operator.email,
        reference: row.reference,
        kindLabel: CONTACT_KIND_LABELS[kind],
        reasonLabel,
        contentLink,
        queueLink: siteLink(deps.config, '/moderation'),
        explanation: row.explanation,
      }),
    );
  }
  return { reference: row.reference, createdAt: row.created_at.toISOString() };
}
