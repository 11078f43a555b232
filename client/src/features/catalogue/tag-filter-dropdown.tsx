import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Loader, Popover } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CATALOGUE_SEARCH_DEBOUNCE_MS, TAG_ANALYTICS_MIN_LENGTH } from '@tonieshelf/shared/constants';
import { useFormat } from '../../i18n/use-format';
import { trackEvent } from '../../lib/analytics';
import { useOpenAtOnce } from '../../components/deferred/use-open-at-once';
import { preload, usePreloadAfter } from '../../lib/preload';
import { TagFilterButton, type TagFilterProps } from './tag-filter';
import { useCatalogueTexts } from './catalogue-texts';
import { visibleTagGroups } from './tonie-format';

const loadPanel = () => import('./tag-filter-panel');
const TagFilterPanel = lazy(async () => ({ default: (await loadPanel()).TagFilterPanel }));
/** After the catalogue has shown, the dropdown's code is fetched while the browser is idle. */
const WARM_UP_DELAY_MS = 2000;

/** Up to this many tags in all, every group starts open; a longer list starts folded. */
const OPEN_ALL_UP_TO = 30;

/**
 * 'Filter by Tags' (SPEC §2): a dropdown with a tag search, the tags in groups (series, age,
 * language, topics from reviews, other; each with its Tonie count) and 'Clear All Filters (n)';
 * the button shows how many tags are selected. A Tonie must carry ALL selected tags to be listed
 * (the server filters). While searching, every group with a match is open. TagFilter shows it
 * once the dropdown widgets have loaded (before, its button; `openAtOnce`: it was pressed).
 */
export function TagFilterDropdown({ groups, isLoading, selected, onChange, openAtOnce = false }: TagFilterProps & { openAtOnce?: boolean }) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const { opened, setOpened, target } = useOpenAtOnce<HTMLButtonElement>(openAtOnce);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, CATALOGUE_SEARCH_DEBOUNCE_MS);
  const allNames = useMemo(() => groups.flatMap((g) => g.tags.map((t) => t.name)), [groups]);
  const visible = useMemo(() => visibleTagGroups(groups, search, format.compare), [groups, search, format.compare]);
  const [openGroups, setOpenGroups] = useState<string[] | null>(null);
  const searching = search.trim() !== '';
  const defaultOpen = allNames.length <= OPEN_ALL_UP_TO ? groups.map((g) => g.kind) : [];
  const expanded = searching ? visible.groups.map((g) => g.kind) : (openGroups ?? defaultOpen);

  // Tag analytics only for searches of more than 2 characters (SPEC §5), once typing pauses.
  useEffect(() => {
    const query = debouncedSearch.trim().toLowerCase();
    if (query.length >= TAG_ANALYTICS_MIN_LENGTH) {
      trackEvent('tag_search', { query, matches: allNames.filter((n) => n.toLowerCase().includes(query)).length });
    }
  }, [debouncedSearch, allNames]);

  usePreloadAfter(loadPanel, WARM_UP_DELAY_MS);

  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <TagFilterButton
          ref={target}
          selected={selected}
          onClick={() => setOpened((o) => !o)}
          onPointerEnter={() => preload(loadPanel)}
          aria-expanded={opened}
        />
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Suspense fallback={<Loader size="sm" mx="auto" my="md" display="block" aria-label={texts.loadingTags} />}>
          <TagFilterPanel
            isLoading={isLoading}
            allNames={allNames}
            visible={visible}
            selected={selected}
            onChange={onChange}
            search={search}
            onSearchChange={setSearch}
            expanded={expanded}
            onExpandedChange={setOpenGroups}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
