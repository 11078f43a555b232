// Trust and safety's plain values: roles, reasons, targets, the queue's page size, licences,
// terms sections, messages. Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';

// ------------------------------------------------------------------------------------------------
// Words
// ------------------------------------------------------------------------------------------------

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** Why content is reported (Funkwhale's categories, with one for children's safety). */
export const REPORT_REASONS = ['copyright', 'illegal', 'harmful_to_children', 'spam', 'personal_data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  copyright: 'Copyright infringement',
  illegal: 'Illegal content',
  harmful_to_children: 'Harmful to children',
  spam: 'Spam',
  personal_data: 'Personal data',
  other: 'Other',
};

/** What the contact form sends: a report about content, a bug, or feedback. */
export const CONTACT_KINDS = ['report', 'bug', 'feedback'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_KIND_LABELS: Record<ContactKind, string> = { report: 'Report content', bug: 'Report a bug', feedback: 'Share feedback' };

/** What can be reported: a shared audio file, a review, a user, a set (migration 0011). */
export const REPORT_TARGET_TYPES = ['audio', 'review', 'user', 'set'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What each kind of item is called (the queue, the log, a deleted item's name). */
export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = { audio: 'Audio file', review: 'Review', user: 'User', set: 'Set' };
/** What a moderator acts on: an item, or (targetType 'report', targetId the report's id) a
 * report or message without an item (a bug, feedback, a notice naming only an address). */
export const ACTION_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'report'] as const;
export type ActionTargetType = (typeof ACTION_TARGET_TYPES)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator does to an item; suspensions are done to users. */
export const ITEM_ACTIONS = ['dismiss', 'hide', 'restore', 'delete'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

/** Entries per page of the queue (the server pages by it, the client counts pages with it). */
export const QUEUE_PAGE_SIZE = 20;
/** A review's new tag becomes a catalogue filter tag once this many different users use it. */
export const REVIEW_TAG_MIN_USERS = 3;

/** Every kind of row of the audit log. */
export const LOG_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'suspend', 'unsuspend', 'grant_role', 'revoke_role', 'approve_tag', 'contest', 'uphold'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
export const LOG_ACTION_LABELS: Record<LogAction, string> = {
  dismiss: 'Dismissed the reports',
  hide: 'Hid',
  restore: 'Restored',
  delete: 'Deleted',
  suspend: 'Suspended',
  unsuspend: 'Lifted the suspension of',
  grant_role: 'Granted a role to',
  revoke_role: 'Revoked the role of',
  approve_tag: 'Approved the tag',
  contest: 'Contested the decision on',
  uphold: 'Upheld the decision on',
};

/** Licences an uploader can choose. */
export const LICENCES = ['cc-by-4.0', 'cc-by-sa-4.0', 'cc-by-nc-4.0', 'cc0-1.0', 'all-rights-reserved'] as const;
export type Licence = (typeof LICENCES)[number];
export const LICENCE_LABELS: Record<Licence, string> = {
  'cc-by-4.0': 'CC BY 4.0',
  'cc-by-sa-4.0': 'CC BY-SA 4.0',
  'cc-by-nc-4.0': 'CC BY-NC 4.0',
  'cc0-1.0': 'CC0 1.0',
  'all-rights-reserved': 'All rights reserved — personal use only',
};
/** A licence's short name, for badges and download file names: 'CC BY 4.0', 'All rights reserved'. */
export const LICENCE_SHORT_LABELS: Record<Licence, string> = { ...LICENCE_LABELS, 'all-rights-reserved': 'All rights reserved' };
/** Where each licence is explained (none for all rights reserved). */
export const LICENCE_URLS: Record<Licence, string | null> = {
  'cc-by-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'cc-by-sa-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
  'cc-by-nc-4.0': 'https://creativecommons.org/licenses/by-nc/4.0/',
  'cc0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'all-rights-reserved': null,
};

/**
 * The sections of the terms (/terms#<id>) that statements of reasons cite. The terms page shows
 * them in this order, numbered.
 */
export const TERMS_SECTIONS = [
  { id: 'sharing', title: 'What you may share' },
  { id: 'copyright', title: 'Copyright and licences' },
  { id: 'illegal', title: 'Illegal content' },
  { id: 'children', title: 'Content for children' },
  { id: 'spam', title: 'Spam and misuse' },
  { id: 'privacy', title: 'Personal data of others' },
  { id: 'conduct', title: 'Reviews and conduct' },
  { id: 'moderation', title: 'Reports and moderation' },
  { id: 'contest', title: 'Contesting a decision' },
  { id: 'accounts', title: 'Suspending accounts' },
] as const;
export type TermsSectionId = (typeof TERMS_SECTIONS)[number]['id'];
export const TERMS_SECTION_IDS = TERMS_SECTIONS.map((s) => s.id) as [TermsSectionId, ...TermsSectionId[]];

/** The rule a reason suggests citing (the moderator may choose another). */
export const RULE_FOR_REASON: Record<ReportReason, TermsSectionId> = {
  copyright: 'copyright',
  illegal: 'illegal',
  harmful_to_children: 'children',
  spam: 'spam',
  personal_data: 'privacy',
  other: 'conduct',
};

/** Refusal reasons the client acts on (tRPC data.reason / REST body reason). */
export const MODERATION_REFUSALS = { accountSuspended: 'ACCOUNT_SUSPENDED' } as const;

export const MODERATION_MESSAGES = {
  reasonRequired: 'moderation.reasonRequired',
  explanationRequired: 'moderation.explanationRequired',
  explanationTooLong: 'moderation.explanationTooLong',
  nameRequired: 'moderation.nameRequired',
  nameTooLong: 'moderation.nameTooLong',
  emailRequired: 'moderation.emailRequired',
  goodFaithRequired: 'moderation.goodFaithRequired',
  contentUrlInvalid: 'moderation.contentUrlInvalid',
  targetNotFound: 'moderation.targetNotFound',
  duplicateReport: 'moderation.duplicateReport',
  tooManyReports: 'moderation.tooManyReports',
  reportReceived: 'moderation.reportReceived',
  messageReceived: 'moderation.messageReceived',
  statementRequired: 'moderation.statementRequired',
  statementTooLong: 'moderation.statementTooLong',
  ruleRequired: 'moderation.ruleRequired',
  nothingToRestore: 'moderation.nothingToRestore',
  alreadyHidden: 'moderation.alreadyHidden',
  itemNotFound: 'moderation.itemNotFound',
  notReportable: 'moderation.notReportable',
  reportOnlyDismissed: 'moderation.reportOnlyDismissed',
  reportNotFound: 'moderation.reportNotFound',
  reportHasItem: 'moderation.reportHasItem',
  reportClosed: 'moderation.reportClosed',
  durationInvalid: 'moderation.durationInvalid',
  cannotSuspendSelf: 'moderation.cannotSuspendSelf',
  cannotSuspendStaff: 'moderation.cannotSuspendStaff',
  notSuspended: 'moderation.notSuspended',
  decisionNotFound: 'moderation.decisionNotFound',
  contestClosed: 'moderation.contestClosed',
  contestOtherItem: 'moderation.contestOtherItem',
  contestTooShort: 'moderation.contestTooShort',
  alreadyContested: 'moderation.alreadyContested',
  notContestable: 'moderation.notContestable',
  contestReceived: 'moderation.contestReceived',
  moderatorsOnly: 'moderation.moderatorsOnly',
  adminsOnly: 'moderation.adminsOnly',
  cannotChangeOwnRole: 'moderation.cannotChangeOwnRole',
  cannotChangeAdmin: 'moderation.cannotChangeAdmin',
  userNotFound: 'moderation.userNotFound',
  tagNotWaiting: 'moderation.tagNotWaiting',
  suspendedUntil: 'moderation.suspendedUntil',
  suspendedForGood: 'moderation.suspendedForGood',
  hiddenByModerators: 'moderation.hiddenByModerators',
} as const satisfies Record<string, MessageCode>;
