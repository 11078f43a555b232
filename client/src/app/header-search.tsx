import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { ActionIcon, CloseButton, Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useShellTexts } from '../i18n/shell-texts';
import { catalogSearchPath } from '../lib/links';
import { forgetReach, isLastReached, reachWidget, useWidgets } from '../components/deferred/widgets-loader';
import { useHeaderSearchTexts } from './header-search-texts';

export interface HeaderSearchProps {
  /** Called after a search was submitted or a Tonie chosen (the mobile menu closes itself). */
  onSubmitted?: () => void;
  className?: string;
}

/**
 * The header's Tonie search (SPEC §2): QuickSearch (quick-search.tsx) with its dialog once the
 * dropdown widgets have loaded. Until then the same field, which searches the catalogue on Enter;
 * what was typed, and the focus, carry over.
 */
export function HeaderSearch({ onSubmitted, className }: HeaderSearchProps) {
  const widgets = useWidgets();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);
  const navigate = useNavigate();

  if (widgets) {
    return <widgets.QuickSearch onSubmitted={onSubmitted} className={className} initialValue={draft} autoFocus={focused && isLastReached(id)} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = draft.trim();
    if (!query) return;
    navigate(catalogSearchPath(query));
    onSubmitted?.();
  };
  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <HeaderSearchInput
        ref={inputRef}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onFocus={() => {
          setFocused(true);
          reachWidget(id, false);
        }}
        onBlur={() => {
          setFocused(false);
          forgetReach(id);
        }}
        onClear={() => {
          setDraft('');
          inputRef.current?.focus();
        }}
      />
    </form>
  );
}

interface HeaderSearchInputProps extends Omit<TextInputProps, 'value'> {
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
