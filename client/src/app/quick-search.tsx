import { useEffect, useReducer, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Badge, Combobox, Group, Loader, Stack, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { HEADER_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN_LENGTH } from '@tonieshelf/shared/values/tonie';
import type { QuickSearchResult } from '@tonieshelf/shared/schemas/tonie';
import { useQuickSearch } from '../features/catalogue/api/use-catalogue-queries';
import { categoryName } from '../features/catalogue/category-name';
import { useCatalogueTexts } from '../features/catalogue/catalogue-texts';
import { TonieImage } from '../features/catalogue/tonie-image';
import { editionOf, languageName } from '../lib/language-names';
import { useLanguage } from '../i18n/use-language';
import { catalogSearchPath } from '../lib/links';
import { HeaderSearchInput } from './header-search-input';
import { useHeaderSearchTexts } from './header-search-texts';

export interface HeaderSearchProps {
  /** Called after a search was submitted or a Tonie chosen (the mobile menu closes itself). */
  onSubmitted?: () => void;
  className?: string;
}

interface QuickSearchProps extends HeaderSearchProps {
  /** What the visitor typed into the stand-in before this loaded. */
  initialValue?: string;
  /** The stand-in had the focus: it moves here. */
  autoFocus?: boolean;
}

const SEARCH_ALL = '__search_all__';

type QuickSearchRow = QuickSearchResult[number];

/** Lower case, accents and punctuation dropped: to see whether the name already says a part. */
function loose(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** 'series · episode', leaving out what the name already says; null when it says both. */
export function seriesLine(row: Pick<QuickSearchRow, 'name' | 'series' | 'episode'>): string | null {
  const name = loose(row.name);
  const parts = [row.series, row.episode].filter((part): part is string => Boolean(part?.trim()) && !name.includes(loose(part!)));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The short code a quick-search row shows: 'de-DE' -> 'DE', 'en-GB' -> 'EN-GB'. */
export function languageCode(tag: string | null | undefined): string | null {
  const edition = editionOf(tag);
  if (!edition) return tag?.trim() ? tag.trim().toUpperCase() : null;
  return (edition.region ? `${edition.language}-${edition.region}` : edition.language).toUpperCase();
}

/**
 * The header's Tonie search (SPEC §2) with its quick-search dialog; HeaderSearch shows it once its
 * code has loaded (before, a stand-in that searches on Enter). Submitting goes to /catalog?search={query}; an empty
 * query does nothing. After a 1-second pause in typing, from 2 characters, a quick-search
 * dialog lists matching Tonies in the catalogue's relevance order (image, name, a second line
 * 'series · episode' where the name does not say them, language code and category badges, so
 * editions stay apart on a phone; choosing one opens /catalog?tonieId={id}), an entry 'Search
 * all Tonies for "{query}"', or 'No results found.'. It closes as soon as the query falls
 * below 2 characters.
 */
export function QuickSearch({ onSubmitted, className, initialValue = '', autoFocus = false }: QuickSearchProps) {
  const [value, setValue] = useState(initialValue);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const texts = useHeaderSearchTexts();
  const { locale } = useLanguage();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Mantine's arrow keys move the store's selected option and point the input's
  // aria-activedescendant at it, but mark the option only with a data attribute: a render after
  // each arrow key gives that option aria-selected as well.
  const [, showSelection] = useReducer((renders: number) => renders + 1, 0);
  const [debounced] = useDebouncedValue(value.trim(), HEADER_SEARCH_DEBOUNCE_MS);
  const query = value.trim();
  const ready = debounced.length >= QUICK_SEARCH_MIN_LENGTH && query.length >= QUICK_SEARCH_MIN_LENGTH;

  const results = useQuickSearch(debounced, ready);

  // Taking over from the stand-in with the focus: the caret goes after what was typed.
  useEffect(() => {
    const input = inputRef.current;
    if (autoFocus && input && document.activeElement === input) input.setSelectionRange(input.value.length, input.value.length);
  }, []);

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
  const optionValues = [SEARCH_ALL, ...(results.isFetching && tonies.length === 0 ? [] : tonies.map((t) => String(t.id)))];

  /** The value of the option Mantine has selected, while the dialog is open. */
  const selectedIndex = combobox.dropdownOpened ? combobox.getSelectedOptionIndex() : -1;
  const selected = selectedIndex >= 0 ? (optionValues[selectedIndex] ?? null) : null;

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <Combobox
        store={combobox}
        onOptionSubmit={(option) => {
          if (option === SEARCH_ALL) finish(catalogSearchPath(debounced));
          else finish(`/catalog?tonieId=${encodeURIComponent(option)}`);
        }}
        withinPortal
        // Rendered only while open (Mantine 9 keeps a closed list mounted and hidden, and
        // floating-ui then positions it on every page load).
        keepMounted={false}
        position="bottom-start"
        width="target"
        shadow="md"
        radius="md"
        zIndex={400}
      >
        <Combobox.Target withExpandedAttribute>
          <HeaderSearchInput
            ref={inputRef}
            value={value}
            autoFocus={autoFocus}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.resetSelectedOption();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') combobox.closeDropdown();
              // Mantine handles the key after this handler: show its new selection once it has.
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') queueMicrotask(showSelection);
            }}
            onClear={() => {
              setValue('');
              combobox.closeDropdown();
              inputRef.current?.focus();
            }}
          />
        </Combobox.Target>

        <Combobox.Dropdown>
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label={texts.dialog}>
            <Combobox.Option value={SEARCH_ALL} aria-selected={selected === SEARCH_ALL}>
              <Group gap="xs" wrap="nowrap">
                <IconSearch size={16} aria-hidden />
                <Text size="sm" fw={600}>
                  {texts.searchAll(debounced)}
                </Text>
              </Group>
            </Combobox.Option>
            {results.isFetching && tonies.length === 0 ? (
              <Group justify="center" py="sm">
                <Loader size="sm" aria-label={texts.searching} />
              </Group>
            ) : tonies.length === 0 ? (
              <Combobox.Empty>{texts.noResults}</Combobox.Empty>
            ) : (
              <Combobox.Group label={texts.tonies}>
                {tonies.map((t) => (
                  <Combobox.Option key={t.id} value={String(t.id)} aria-selected={selected === String(t.id)}>
                    <QuickSearchRowView row={t} languageLabel={(tag) => texts.languageBadge(languageName(tag, locale) ?? tag)} />
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

/** One Tonie in the quick-search dialog: cover, name, 'series · episode', language and category. */
function QuickSearchRowView({ row, languageLabel }: { row: QuickSearchRow; languageLabel: (tag: string) => string }) {
  const detail = seriesLine(row);
  const code = languageCode(row.language);
  const catalogueTexts = useCatalogueTexts();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="quick-search-row">
      <div style={{ width: 40, flex: '0 0 40px', borderRadius: 6, overflow: 'hidden' }}>
        <TonieImage id={row.id} src={row.image} name={row.name} category={row.category} height={40} iconSize={18} />
      </div>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" lineClamp={2}>
          {row.name}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" truncate="end" data-testid="quick-search-detail">
            {detail}
          </Text>
        ) : null}
        <Group gap={4} wrap="nowrap">
          {code && row.language ? (
            <Badge size="xs" variant="outline" color="gray" title={languageLabel(row.language)} style={{ flex: '0 0 auto' }}>
              {code}
            </Badge>
          ) : null}
          <Badge size="xs" variant="light" style={{ flex: '0 1 auto', minWidth: 0 }}>
            {categoryName(row.category, catalogueTexts)}
          </Badge>
        </Group>
      </Stack>
    </Group>
  );
}
