import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ActionIcon, Badge, CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { HEADER_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN_LENGTH } from '@tonieshelf/shared/constants';
import { SHELL_TEXTS } from '@tonieshelf/shared/messages';
import { useQuickSearch } from '../../features/catalogue/api/use-catalogue-queries';
import { TonieImage } from '../../features/catalogue/tonie-image';
import { catalogSearchPath } from '../../lib/links';

interface HeaderSearchProps {
  /** Called after a search was submitted or a Tonie chosen (the mobile menu closes itself). */
  onSubmitted?: () => void;
  className?: string;
}

const SEARCH_ALL = '__search_all__';

/**
 * The header's Tonie search (SPEC §2). Submitting goes to /catalog?search={query}; an empty
 * query does nothing. After a 1-second pause in typing, from 2 characters, a quick-search
 * dialog lists matching Tonies (image, name, category badge; choosing one opens
 * /catalog?tonieId={id}), an entry 'Search all Tonies for "{query}"', or 'No results found.'.
 * It closes as soon as the query falls below 2 characters.
 */
export function HeaderSearch({ onSubmitted, className }: HeaderSearchProps) {
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value.trim(), HEADER_SEARCH_DEBOUNCE_MS);
  const query = value.trim();
  const ready = debounced.length >= QUICK_SEARCH_MIN_LENGTH && query.length >= QUICK_SEARCH_MIN_LENGTH;

  const results = useQuickSearch(debounced, ready);

  // Opens after the pause; closes at once when the query falls below the minimum.
  useEffect(() => {
    if (ready && document.activeElement === inputRef.current) combobox.openDropdown();
    if (query.length < QUICK_SEARCH_MIN_LENGTH) combobox.closeDropdown();
  }, [ready, debounced, query.length]);

  const finish = (path: string) => {
    combobox.closeDropdown();
    navigate(path);
    onSubmitted?.();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!query) return;
    finish(catalogSearchPath(query));
  };

  const tonies = results.data ?? [];

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <Combobox
        store={combobox}
        onOptionSubmit={(option) => {
          if (option === SEARCH_ALL) finish(catalogSearchPath(debounced));
          else finish(`/catalog?tonieId=${encodeURIComponent(option)}`);
        }}
        withinPortal
        position="bottom-start"
        width="target"
        shadow="md"
        radius="md"
        zIndex={400}
      >
        <Combobox.Target>
          <TextInput
            ref={inputRef}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.resetSelectedOption();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') combobox.closeDropdown();
            }}
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
                      combobox.closeDropdown();
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
        </Combobox.Target>

        <Combobox.Dropdown aria-label="Quick search">
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
            <Combobox.Option value={SEARCH_ALL}>
              <Group gap="xs" wrap="nowrap">
                <IconSearch size={16} aria-hidden />
                <Text size="sm" fw={600}>{`Search all Tonies for "${debounced}"`}</Text>
              </Group>
            </Combobox.Option>
            {results.isFetching && tonies.length === 0 ? (
              <Group justify="center" py="sm">
                <Loader size="sm" aria-label="Searching" />
              </Group>
            ) : tonies.length === 0 ? (
              <Combobox.Empty>No results found.</Combobox.Empty>
            ) : (
              <Combobox.Group label="Tonies">
                {tonies.map((t) => (
                  <Combobox.Option key={t.id} value={String(t.id)}>
                    <Group gap="sm" wrap="nowrap">
                      <div style={{ width: 40, flex: '0 0 40px', borderRadius: 6, overflow: 'hidden' }}>
                        <TonieImage id={t.id} src={t.image} name={t.name} category={t.category} height={40} iconSize={18} />
                      </div>
                      <Text size="sm" lineClamp={2} style={{ flex: 1, minWidth: 0 }}>
                        {t.name}
                      </Text>
                      <Badge size="xs" variant="light" style={{ flex: '0 0 auto' }}>
                        {t.category}
                      </Badge>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
