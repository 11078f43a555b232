import type { Ref } from 'react';
import { ActionIcon, CloseButton, Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useShellTexts } from '../i18n/shell-texts';
import { useHeaderSearchTexts } from './header-search-texts';

export interface HeaderSearchInputProps extends Omit<TextInputProps, 'value'> {
  value: string;
  onClear: () => void;
  ref?: Ref<HTMLInputElement>;
}

/** The search field, its clear button and its submit button: the same in the stand-in and in QuickSearch. */
export function HeaderSearchInput({ value, onClear, ...others }: HeaderSearchInputProps) {
  const texts = useHeaderSearchTexts();
  const shell = useShellTexts().shell;
  return (
    <TextInput
      value={value}
      placeholder={shell.searchPlaceholder}
      aria-label={texts.inputLabel}
      enterKeyHint="search"
      autoComplete="off"
      radius="xl"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSectionWidth={value ? 64 : 36}
      rightSectionPointerEvents="all"
      rightSection={
        <Group gap={2} wrap="nowrap">
          {value ? <CloseButton size="sm" radius="xl" aria-label={texts.clear} onClick={onClear} /> : null}
          <ActionIcon type="submit" size={26} radius="xl" aria-label={texts.submit} title={texts.submit}>
            <IconArrowRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      }
      {...others}
    />
  );
}
