// A read-only address with a Copy button beside it (a set's feed, a shelf's share link): the
// field selects its text on focus, the button says 'Copied' for a moment after a copy.
import { ActionIcon, CopyButton, Group, TextInput } from '@mantine/core';
import { LazyTooltip } from './lazy-widgets';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The button's name before and after a copy. */
  copyLabel: string;
  copiedLabel: string;
  /** Called after a copy (e.g. a toast). */
  onCopied?: () => void;
  'data-testid'?: string;
  copyTestId?: string;
}

export function CopyField({ label, value, copyLabel, copiedLabel, onCopied, 'data-testid': testId, copyTestId }: CopyFieldProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput label={label} value={value} readOnly onFocus={(event) => event.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} data-testid={testId} />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <LazyTooltip label={copied ? copiedLabel : copyLabel} withArrow>
            <ActionIcon
              size={36}
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              aria-label={copied ? copiedLabel : copyLabel}
              onClick={() => {
                copy();
                onCopied?.();
              }}
              data-testid={copyTestId}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </LazyTooltip>
        )}
      </CopyButton>
    </Group>
  );
}
