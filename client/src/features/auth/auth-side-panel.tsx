import { Box, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconStack2, IconStar, IconTags } from '@tabler/icons-react';
import { useAuthTexts } from './auth-texts';
import classes from './auth.module.css';

const ICONS = [IconStack2, IconStar, IconTags, IconCompass] as const;

/** The desktop-only side panel of /auth (SPEC §2): a welcome headline and four blurbs. */
export function AuthSidePanel() {
  const texts = useAuthTexts();
  return (
    <Box component="aside" visibleFrom="md" className={classes.sidePanel} aria-labelledby="auth-side-panel-title">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={2} id="auth-side-panel-title" fz={28}>
            {texts.sidePanelTitle}
          </Title>
          <Text c="dimmed">{texts.sidePanelSubtitle}</Text>
        </Stack>
        <Stack gap="lg" component="ul" className={classes.blurbs}>
          {texts.blurbs.map((blurb, index) => {
            const Icon = ICONS[index] ?? IconStar;
            return (
              <Group key={blurb.title} component="li" gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  <Icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Title order={3} fz="md">
                    {blurb.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {blurb.text}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Box>
  );
}
