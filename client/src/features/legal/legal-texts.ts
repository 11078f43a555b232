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
} as const;
