import { useEffect, useMemo, useState } from 'react';
import { Button, Container, Group, Indicator, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUDIO_SORT_LABELS, AUDIO_SORTS, DISCOVER_PAGE_SIZE } from '@tonieshelf/shared/constants';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { Pagination } from '../components/pagination';
import { useAudioList, useAudioTags } from '../features/audio/api/use-audio-lists';
import { AudioCard } from '../features/audio/audio-card';
import { AudioDetailsModal } from '../features/audio/audio-details-modal';
import { AudioFilterDrawer } from '../features/audio/audio-filter-drawer';
import { ActiveTagFilters } from '../components/removable-tags';
import { SearchBox } from '../components/search-box';
import { AudioEmpty, AudioError, AudioLoading } from '../features/audio/audio-states';
import { AUDIO_PAGINATION, AUDIO_TEXTS } from '../features/audio/audio-texts';
import { discoverSearchString, isAudioSort, parseDiscoverParams } from '../features/audio/discover-params';
import type { DiscoverState } from '../features/audio/discover-params';
import { usePageTitle } from '../lib/page-title';

const SORT_OPTIONS = AUDIO_SORTS.map((value) => ({ value, label: AUDIO_SORT_LABELS[value] }));

/**
 * /audio/discover (SPEC §2): search, sort, tag filters in a side panel, a grid of published audio
 * files (12 a page), and the detail dialog. Search, sort, tags and page live in the address.
 */
export function AudioDiscoverPage() {
  usePageTitle(PAGE_TEXTS.discover.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useMemo(() => parseDiscoverParams(params), [params]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selected, setSelected] = useState<AudioFile | null>(null);

  const go = (next: Partial<DiscoverState>, { keepPage = false } = {}) => {
    const merged: DiscoverState = { ...state, ...next, page: next.page ?? (keepPage ? state.page : 1) };
    navigate({ pathname, search: discoverSearchString(merged) });
  };

  const search = state.search.trim();
  const list = useAudioList({
    page: state.page,
    pageSize: DISCOVER_PAGE_SIZE,
    sortBy: state.sortBy,
    ...(state.tags.length > 0 ? { tags: state.tags } : {}),
    ...(search ? { search } : {}),
  });
  const tags = useAudioTags();

  const files = list.data?.audioFiles ?? [];
  const totalCount = list.data?.totalCount ?? 0;
  const totalPages = pageCount(totalCount, DISCOVER_PAGE_SIZE);
  const filtered = search !== '' || state.tags.length > 0;

  // A page past the end (an old link, fewer files now) goes to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.isFetching) return;
    if (state.page > 1 && list.data.audioFiles.length === 0 && totalPages > 0) {
      navigate({ pathname, search: discoverSearchString({ ...state, page: totalPages }) }, { replace: true });
    }
  }, [list.data, list.isPlaceholderData, list.isFetching, state, totalPages, navigate, pathname]);
  // The open file, kept up to date with the refreshed list (counts after a like or download).
  const openFile = selected ? (files.find((f) => f.id === selected.id) ?? selected) : null;

  let results;
  if (list.isPending) {
    results = <AudioLoading text={AUDIO_TEXTS.loading} />;
  } else if (list.isError) {
    results = <AudioError text={AUDIO_TEXTS.errorText} onRetry={() => void list.refetch()} />;
  } else if (files.length === 0) {
    results = (
      <AudioEmpty
        title={AUDIO_TEXTS.emptyTitle}
        text={search ? AUDIO_TEXTS.emptySearch(search) : state.tags.length > 0 ? AUDIO_TEXTS.emptyFilters : AUDIO_TEXTS.emptyNone}
        action={
          filtered || state.page > 1 ? (
            <Button leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => navigate({ pathname, search: '' })}>
              {AUDIO_TEXTS.clearFilters}
            </Button>
          ) : null
        }
      />
    );
  } else {
    results = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="audio-grid" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {files.map((file) => (
          <AudioCard key={file.id} file={file} onOpen={() => setSelected(file)} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={PAGE_TEXTS.discover.title} subtitle={PAGE_TEXTS.discover.subtitle} />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label="Audio filters">
          <Stack gap="md">
            <Group gap="sm" wrap="wrap" align="center">
              <SearchBox
                value={state.search}
                onSearch={(value) => go({ search: value })}
                placeholder={AUDIO_TEXTS.searchPlaceholder}
                label={AUDIO_TEXTS.searchLabel}
                clearLabel={AUDIO_TEXTS.clearSearchLabel}
              />
              <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 auto' }} justify="flex-end">
                <Select
                  aria-label={AUDIO_TEXTS.sortBy}
                  data={SORT_OPTIONS}
                  value={state.sortBy}
                  onChange={(value) => {
                    if (isAudioSort(value)) go({ sortBy: value });
                  }}
                  allowDeselect={false}
                  withCheckIcon
                  checkIconPosition="right"
                  w={180}
                  comboboxProps={{ shadow: 'md' }}
                  data-testid="audio-sort"
                />
                <Indicator label={state.tags.length} size={18} disabled={state.tags.length === 0} offset={4} data-testid="filter-badge">
                  <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={() => setFiltersOpen(true)}>
                    {AUDIO_TEXTS.filter}
                  </Button>
                </Indicator>
              </Group>
            </Group>
            <ActiveTagFilters
              label={AUDIO_TEXTS.activeFilters}
              clearLabel={AUDIO_TEXTS.clearAll}
              tags={state.tags}
              onChange={(tags) => go({ tags })}
            />
          </Stack>
        </Paper>

        {results}

        <Pagination {...AUDIO_PAGINATION} page={state.page} totalPages={totalPages} onChange={(page) => go({ page })} />
      </Stack>

      <AudioFilterDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        sortBy={state.sortBy}
        tags={state.tags}
        availableTags={tags.data?.tags ?? []}
        tagsLoading={tags.isPending && !tags.isError}
        onApply={(next) => go(next)}
      />
      <AudioDetailsModal file={openFile} onClose={() => setSelected(null)} />
    </Container>
  );
}

