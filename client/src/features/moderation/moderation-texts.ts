// The texts of the moderators' screens (/moderation). The server's answers and the shared words
// (reasons, terms sections, log actions, MODERATION_MESSAGES) come from
// shared/src/schemas/moderation.ts; the client's own words are here, in one place.
import type { ContactKind, ItemAction, ReportStatus } from '@tonieshelf/shared/schemas/moderation';

export type ModerationActionKind = ItemAction | 'suspend' | 'unsuspend' | 'uphold';

export const MODERATION_TEXTS = {
  // Menu and page
  moderation: 'Moderation',
  pageSubtitle: 'Reports, contests, review tags and the decisions taken on them.',
  tabQueue: 'Queue',
  tabContests: 'Contests',
  tabTags: 'Review tags',
  tabRoles: 'Roles',
  tabLog: 'Audit log',
  loadFailed: 'This could not be loaded. Please try again.',
  retry: 'Try again',

  // Queue filters
  filterState: 'State',
  filterReason: 'Reason',
  filterKind: 'Kind',
  anyReason: 'Any reason',
  anyKind: 'Reports, bugs and feedback',
  statusLabels: { open: 'Open', dismissed: 'Dismissed', actioned: 'Actioned', all: 'All' } satisfies Record<ReportStatus | 'all', string>,
  kindFilterLabels: { report: 'Reports', bug: 'Bugs', feedback: 'Feedback' },
  queueCount: (n: number) => (n === 1 ? '1 entry' : `${n} entries`),
  queueEmpty: 'Nothing to look at',
  queueEmptyText: 'No reports match these filters.',
  queuePagination: 'Queue pages',

  // Queue entry
  reportCount: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  itemTypes: { audio: 'Audio file', review: 'Review', user: 'User', report: 'Report' } as Record<string, string>,
  messageWithoutItem: 'Message',
  hidden: 'Hidden',
  deleted: 'Deleted',
  suspended: 'Suspended',
  owner: 'Owner',
  open: 'Open',
  listen: 'Listen',
  reference: 'Reference',
  reporter: 'Reporter',
  anonymousReporter: 'No name given',
  signedInReporter: 'signed in',
  contentAddress: 'Address given',
  reportsOfItem: 'Reports',
  reportStatus: { open: 'Open', dismissed: 'Dismissed', actioned: 'Actioned' } satisfies Record<ReportStatus, string>,

  // Actions
  actionLabels: {
    dismiss: 'Dismiss',
    hide: 'Hide',
    restore: 'Restore',
    delete: 'Delete',
    suspend: 'Suspend owner',
    unsuspend: 'Lift suspension',
    uphold: 'Uphold',
  } satisfies Record<ModerationActionKind, string>,
  actionTitles: {
    dismiss: 'Dismiss the reports',
    hide: 'Hide this item',
    restore: 'Restore this item',
    delete: 'Delete this item',
    suspend: 'Suspend this user',
    unsuspend: 'Lift the suspension',
    uphold: 'Uphold the decision',
  } satisfies Record<ModerationActionKind, string>,
  actionDone: {
    dismiss: 'Reports dismissed',
    hide: 'Hidden',
    restore: 'Restored',
    delete: 'Deleted',
    suspend: 'User suspended',
    unsuspend: 'Suspension lifted',
    uphold: 'Decision upheld',
  } satisfies Record<ModerationActionKind, string>,
  actionDoneText: 'The statement of reasons was sent to the person concerned; the reporters are told the outcome.',
  // A bug report or feedback (no item) is not dismissed but marked as handled.
  markHandled: 'Mark as handled',
  handledTitle: 'Mark the message as handled',
  handledIntro: 'What was done about the message, or why nothing will be. The sender receives it by email.',
  handledDone: 'Marked as handled',
  handledDoneText: 'The sender is told by email, with your statement.',
  /** How a report or message without an item is named in the statement and the log. */
  messageLabels: { report: 'Report', bug: 'Bug report', feedback: 'Feedback' } satisfies Record<ContactKind, string>,
  actionFailed: 'The action was not taken',

  // Statement of reasons
  statementTitle: 'Statement of reasons',
  statementIntro: 'What was wrong, why, and which rule it breaks. The person concerned receives it by email and can contest it once.',
  statementAbout: (label: string) => `About: ${label}`,
  reasonLabel: 'Reason',
  ruleLabel: 'Rule (section of the terms)',
  ruleOption: (index: number, title: string) => `§${index} ${title}`,
  statementLabel: 'Statement',
  statementPlaceholder: 'What the content is, what is wrong with it and why the rule applies',
  statementHint: 'At least 20 characters. The terms section and how to contest are added by themselves.',
  durationLabel: 'Duration',
  durations: [
    { value: '7', label: '7 days' },
    { value: '30', label: '30 days' },
    { value: '365', label: '1 year' },
    { value: 'forever', label: 'For good' },
  ],
  cancel: 'Cancel',
  deleteConfirmTitle: 'Delete for good?',
  deleteConfirmText: 'The item is deleted and cannot be restored. Its reports and this decision stay in the audit log.',
  deleteConfirm: 'Delete for good',

  // Contests
  contestsEmpty: 'No open contests',
  contestsEmptyText: 'When someone contests a decision, it shows here.',
  contestedDecision: 'Contested decision',
  contestBy: (name: string | null, when: string) => `Contested by ${name ?? 'a deleted account'}, ${when}`,
  contestExplanation: 'Their explanation',
  decisionLine: (action: string, label: string) => `${action} ${label}`,
  viewDecision: 'Open the decision',
  reverseRestore: 'Restore',

  // Review tags
  tagsIntro: (min: number) =>
    `A tag used only in reviews becomes a catalogue filter once ${min} different users use it, or when a moderator approves it.`,
  tagsEmpty: 'No tags are waiting',
  tagName: 'Tag',
  tagUsers: 'Users',
  tagReviews: 'Reviews',
  tagSince: 'Since',
  approve: 'Approve',
  tagApproved: (name: string) => `"${name}" is now a catalogue tag`,

  // Roles
  staffTitle: 'Moderators and admins',
  staffEmpty: 'No moderators yet.',
  findUsers: 'Find a user',
  findUsersPlaceholder: 'Username or email',
  noUsersFound: 'No user matches.',
  makeModerator: 'Make moderator',
  revoke: 'Revoke',
  roleGranted: (name: string) => `${name} is now a moderator`,
  roleRevoked: (name: string) => `${name} is no longer a moderator`,
  adminNote: 'Admins are made and unmade with the admin command (npm run admin).',
  username: 'Username',
  email: 'Email',
  role: 'Role',

  // Audit log
  logIntro: 'Every decision, newest first. Nothing in it can be changed.',
  logEmpty: 'No decisions yet.',
  logWhen: 'When',
  logWho: 'Who',
  logAction: 'Action',
  logWhat: 'What',
  logReason: 'Reason',
  logRule: 'Rule',
  logStatement: 'Statement',
  logReports: 'Reports',
  logUntil: (date: string) => `until ${date}`,
  logForGood: 'for good',
  logRole: (role: string) => `as ${role}`,
  logPagination: 'Audit log pages',
} as const;
