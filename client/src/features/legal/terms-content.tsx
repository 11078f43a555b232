// The rules of TonieShelf, one section per TERMS_SECTIONS entry (the statements of reasons cite
// them as /terms#<id>). Plain, short rules; the order and titles come from the shared list.
import type { ReactNode } from 'react';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LICENCE_LABELS, LICENCE_URLS, LICENCES, REVIEW_TAG_MIN_USERS } from '@tonieshelf/shared/schemas/moderation';
import type { TermsSectionId } from '@tonieshelf/shared/schemas/moderation';
import { COPYRIGHT_NOTICE_PATH, ROUTES } from '../../lib/links';

const LICENCE_MEANINGS: Record<(typeof LICENCES)[number], string> = {
  'cc-by-4.0': 'anyone may use, share and change it, also commercially, if they name you.',
  'cc-by-sa-4.0': 'like CC BY, and changed versions must be shared under the same licence.',
  'cc-by-nc-4.0': 'anyone may use, share and change it if they name you, but not commercially.',
  'cc0-1.0': 'you give up your rights as far as the law allows; anyone may use it for anything.',
  'all-rights-reserved': 'others may listen and download it for their family’s personal use only, nothing more.',
};

function Rules({ children }: { children: ReactNode }) {
  return (
    <List size="sm" spacing={6} lh={1.6} withPadding>
      {children}
    </List>
  );
}

export const TERMS_BODIES: Record<TermsSectionId, ReactNode> = {
  sharing: (
    <Rules>
      <List.Item>Share audio you made yourself or have the right to share: your own stories, songs, readings and recordings.</List.Item>
      <List.Item>Everything you share must be suitable for children: it will be played on a child’s Toniebox.</List.Item>
      <List.Item>Describe it honestly: the title, description and tags say what it really is.</List.Item>
      <List.Item>You stay the owner of what you share. By publishing it you let TonieShelf store it and show it to others under the licence you chose.</List.Item>
    </Rules>
  ),
  copyright: (
    <>
      <Rules>
        <List.Item>Do not upload music, audiobooks, radio plays or other recordings made by others unless you have their permission. Buying a CD or a Tonie does not give you the right to share it.</List.Item>
        <List.Item>Every upload states its licence and that you made it or have the right to share it. The licence shows on the file and travels with its downloads.</List.Item>
        <List.Item>
          Rights holders can report an infringement with the{' '}
          <Anchor component={Link} to={COPYRIGHT_NOTICE_PATH} inherit>
            copyright report form
          </Anchor>
          , no account needed. We remove infringing content promptly.
        </List.Item>
      </Rules>
      <Text size="sm" fw={600} mt="sm" mb={4}>
        The licences you can choose
      </Text>
      <List size="sm" spacing={6} lh={1.6} withPadding data-testid="terms-licences">
        {LICENCES.map((licence) => {
          const url = LICENCE_URLS[licence];
          return (
            <List.Item key={licence}>
              {url ? (
                <Anchor href={url} target="_blank" rel="noopener noreferrer license" inherit fw={600}>
                  {LICENCE_LABELS[licence]}
                </Anchor>
              ) : (
                <Text span inherit fw={600}>
                  {LICENCE_LABELS[licence]}
                </Text>
              )}
              : {LICENCE_MEANINGS[licence]}
            </List.Item>
          );
        })}
      </List>
    </>
  ),
  illegal: (
    <Rules>
      <List.Item>Nothing that is against the law: hate speech, threats, content that glorifies violence, terrorist content, or anything that infringes others’ rights.</List.Item>
      <List.Item>Illegal content is removed as soon as we learn of it, and the account that shared it may be suspended.</List.Item>
    </Rules>
  ),
  children: (
    <Rules>
      <List.Item>No content that is harmful to children: frightening, violent, sexual or otherwise unsuitable material, and nothing that asks children for personal details.</List.Item>
      <List.Item>No advertising aimed at children.</List.Item>
      <List.Item>Content that may harm a child is hidden first and looked at right after.</List.Item>
    </Rules>
  ),
  spam: (
    <Rules>
      <List.Item>No advertising, links to sell things, chain messages or the same upload or review again and again.</List.Item>
      <List.Item>No fake reviews, no reviews of your own uploads from other accounts, and no automated accounts.</List.Item>
      <List.Item>Do not try to get around limits, moderation or another user’s block.</List.Item>
    </Rules>
  ),
  privacy: (
    <Rules>
      <List.Item>Do not share other people’s personal data: names with addresses, phone numbers, photos, voices of children who are not yours, or anything that identifies a child.</List.Item>
      <List.Item>Record other people only with their consent (for children, their parents’ consent).</List.Item>
    </Rules>
  ),
  conduct: (
    <Rules>
      <List.Item>Reviews are about the Tonie: your family’s honest experience, kindly put. No insults, harassment or personal attacks.</List.Item>
      <List.Item>Tags describe the review. A new tag from reviews becomes a catalogue filter once {REVIEW_TAG_MIN_USERS} different people use it, or a moderator approves it.</List.Item>
      <List.Item>Be respectful to other members and to the moderators.</List.Item>
    </Rules>
  ),
  moderation: (
    <Rules>
      <List.Item>
        Anyone can report content: with ‘Report’ on an audio file, a review or a user, or with the{' '}
        <Anchor component={Link} to={ROUTES.report} inherit>
          report form
        </Anchor>
        , with or without an account. You get a reference number on screen and by email.
      </List.Item>
      <List.Item>Moderators look at every report. They may dismiss it, hide the content, restore it, delete it, or suspend an account.</List.Item>
      <List.Item>Hidden content disappears for everyone except its owner and the moderators, until it is restored.</List.Item>
      <List.Item>Every decision comes with a statement of reasons: what was done, why, which section of these terms it rests on, and how to contest it. The owner gets it by email and on the decision’s page; the person who reported is told the outcome.</List.Item>
      <List.Item>Every action of the moderators is recorded in a log that cannot be changed.</List.Item>
    </Rules>
  ),
  contest: (
    <Rules>
      <List.Item>If you think a decision about your content or account is wrong, you can contest it once, from the decision’s page (the link is in the email), and explain why.</List.Item>
      <List.Item>A moderator looks at the decision again and either reverses it or keeps it. You are told either way, with the reasons.</List.Item>
      <List.Item>
        A suspended account cannot sign in: contest through the{' '}
        <Anchor component={Link} to={`${ROUTES.report}?kind=feedback`} inherit>
          contact form
        </Anchor>{' '}
        and quote the decision number from the email.
      </List.Item>
    </Rules>
  ),
  accounts: (
    <Rules>
      <List.Item>Accounts that break these rules seriously or again and again can be suspended for a time or for good.</List.Item>
      <List.Item>A suspended account is signed out, cannot sign in, and its audio files and reviews are hidden while the suspension lasts.</List.Item>
      <List.Item>A suspension for a time ends by itself; the content shows again when it does.</List.Item>
    </Rules>
  ),
};
