// Trust and safety: reports (notices) from anyone and the contact form, the moderators' queue and
// decisions with statements of reasons, contests, the audit log, roles, licences of uploads and
// the terms sections decisions cite. Shared by the client forms and the server procedures.
import { z } from 'zod';
import { isSitePath } from '../values/common';
import { positiveInt, text } from './common';
import { emailSchema } from './auth';
import {
  ACTION_TARGET_TYPES,
  CONTACT_KINDS,
  ITEM_ACTIONS,
  LOG_ACTIONS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  ROLES,
  TERMS_SECTION_IDS,
} from '../values/moderation';

// ------------------------------------------------------------------------------------------------
// Reports and the contact form
// ------------------------------------------------------------------------------------------------

const targetIdSchema = text().trim().min(1).max(64);

/** An address on this site ('/audio/discover?…') or on the web (http/https), at most 2,000 characters. */
const contentUrlSchema = text({ error: MODERATION_MESSAGES.contentUrlInvalid })
  .trim()
  .max(2000, { error: MODERATION_MESSAGES.contentUrlInvalid })
  .refine((v) => v === '' || isSitePath(v) || /^https?:\/\/[^\s]+$/i.test(v), { error: MODERATION_MESSAGES.contentUrlInvalid })
  .transform((v) => v || null);

/**
 * A report about content, or a message of the contact form (kind bug / feedback). Name and email
 * are required when signed out (the server checks: it knows who is signed in); when signed in,
 * the account's are used. A report (kind 'report') needs a reason and the good-faith statement.
 */
export const createReportInputSchema = z
  .object({
    kind: z.enum(CONTACT_KINDS).default('report'),
    reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }).nullish(),
    targetType: z.enum(REPORT_TARGET_TYPES).nullish(),
    targetId: targetIdSchema.nullish(),
    contentUrl: contentUrlSchema.nullish(),
    explanation: text({ error: MODERATION_MESSAGES.explanationRequired })
      .trim()
      .min(10, { error: MODERATION_MESSAGES.explanationRequired })
      .max(5000, { error: MODERATION_MESSAGES.explanationTooLong }),
    name: text().trim().max(100, { error: MODERATION_MESSAGES.nameTooLong }).nullish(),
    email: z.union([z.literal(''), emailSchema]).nullish(),
    goodFaith: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'report' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MODERATION_MESSAGES.reasonRequired });
    if (v.kind === 'report' && !v.goodFaith) ctx.addIssue({ code: 'custom', path: ['goodFaith'], message: MODERATION_MESSAGES.goodFaithRequired });
    if (!v.targetType !== !v.targetId) ctx.addIssue({ code: 'custom', path: ['targetId'], message: MODERATION_MESSAGES.targetNotFound });
  });
export type CreateReportInput = z.input<typeof createReportInputSchema>;
export type CreateReport = z.output<typeof createReportInputSchema>;

export const reportReceiptSchema = z.object({ reference: z.string(), createdAt: z.string() });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

// ------------------------------------------------------------------------------------------------
// The queue
// ------------------------------------------------------------------------------------------------

