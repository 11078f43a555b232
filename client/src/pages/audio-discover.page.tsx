import { useEffect, useMemo, useState } from 'react';
import { Button, Container, Group, Indicator, Paper, SimpleGrid, Stack } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUDIO_SORTS, DISCOVER_PAGE_SIZE } from '@tonieshelf/shared/values/audio';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { Pagination } from '../components/pagination';
import { useAudioList } from '../features/audio/api/use-audio-lists';
import { useAudioTags } from '../lib/audio-tags';
import { AudioCard } from '../features/audio/audio-card';
import { LazySelect } from '../components/lazy-widgets';
import { LazyAudioDetails, LazyAudioFilters, useWarmUpAudioOverlays } from './audio/lazy-audio-overlays';
import { ActiveTagFilters } from '../components/removable-tags';
import { SearchBox } from '../components/search-box';
import { ListEmpty, ListError, ListLoading } from '../components/publishable/list-states';
import { audioPagination, useAudioTexts } from '../features/audio/audio-texts';
import { discoverSearchString, isAudioSort, parseDiscoverParams } from '../features/audio/discover-params';
import { isLicence, licenceOptions } from '../components/publishable/licence-fields';
import { ResultsSummary } from '../components/results-summary';
import { DiscoverSets } from '../features/sets/discover-sets';
import { useShellTexts } from '../i18n/shell-texts';
import { RemovableTag } from '../components/removable-tags';
import { useTRPC } from '../lib/trpc';
import type { DiscoverState } from '../features/audio/discover-params';
import { usePageTitle } from '../lib/page-title';

/**
 * /audio/discover (SPEC §2): search, sort, tag filters in a side panel, a grid of published audio
 * files (12 a page), and the detail dialog. Search, sort, tags, licence, page and the open file
 * (?audio=<id>, the address a report or a link gives) live in the address.
 */
export function AudioDiscoverPage() {
  const texts = useAudioTexts();
  const { pages } = useShellTexts();
  usePageTitle(pages.discover.title);
  const sortOptions = AUDIO_SORTS.map((value) => ({ value, label: texts.sortLabels[value] }));
  const licenceFilterOptions = [{ value: '', label: texts.allLicences }, ...licenceOptions(texts)];
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useMemo(() => parseDiscoverParams(params), [params]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const trpc = useTRPC();
  useWarmUpAudioOverlays();

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
    ...(state.licence ? { licence: state.licence } : {}),
  });
  const tags = useAudioTags();

  const files = list.data?.audioFiles ?? [];
  const totalCount = list.data?.totalCount ?? 0;
  const totalPages = pageCount(totalCount, DISCOVER_PAGE_SIZE);
  const filtered = search !== '' || state.tags.length > 0 || state.licence !== null;

  // A page past the end (an old link, fewer files now) goes to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.isFetching) return;
    if (state.page > 1 && list.data.audioFiles.length === 0 && totalPages > 0) {
      navigate({ pathname, search: discoverSearchString({ ...state, page: totalPages }) }, { replace: true });
    }
  }, [list.data, list.isPlaceholderData, list.isFetching, state, totalPages, navigate, pathname]);
  // The open file (?audio=<id>), kept up to date with the refreshed list (counts after a like or
  // download); one not on this page (a link, a report's address) is fetched by its id.
  const listed = state.audio !== null ? files.find((f) => f.id === state.audio) : undefined;
  const byId = useQuery(trpc.audio.byId.queryOptions(state.audio !== null && !listed && !list.isPending ? { id: state.audio } : skipToken));
  const openFile = listed ?? (byId.data && byId.data.id === state.audio ? byId.data : null);
  const open = (id: number | null) => go({ audio: id }, { keepPage: true });

  let results;
  if (list.isPending) {
    results = <ListLoading text={texts.loading} />;
  } else if (list.isError) {
    results = <ListError text={texts.errorText} onRetry={() => void list.refetch()} />;
  } else if (files.length === 0) {
    results = (
      <ListEmpty
        title={texts.emptyTitle}
        text={search ? texts.emptySearch(search) : state.tags.length > 0 || state.licence ? texts.emptyFilters : texts.emptyNone}
        action={
          filtered || state.page > 1 ? (
            <Button leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => navigate({ pathname, search: '' })}>
              {texts.clearFilters}
            </Button>
          ) : null
        }
      />
    );
  } else {
    results = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="audio-grid" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {files.map((file, index) => (
          <AudioCard key={file.id} file={file} onOpen={() => open(file.id)} eagerCover={index < 4} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={pages.discover.title} subtitle={pages.discover.subtitle} />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.audioFilters}>
          <Stack gap="md">
            <Group gap="sm" wrap="wrap" align="center">
              <SearchBox
                value={state.search}
                onSearch={(value) => go({ search: value })}
                placeholder={texts.searchPlaceholder}
                label={texts.searchLabel}
                clearLabel={texts.clearSearchLabel}
              />
              <Group gap="sm" wrap="wrap" style={{ flex: '1 1 auto' }} justify="flex-end">
                <LazySelect
                  aria-label={texts.sortBy}
                  data={sortOptions}
                  value={state.sortBy}
                  onChange={(value) => {
                    if (isAudioSort(value)) go({ sortBy: value });
                  }}
                  allowDeselect={false}
                  withCheckIcon
                  checkIconPosition="right"
                  miw={0}
                  maw={200}
                  style={{ flex: '1 1 140px' }}
                  comboboxProps={{ shadow: 'md' }}
                  data-testid="audio-sort"
                />
                <LazySelect
                  aria-label={texts.licenceFilter}
                  data={licenceFilterOptions}
                  value={state.licence ?? ''}
                  onChange={(value) => go({ licence: isLicence(value) ? value : null })}
                  allowDeselect={false}
                  withCheckIcon
                  checkIconPosition="right"
                  miw={0}
                  maw={200}
                  style={{ flex: '1 1 140px' }}
                  comboboxProps={{ shadow: 'md', width: 300, position: 'bottom-end' }}
                  data-testid="licence-filter"
                />
                <Indicator label={state.tags.length} size={18} disabled={state.tags.length === 0} offset={4} data-testid="filter-badge">
                  <Button
                    variant="default"
                    leftSection={<IconFilter size={16} aria-hidden />}
                    onClick={() => setFiltersOpen(true)}
                    aria-haspopup="dialog"
                    aria-expanded={filtersOpen}
                  >
                    {texts.filter}
                  </Button>
                </Indicator>
              </Group>
            </Group>
            <ActiveTagFilters label={texts.activeFilters} clearLabel={texts.clearAll} tags={state.tags} onChange={(tags) => go({ tags })} />
            {state.licence ? (
              <Group gap="xs" data-testid="active-licence">
                <RemovableTag tag={`${texts.licenceFilter}: ${texts.licenceLabels[state.licence]}`} onRemove={() => go({ licence: null })} />
              </Group>
            ) : null}
          </Stack>
        </Paper>

        <DiscoverSets search={search} />

        <ResultsSummary status={list.data && !list.isPlaceholderData ? texts.resultCount(totalCount, state.page, totalPages) : null} />
        {results}

        <Pagination {...audioPagination(texts)} page={state.page} totalPages={totalPages} onChange={(page) => go({ page })} />
      </Stack>

      <LazyAudioFilters
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        sortBy={state.sortBy}
        tags={state.tags}
        availableTags={tags.data?.tags ?? []}
        tagsLoading={tags.isPending && !tags.isError}
        onApply={(next) => go(next)}
      />
      <LazyAudioDetails file={openFile} onClose={() => open(null)} />
    </Container>
  );
}
