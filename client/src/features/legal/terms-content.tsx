// The rules of TonieShelf, one section per TERMS_SECTIONS entry (the statements of reasons cite
// them as /terms#<id>). Plain, short rules; the order and titles come from the shared list, the
// words from terms-texts.ts in the interface language.
import type { ReactNode } from 'react';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LICENCE_LABELS, LICENCE_URLS, LICENCES, type TermsSectionId } from '@tonieshelf/shared/values/moderation';
import { COPYRIGHT_NOTICE_PATH, ROUTES } from '../../lib/links';
import { richText } from '../../lib/rich-text';
import { useTermsTexts } from './terms-texts';

/** The links the rules' texts mark. */
const LINKS: Record<string, (children: string) => ReactNode> = {
  copyrightForm: (children) => (
    <Anchor component={Link} to={COPYRIGHT_NOTICE_PATH} inherit>
      {children}
    </Anchor>
  ),
  reportForm: (children) => (
    <Anchor component={Link} to={ROUTES.report} inherit>
      {children}
    </Anchor>
  ),
  contactForm: (children) => (
    <Anchor component={Link} to={`${ROUTES.report}?kind=feedback`} inherit>
      {children}
    </Anchor>
  ),
};

function Rules({ items }: { items: readonly string[] }) {
  return (
    <List size="sm" spacing={6} lh={1.6} withPadding>
      {items.map((item) => (
        <List.Item key={item}>{richText(item, LINKS)}</List.Item>
      ))}
    </List>
  );
}

/** One section's rules (the copyright section also lists the licences). */
export function TermsBody({ section }: { section: TermsSectionId }) {
  const texts = useTermsTexts();
  if (section !== 'copyright') return <Rules items={texts[section]} />;
  return (
    <>
      <Rules items={texts.copyright} />
      <Text size="sm" fw={600} mt="sm" mb={4}>
        {texts.licencesTitle}
      </Text>
      <List size="sm" spacing={6} lh={1.6} withPadding data-testid="terms-licences">
        {LICENCES.map((licence) => {
          const url = LICENCE_URLS[licence];
          const label = licence === 'all-rights-reserved' ? texts.allRightsReserved : LICENCE_LABELS[licence];
          return (
            <List.Item key={licence}>
              {url ? (
                <Anchor href={url} target="_blank" rel="noopener noreferrer license" inherit fw={600}>
                  {label}
                </Anchor>
              ) : (
                <Text span inherit fw={600}>
                  {label}
                </Text>
              )}
              : {texts.licenceMeanings[licence]}
            </List.Item>
          );
        })}
      </List>
    </>
  );
}