/** What the queue shows of a reported item, so a moderator sees it without leaving the queue. */
export const itemPreviewSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** Still there (false once deleted: the reports stay, the item is gone). */
  exists: z.boolean(),
  /** The title (of an audio file or set), the review's Tonie and first words, or the username. */
  label: z.string(),
  /** A longer excerpt: the description, the review's text. */
  excerpt: z.string().nullable(),
  /** Where it is seen in the app (e.g. '/audio/discover?audio=12', '/catalog?tonieId=7', '/sets/3'). */
  url: z.string().nullable(),
  /** The audio to listen to (moderators may play hidden files), or null. */
  fileUrl: z.string().nullable(),
  owner: z.object({ id: z.string(), username: z.string(), suspendedUntil: z.string().nullable() }).nullable(),
  hidden: z.boolean(),
});
export type ItemPreview = z.infer<typeof itemPreviewSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(CONTACT_KINDS),
  reason: z.enum(REPORT_REASONS).nullable(),
  contentUrl: z.string().nullable(),
  explanation: z.string(),
  /** The reporter's name (their username when signed in), or null. */
  reporterName: z.string().nullable(),
  reporterEmail: z.string().nullable(),
  signedIn: z.boolean(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** One entry of the queue: an item with its reports, or a message/notice without an item. */
export const queueEntrySchema = z.object({
  /** 'audio:12', 'review:40', 'set:3', 'user:<uuid>' or 'report:<id>' for a report without an item. */
  key: z.string(),
  item: itemPreviewSchema.nullable(),
  reportCount: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  reports: z.array(reportSchema),
  latestAt: z.string(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const queueInputSchema = z.object({
  status: z.enum([...REPORT_STATUSES, 'all']).default('open'),
  reason: z.enum(REPORT_REASONS).optional(),
  kind: z.enum(CONTACT_KINDS).optional(),
  page: positiveInt('page').default(1),
});
export type QueueInput = z.input<typeof queueInputSchema>;

export const contestEntrySchema = z.object({
  id: z.number().int(),
  decisionId: z.number().int(),
  explanation: z.string(),
  username: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['open', 'upheld', 'reversed']),
  decision: z.lazy(() => decisionSchema),
  item: itemPreviewSchema.nullable(),
});
export type ContestEntry = z.infer<typeof contestEntrySchema>;

export const queueSchema = z.object({
  entries: z.array(queueEntrySchema),
  totalCount: z.number().int(),
  /** Open contests, oldest first (always all of them). */
  contests: z.array(contestEntrySchema),
});
export type Queue = z.infer<typeof queueSchema>;

// ------------------------------------------------------------------------------------------------
// Decisions (statements of reasons) and the audit log
// ------------------------------------------------------------------------------------------------

const statementFields = {
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
  rule: z.enum(TERMS_SECTION_IDS, { error: MODERATION_MESSAGES.ruleRequired }),
  statement: text({ error: MODERATION_MESSAGES.statementRequired })
    .trim()
    .min(20, { error: MODERATION_MESSAGES.statementRequired })
    .max(5000, { error: MODERATION_MESSAGES.statementTooLong }),
};

/**
 * The id of a stored row (a decision, contest or tag: PostgreSQL integer), 1 to 2,147,483,647;
 * anything else is refused with `error` instead of reaching the database.
 */
const rowIdSchema = (error: string) => z.number({ error }).int({ error }).min(1, { error }).max(2_147_483_647, { error });

/**
 * A moderator acts on an item: dismiss its open reports, hide it, restore it, or delete it.
 * A report without an item (targetType 'report') can only be dismissed — for a bug or feedback
 * message that is 'marked as handled'. Every action carries a statement of reasons (dismissals
 * too: the reporters are told why). `contestId` answers an open contest of the item's last
 * decision (upheld or reversed).
 */
export const itemActionInputSchema = z.object({
  action: z.enum(ITEM_ACTIONS),
  targetType: z.enum(ACTION_TARGET_TYPES),
  targetId: targetIdSchema,
  ...statementFields,
  contestId: rowIdSchema(MODERATION_MESSAGES.decisionNotFound).optional(),
});
export type ItemActionInput = z.input<typeof itemActionInputSchema>;

/** Suspends a user for 1–3650 days, or for good (days: null). */
export const suspendInputSchema = z.object({
  userId: z.guid({ error: MODERATION_MESSAGES.userNotFound }),
  days: z
    .number({ error: MODERATION_MESSAGES.durationInvalid })
    .int({ error: MODERATION_MESSAGES.durationInvalid })
    .min(1, { error: MODERATION_MESSAGES.durationInvalid })
    .max(3650, { error: MODERATION_MESSAGES.durationInvalid })
    .nullable(),
  ...statementFields,
  contestId: rowIdSchema(MODERATION_MESSAGES.decisionNotFound).optional(),
});
export type SuspendInput = z.input<typeof suspendInputSchema>;

export const unsuspendInputSchema = z.object({
  userId: z.guid({ error: MODERATION_MESSAGES.userNotFound }),
  ...statementFields,
  contestId: rowIdSchema(MODERATION_MESSAGES.decisionNotFound).optional(),
});

/** A decision as the person it concerns (and moderators) see it: the statement of reasons. */
export const decisionSchema = z.object({
  id: z.number().int(),
  action: z.enum(LOG_ACTIONS),
  targetType: z.enum(['audio', 'review', 'user', 'tag', 'report', 'set']),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  reason: z.enum(REPORT_REASONS).nullable(),
  rule: z.string().nullable(),
  statement: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the viewer may contest it now (they are concerned, it restricts, not yet contested). */
  canContest: z.boolean(),
  contest: z.object({ explanation: z.string(), status: z.enum(['open', 'upheld', 'reversed']), createdAt: z.string() }).nullable(),
});
export type Decision = z.infer<typeof decisionSchema>;

export const decisionIdInputSchema = z.object({ id: z.coerce.number({ error: MODERATION_MESSAGES.decisionNotFound }).pipe(rowIdSchema(MODERATION_MESSAGES.decisionNotFound)) });

/** A moderator answers an open contest by keeping the decision (reversing it is a restore or unsuspend with contestId). */
export const upholdInputSchema = z.object({
  contestId: rowIdSchema(MODERATION_MESSAGES.decisionNotFound),
  ...statementFields,
});

export const contestInputSchema = z.object({
  decisionId: rowIdSchema(MODERATION_MESSAGES.decisionNotFound),
  explanation: text({ error: MODERATION_MESSAGES.contestTooShort })
    .trim()
    .min(10, { error: MODERATION_MESSAGES.contestTooShort })
    .max(5000, { error: MODERATION_MESSAGES.explanationTooLong }),
});
export type ContestInput = z.input<typeof contestInputSchema>;

/** One row of the audit log (admins). */
export const logEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorName: z.string(),
  action: z.enum(LOG_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  reason: z.enum(REPORT_REASONS).nullable(),
  rule: z.string().nullable(),
  statement: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  decisionId: z.number().int().nullable(),
  reportReferences: z.array(z.string()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', 100).default(50),
  targetType: z.enum(['audio', 'review', 'user', 'tag', 'report', 'set']).optional(),
  targetId: targetIdSchema.optional(),
});
export const logSchema = z.object({ entries: z.array(logEntrySchema), totalCount: z.number().int() });

// ------------------------------------------------------------------------------------------------
// Roles (admins) and review tags waiting for approval (moderators)
// ------------------------------------------------------------------------------------------------

export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Finds users by username or email (admins, to grant a role). */
export const userSearchInputSchema = z.object({ query: text().trim().min(2).max(254) });

export const setRoleInputSchema = z.object({
  userId: z.guid({ error: MODERATION_MESSAGES.userNotFound }),
  role: z.enum(['user', 'moderator']),
});

export const waitingTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userCount: z.number().int(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
});
export type WaitingTag = z.infer<typeof waitingTagSchema>;
export const tagIdInputSchema = z.object({ tagId: rowIdSchema(MODERATION_MESSAGES.tagNotWaiting) });

// ------------------------------------------------------------------------------------------------
// The operator and the community (settings shown on the imprint and in the links)
// ------------------------------------------------------------------------------------------------

export const siteInfoSchema = z.object({
  /** COMMUNITY_URL: when set, 'Report a Bug', 'Share Feedback' and Feedback link there. */
  communityUrl: z.string().nullable(),
  operator: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Further lines of the imprint (register entry, VAT id, responsible person), or null. */
    extra: z.string().nullable(),
  }),
  /** PRIVACY_EXTRA: the operator's own lines of the privacy policy (providers, logs, a data protection officer), or null. */
  privacyExtra: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
