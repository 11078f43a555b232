import { useEffect } from 'react';
import { Anchor, Container, Divider, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { TERMS_SECTIONS } from '@tonieshelf/shared/values/moderation';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { useLegalTexts } from '../features/legal/legal-texts';
import { TermsBody } from '../features/legal/terms-content';
import { usePageTitle } from '../lib/page-title';

/**
 * /terms: the terms of use, one numbered section per TERMS_SECTIONS entry, each an <h2 id=…> so
 * a statement of reasons can link to /terms#<section>.
 */
export function TermsPage() {
  const texts = useLegalTexts();
  usePageTitle(texts.termsTitle);
  const { hash } = useLocation();
  // /terms#copyright from another page (a statement of reasons, the upload form): to that section.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const frame = window.requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={texts.termsTitle} subtitle={texts.termsSubtitle} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} mb="lg" bg="var(--tonieshelf-surface)" component="nav" aria-label={texts.termsContents}>
        <Text fw={700} fz="sm" mb="xs">
          {texts.termsContents}
        </Text>
        <List type="ordered" size="sm" spacing={4} withPadding>
          {TERMS_SECTIONS.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`} fz="sm">
                {texts.termsSections[section.id]}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        <Stack gap="lg">
          {TERMS_SECTIONS.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              {index > 0 ? <Divider mb="lg" /> : null}
              <Title order={2} fz="h4" mb="xs" id={section.id} style={{ scrollMarginTop: 80 }}>
                {index + 1}. {texts.termsSections[section.id]}
              </Title>
              <TermsBody section={section.id} />
            </section>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}
