import type { ReactNode } from 'react';
import { Button, Container, EmptyState, Group, Paper } from '@mantine/core';
import { IconBooks, IconHammer, IconHelpCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { PageHeader } from './page-header';

interface ComingSoonProps {
  /** The page's real heading, as the spec names it. */
  title: string;
  subtitle?: string;
  /** What this page will do, in a sentence. */
  purpose: string;
  /** Shown between the heading and the notice, e.g. the search that brought the visitor here. */
  children?: ReactNode;
}

/**
 * An honest placeholder for a page whose feature lands in a later issue: its real heading, a
 * sentence that it is being built, and ways to pages that already work. No made-up data.
 */
export function ComingSoon({ title, subtitle, purpose, children }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={title} subtitle={subtitle} />
      {children}
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        <EmptyState variant="light" size="lg">
          <EmptyState.Indicator>
            <IconHammer aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>Coming soon</EmptyState.Title>
          <EmptyState.Description maw={520}>
            {purpose} This part of TonieShelf is still being built and will open in an upcoming update.
            In the meantime, these pages are ready for you:
          </EmptyState.Description>
          <EmptyState.Actions>
            <Group justify="center" gap="sm">
              <Button component={Link} to={ROUTES.faq} variant="light" leftSection={<IconHelpCircle size={16} aria-hidden />}>
                Read the FAQ
              </Button>
              <Button component={Link} to={ROUTES.resources} variant="light" leftSection={<IconBooks size={16} aria-hidden />}>
                Find listening resources
              </Button>
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Container>
  );
}
