// The words of the legal and contact pages: the footer's new links, the imprint and the terms.
// The rules' section titles come from TERMS_SECTIONS in shared/src/schemas/moderation.ts.

export const LEGAL_TEXTS = {
  footerReport: 'Report content',
  footerTerms: 'Terms of use',
  footerImprint: 'Imprint',

  // Imprint
  imprintTitle: 'Imprint',
  imprintSubtitle: 'Who runs TonieShelf and how to reach them',
  operator: 'Operator',
  address: 'Address',
  email: 'Email',
  phone: 'Phone',
  further: 'Further details',
  notConfiguredTitle: 'The operator has not filled in their details yet',
  notConfiguredText:
    'This TonieShelf does not show its operator’s name and address yet. Until it does, you can reach the people running it through the contact form.',
  contactForm: 'Open the contact form',
  reportHint: 'To report content or a copyright infringement, use the',
  reportHintLink: 'report form',
  imprintLoadFailed: 'The operator’s details could not be loaded. Please try again later.',

  // Terms
  termsTitle: 'Terms of use',
  termsSubtitle: 'The rules for sharing audio, writing reviews and how moderators act on reports',
  termsContents: 'Contents',

  // A decision (statement of reasons)
  decisionTitle: 'Decision of the moderators',
  decisionNumber: (id: number) => `Decision #${id}`,
  decisionSubtitle: 'The statement of reasons: what the moderators did, why, and how to contest it',
  whatWasDone: 'What was done',
  when: 'When',
  reasonLabel: 'Reason',
  ruleLabel: 'Rule of the terms',
  statementLabel: 'Statement of the moderators',
  suspendedUntilLabel: 'Suspended until',
  suspendedForGood: 'For good',
  decisionNotFound: 'This decision does not exist, or it does not concern you.',
  decisionLoadFailed: 'The decision could not be loaded. Please try again later.',
  contestTitle: 'Contest this decision',
  contestIntro: 'Think the decision is wrong? Tell the moderators why. You can contest a decision once; a moderator looks at it again and tells you the outcome by email.',
  contestLabel: 'Why is the decision wrong?',
  contestSubmit: 'Contest this decision',
  yourContest: 'Your contest',
  contestOpen: 'A moderator will look at the decision again. We will email you the outcome.',
  contestUpheld: 'A moderator looked at it again and kept the decision.',
  contestReversed: 'A moderator looked at it again and reversed the decision.',
  contestFailed: 'Your contest could not be sent. Please try again in a moment.',
  notContestableHint: 'Decisions that restore content or lift a suspension cannot be contested.',
} as const;

export const TARGET_TYPE_LABELS = {
  audio: 'the audio file',
  review: 'the review',
  user: 'the account',
  tag: 'the tag',
  report: 'the report',
} as const;
