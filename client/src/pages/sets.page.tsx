import { useEffect, useMemo, useState } from 'react';
import { Button, Container, Group, Indicator, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFilter, IconFilterOff, IconPlaylistAdd } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SETS_PAGE_SIZE, SET_SORTS } from '@tonieshelf/shared/values/set';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { ResultsSummary } from '../components/results-summary';
import { Pagination } from '../components/pagination';
import { ActiveTagFilters } from '../components/removable-tags';
import { SearchBox } from '../components/search-box';
import { useAudioTags } from '../lib/audio-tags';
import { FilterDrawer } from '../components/publishable/filter-drawer';
import { ListEmpty, ListError, ListLoading } from '../components/publishable/list-states';
import { useCurrentUser } from '../lib/use-current-user';
import { useSetList } from '../features/sets/api/use-sets';
import { SetCard } from '../features/sets/set-card';
import { isSetSort, parseSetsParams, setsSearchString } from '../features/sets/sets-params';
import type { SetsState } from '../features/sets/sets-params';
import { useSetsTexts } from '../features/sets/sets-texts';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

/**
 * /sets: published Creative-Tonie sets, searched, filtered by audio tags, sorted by recent or
 * popular, 12 a page. Search, sort, tags and page live in the address like Discover's.
 */
export function SetsPage() {
  const texts = useSetsTexts();
  const { pages } = useShellTexts();
  usePageTitle(pages.sets.title);
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useMemo(() => parseSetsParams(params), [params]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortOptions = SET_SORTS.map((value) => ({ value, label: texts.sortLabels[value] }));

  const go = (next: Partial<SetsState>) => {
    navigate({ pathname, search: setsSearchString({ ...state, ...next, page: next.page ?? 1 }) });
  };

  const search = state.search.trim();
  const list = useSetList({
    page: state.page,
    pageSize: SETS_PAGE_SIZE,
    sortBy: state.sortBy,
    ...(state.tags.length > 0 ? { tags: state.tags } : {}),
    ...(search ? { search } : {}),
  });
  const tags = useAudioTags();
  const sets = list.data?.sets ?? [];
  const totalPages = pageCount(list.data?.totalCount ?? 0, SETS_PAGE_SIZE);
  const filtered = search !== '' || state.tags.length > 0;

  // A page past the end (an old link, fewer sets now) goes to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.isFetching) return;
    if (state.page > 1 && list.data.sets.length === 0 && totalPages > 0) {
      navigate({ pathname, search: setsSearchString({ ...state, page: totalPages }) }, { replace: true });
    }
  }, [list.data, list.isPlaceholderData, list.isFetching, state, totalPages, navigate, pathname]);

  let results;
  if (list.isPending) {
    results = <ListLoading text={texts.loading} />;
  } else if (list.isError) {
    results = <ListError text={texts.errorText} onRetry={() => void list.refetch()} />;
  } else if (sets.length === 0) {
    results = (
      <ListEmpty
        title={texts.emptyTitle}
        text={search ? texts.emptySearch(search) : state.tags.length > 0 ? texts.emptyFilters : texts.emptyNone}
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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="set-grid" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {sets.map((set, index) => (
          <SetCard key={set.id} set={set} eagerCover={index < 4} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <Group justify="space-between" align="flex-start" wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-md)', rowGap: 0 }}>
        <PageHeader title={pages.sets.title} subtitle={pages.sets.subtitle} />
        {user ? (
          <Button component={Link} to={ROUTES.newSet} leftSection={<IconPlaylistAdd size={16} aria-hidden />} mt={{ base: -8, sm: 'xs' }} mb={{ base: 'lg', sm: 0 }}>
            {texts.newSet}
          </Button>
        ) : null}
      </Group>
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.setFilters}>
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
                <Select
                  aria-label={texts.sortBy}
                  data={sortOptions}
                  value={state.sortBy}
                  onChange={(value) => {
                    if (isSetSort(value)) go({ sortBy: value });
                  }}
                  allowDeselect={false}
                  withCheckIcon
                  checkIconPosition="right"
                  miw={0}
                  maw={200}
                  style={{ flex: '1 1 140px' }}
                  comboboxProps={{ shadow: 'md' }}
                  data-testid="set-sort"
                />
                <Indicator label={state.tags.length} size={18} disabled={state.tags.length === 0} offset={4}>
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
            <ActiveTagFilters label={texts.activeFilters} clearLabel={texts.clearAll} tags={state.tags} onChange={(next) => go({ tags: next })} />
          </Stack>
        </Paper>

        <ResultsSummary status={list.data && !list.isPlaceholderData ? texts.resultCount(list.data.totalCount, state.page, totalPages) : null} />
        {results}

        <Pagination layout="window" label={texts.pagination} page={state.page} totalPages={totalPages} onChange={(page) => go({ page })} hideSingle data-testid="set-pagination" />
      </Stack>

      <FilterDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        sortBy={state.sortBy}
        sorts={SET_SORTS}
        description={texts.filtersDescription}
        tags={state.tags}
        availableTags={tags.data?.tags ?? []}
        tagsLoading={tags.isPending && !tags.isError}
        onApply={(next) => go({ sortBy: isSetSort(next.sortBy) ? next.sortBy : state.sortBy, tags: next.tags })}
      />
    </Container>
  );
}
