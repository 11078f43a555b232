import { useEffect } from 'react';
import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

/** '/': a landing screen that sends the visitor on to the catalogue at once (SPEC §2). */
export function HomePage() {
  usePageTitle();
  const texts = useShellTexts().home;
  const navigate = useNavigate();

  useEffect(() => {
    navigate(ROUTES.catalog, { replace: true });
  }, [navigate]);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{texts.title}</Title>
        <Group>
          <Loader size="sm" type="dots" aria-hidden />
        </Group>
        <Text c="dimmed" role="status">
          {texts.redirecting}
        </Text>
        <Button component={Link} to={ROUTES.catalog} replace rightSection={<IconArrowRight size={16} aria-hidden />}>
          {texts.goToCatalog}
        </Button>
      </Stack>
    </Container>
  );
}
