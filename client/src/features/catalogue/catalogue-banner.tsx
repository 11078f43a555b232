import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconHeadphones, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/links';
import { useCatalogueTexts } from './catalogue-texts';

/** The banner card to the audio pages (SPEC §2): 'Discover Audio' and 'Upload Your Audio'. */
export function CatalogueBanner() {
  const texts = useCatalogueTexts();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      style={{
        background: 'linear-gradient(120deg, light-dark(var(--mantine-color-tonie-0), rgba(242, 99, 52, 0.12)), light-dark(#fff7e8, rgba(250, 176, 5, 0.08)))',
      }}
      data-testid="audio-banner"
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
          <ThemeIcon size={48} radius="xl" variant="light" visibleFrom="xs">
            <IconHeadphones size={26} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Title order={2} fz="lg">
              {texts.bannerTitle}
            </Title>
            <Text fz="sm" c="dimmed">
              {texts.bannerText}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={ROUTES.discover} variant="white" color="dark" leftSection={<IconCompass size={16} aria-hidden />}>
            {texts.discoverAudio}
          </Button>
          <Button component={Link} to={ROUTES.upload} leftSection={<IconUpload size={16} aria-hidden />}>
            {texts.uploadYourAudio}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
