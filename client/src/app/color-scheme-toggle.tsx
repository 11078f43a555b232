import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useShellTexts } from '../i18n/shell-texts';
import classes from './color-scheme-toggle.module.css';

/** Sun in dark mode, moon in light mode; the icons switch by CSS so the first paint is right. */
export function ColorSchemeToggle() {
  const texts = useShellTexts();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = computed === 'dark';

  return (
    <ActionIcon
      variant="default"
      size={36}
      radius="xl"
      aria-label={texts.shell.toggleDarkMode}
      aria-pressed={dark}
      title={dark ? texts.shell.switchToLight : texts.shell.switchToDark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      <IconSun size={18} className={classes.sun} aria-hidden />
      <IconMoon size={18} className={classes.moon} aria-hidden />
    </ActionIcon>
  );
}
