import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useShellTexts } from '../i18n/shell-texts';
import classes from './layout.module.css';
import { ROUTES } from '../lib/links';

/** TonieShelf's mark: a little figure standing on a shelf. */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-tonie-7)" />
      <circle cx="32" cy="21" r="10" fill="var(--mantine-color-tonie-0)" />
      <path d="M19 46c0-9 6-15 13-15s13 6 13 15z" fill="var(--mantine-color-tonie-0)" />
      <rect x="10" y="47" width="44" height="6" rx="3" fill="var(--mantine-color-tonie-2)" />
    </svg>
  );
}

/** The logo, linking home; `compact`: the header hides the word between 'sm' and 'md' (no room). */
export function Logo({ onClick, compact = false }: { onClick?: () => void; compact?: boolean }) {
  const texts = useShellTexts();
  return (
    <UnstyledButton component={Link} to={ROUTES.home} onClick={onClick} aria-label={texts.shell.logoHome}>
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={800} fz={20} lh={1} style={{ letterSpacing: '-0.02em' }} className={compact ? classes.compactWordmark : undefined}>
          Tonie
          <Text component="span" inherit c="var(--tonieshelf-accent-text)">
            Shelf
          </Text>
        </Text>
      </Group>
    </UnstyledButton>
  );
}
