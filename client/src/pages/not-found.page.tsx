import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHelpCircle, IconMoodSad } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

/** Any path the router does not know (SPEC §2). */
export function NotFoundPage() {
  const { shell, notFound } = useShellTexts();
  usePageTitle(shell.pageNotFound);
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMoodSad size={40} aria-hidden />
        </ThemeIcon>
        <Title order={1}>{notFound.title}</Title>
        <Text c="dimmed">{notFound.hint}</Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to={ROUTES.home}>
            {shell.backToHome}
          </Button>
          <Button component={Link} to={ROUTES.faq} variant="default" leftSection={<IconHelpCircle size={16} aria-hidden />}>
            {shell.footerHelp}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
