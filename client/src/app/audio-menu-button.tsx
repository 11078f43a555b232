import type { ComponentPropsWithRef } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useShellTexts } from '../i18n/shell-texts';
import classes from './layout.module.css';

/** The 'Audio' menu's button (Menu.Target hands it its handlers and ref). */
export function AudioMenuButton({ active, ...others }: { active: boolean } & ButtonProps & ComponentPropsWithRef<'button'>) {
  const texts = useShellTexts();
  return (
    <Button
      variant="subtle"
      color="gray"
      c="var(--mantine-color-text)"
      px={{ base: 8, md: 12 }}
      className={classes.navLink}
      data-active={active || undefined}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...others}
    >
      {texts.shell.audioMenu}
    </Button>
  );
}
