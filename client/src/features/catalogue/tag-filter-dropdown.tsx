import { useEffect, useMemo, useState } from 'react';
import { Popover } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CATALOGUE_SEARCH_DEBOUNCE_MS } from '@tonieshelf/shared/values/tonie';
import { TAG_ANALYTICS_MIN_LENGTH } from '@tonieshelf/shared/values/tag';
import type { TagGroups } from '@tonieshelf/shared/schemas/tag';
import { useFormat } from '../../i18n/use-format';
import { trackEvent } from '../../lib/analytics';
import { useOpenAtOnce } from '../../components/use-open-at-once';
import { TagFilterButton } from './tag-filter-button';
import { TagFilterPanel } from './tag-filter-panel';
import { visibleTagGroups } from './tonie-format';

export interface TagFilterProps {
  /** The catalogue's tags in groups, with counts. */
  groups: TagGroups['groups'];
  isLoading: boolean;
  selected: string[];
  onChange: (tags: string[]) => void;
}

/** Up to this many tags in all, every group starts open; a longer list starts folded. */
const OPEN_ALL_UP_TO = 30;

/**
 * 'Filter by Tags' (SPEC §2): a dropdown with a tag search, the tags in groups (series, age,
 * language, topics from reviews, other; each with its Tonie count) and 'Clear All Filters (n)';
 * the button shows how many tags are selected. A Tonie must carry ALL selected tags to be listed
 * (the server filters). While searching, every group with a match is open. TagFilter shows it
 * once its code has loaded (before, its button; `openAtOnce`: it was pressed).
 */
export function TagFilterDropdown({ groups, isLoading, selected, onChange, openAtOnce = false }: TagFilterProps & { openAtOnce?: boolean }) {
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

  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <TagFilterButton ref={target} selected={selected} onClick={() => setOpened((o) => !o)} aria-expanded={opened} />
      </Popover.Target>
      <Popover.Dropdown p="sm">
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
      </Popover.Dropdown>
    </Popover>
  );
}
