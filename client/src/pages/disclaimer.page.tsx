import type { ReactNode } from 'react';
import { Anchor, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { useHelpTexts } from '../features/legal/help-texts';
import { useShellTexts } from '../i18n/shell-texts';
import { COPYRIGHT_NOTICE_PATH, ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { richText } from '../lib/rich-text';

/** The links the sections mark. */
const LINKS: Record<string, (children: string) => ReactNode> = {
  copyrightForm: (children) => (
    <Anchor component={Link} to={COPYRIGHT_NOTICE_PATH} inherit fw={600}>
      {children}
    </Anchor>
  ),
  terms: (children) => (
    <Anchor component={Link} to={`${ROUTES.terms}#moderation`} inherit fw={600}>
      {children}
    </Anchor>
  ),
  faq: (children) => (
    <Anchor component={Link} to={ROUTES.faq} inherit fw={600}>
      {children}
    </Anchor>
  ),
  imprint: (children) => (
    <Anchor component={Link} to={ROUTES.imprint} inherit fw={600}>
      {children}
    </Anchor>
  ),
};

/** /disclaimer (SPEC §2); its title is 'Disclaimer | TonieShelf'. */
export function DisclaimerPage() {
  const pages = useShellTexts().pages;
  const texts = useHelpTexts().disclaimer;
  usePageTitle(pages.disclaimer.title);
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={pages.disclaimer.title} subtitle={texts.subtitle} />
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        <Stack gap="lg">
          {texts.sections.map((section, index) => (
            <section key={section.title} aria-labelledby={`disclaimer-${index}`}>
              {index > 0 ? <Divider mb="lg" /> : null}
              <Title order={2} fz="h4" mb="xs" id={`disclaimer-${index}`}>
                {section.title}
              </Title>
              <Text size="sm" lh={1.7}>
                {richText(section.body, LINKS)}
              </Text>
            </section>
          ))}
        </Stack>
      </Paper>
      <Anchor component={Link} to={ROUTES.home} fw={600} size="sm" mt="lg" display="inline-block">
        {texts.returnHome}
      </Anchor>
    </Container>
  );
}
