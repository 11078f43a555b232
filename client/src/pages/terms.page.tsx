import { Container } from '@mantine/core';
import { TERMS_SECTIONS } from '@tonieshelf/shared/values/moderation';
import { BackLink } from '../components/back-link';
import { NumberedSections } from '../components/numbered-sections';
import { PageHeader } from '../components/page-header';
import { useLegalTexts } from '../features/legal/legal-texts';
import { TermsBody } from '../features/legal/terms-content';
import { useScrollToHash } from '../lib/use-scroll-to-hash';
import { usePageTitle } from '../lib/page-title';

/**
 * /terms: the terms of use, one numbered section per TERMS_SECTIONS entry, each an <h2 id=…> so
 * a statement of reasons can link to /terms#<section>.
 */
export function TermsPage() {
  const texts = useLegalTexts();
  usePageTitle(texts.termsTitle);
  useScrollToHash();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={texts.termsTitle} subtitle={texts.termsSubtitle} />
      <NumberedSections
        contentsLabel={texts.termsContents}
        sections={TERMS_SECTIONS.map((section) => ({ id: section.id, title: texts.termsSections[section.id], body: <TermsBody section={section.id} /> }))}
      />
    </Container>
  );
}
