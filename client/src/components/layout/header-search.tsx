import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ActionIcon, CloseButton, Group, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { SHELL_TEXTS } from '@tonieshelf/shared/messages';
import { catalogSearchPath } from '../../lib/links';

interface HeaderSearchProps {
  /** Called after a search was submitted (the mobile menu closes itself). */
  onSubmitted?: () => void;
  className?: string;
}

/**
 * The header's Tonie search: submitting goes to /catalog?search={query}; an empty (or blank)
 * query does nothing. The quick-search dialog (SPEC §2) arrives with a later issue.
 */
export function HeaderSearch({ onSubmitted, className }: HeaderSearchProps) {
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (!query) return;
    navigate(catalogSearchPath(query));
    onSubmitted?.();
  };

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <TextInput
        ref={inputRef}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        placeholder={SHELL_TEXTS.searchPlaceholder}
        aria-label="Search for Tonies"
        enterKeyHint="search"
        autoComplete="off"
        radius="xl"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSectionWidth={value ? 64 : 36}
        rightSectionPointerEvents="all"
        rightSection={
          <Group gap={2} wrap="nowrap">
            {value ? (
              <CloseButton
                size="sm"
                radius="xl"
                aria-label="Clear search"
                onClick={() => {
                  setValue('');
                  inputRef.current?.focus();
                }}
              />
            ) : null}
            <ActionIcon type="submit" size={26} radius="xl" aria-label="Search" title="Search">
              <IconArrowRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        }
      />
    </form>
  );
}
