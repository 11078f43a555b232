// /shelves: the signed-in user's Own, Wishlist and Favourites shelves. The shelf (?shelf=), the
// search, sort, page and an open Tonie (?tonieId=) live in the address. Each shelf shows its
// totals, 'Manage shelf' (export, import, share link; folded on phones), and its Tonies in the catalogue's card grid
// (one shelf.states query for the page) through tonie.list({ shelf, search, sort, page }).
import { useMemo, useRef } from 'react';
import { Alert, Button, Container, EmptyState, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconBooks, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE, type TonieListSort } from '@tonieshelf/shared/values/tonie';
import { LIST_FRESH_MS, SEARCH_MAX_LENGTH } from '@tonieshelf/shared/values/common';
import { SHELVES, type ShelfName } from '@tonieshelf/shared/values/shelf';
import { LazySelect } from '../components/lazy-widgets';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { SearchBox } from '../components/search-box';
import { parsePositiveInt, toSearchString, withTonie, withoutTonie } from '../features/catalogue/catalogue-params';
import { useCatalogueTexts, useCatalogueToasts } from '../features/catalogue/catalogue-texts';
import { categoryName } from '../features/catalogue/category-name';
import { TonieGridResults, usePastLastPageRedirect } from '../features/catalogue/tonie-grid-results';
import { LazyTonieDetailsModal } from '../features/catalogue/lazy-tonie-details-modal';
import { loadTonieDetails } from './catalog/load-tonie-details';
import { ShelfManage } from '../features/shelves/shelf-manage';
import { ShelfStatesProvider } from '../features/shelves/shelf-states';
import { cardShelfToggles } from '../features/shelves/shelf-toggles';
import { ShelfTotalsPanel } from '../features/shelves/shelf-totals';
import { useShelvesTexts } from '../features/shelves/shelves-texts';
import { useFormat } from '../i18n/use-format';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { useTRPC } from '../lib/trpc';

/** The sorts offered within a shelf; 'added' (newest added first) is the default. */
const SHELF_SORTS = ['added', 'az', 'newest', 'highest', 'lowest'] as const satisfies readonly TonieListSort[];
type ShelfSort = (typeof SHELF_SORTS)[number];

/** The address's parameters with another page (page 1 is no parameter). */
function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

function parseShelf(raw: string | null): ShelfName {
  return (SHELVES as readonly string[]).includes(raw ?? '') ? (raw as ShelfName) : 'own';
}

function parseSort(raw: string | null): ShelfSort {
  return (SHELF_SORTS as readonly string[]).includes(raw ?? '') ? (raw as ShelfSort) : 'added';
}

export function ShelvesPage() {
  const texts = useShelvesTexts();
  const catalogue = useCatalogueTexts();
  const toasts = useCatalogueToasts();
  const format = useFormat();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resultsRef = useRef<HTMLDivElement>(null);
  usePageTitle(texts.title);

  const shelf = parseShelf(params.get('shelf'));
  const search = (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const sort = parseSort(params.get('sort'));
  const page = parsePositiveInt(params.get('page')) ?? 1;
  const tonieId = parsePositiveInt(params.get('tonieId'));

  const go = (change: Record<string, string | null>, options: { keepPage?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!options.keepPage && !('page' in change)) next.delete('page');
    void navigate({ search: toSearchString(next) });
  };
  const hrefFor = (next: URLSearchParams) => `${ROUTES.shelves}${toSearchString(next)}`;

  const summary = useQuery({ ...trpc.shelf.summary.queryOptions(), staleTime: LIST_FRESH_MS });
  const list = useQuery({
    ...trpc.tonie.list.queryOptions({
      shelf,
      page,
      pageSize: CATALOGUE_PAGE_SIZE,
      sort,
      ...(search.trim() ? { search: search.trim() } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  // A page past the end (?page=99, or the last Tonies of the last page taken off) goes to the last page.
  usePastLastPageRedirect({
    page,
    pageSize: CATALOGUE_PAGE_SIZE,
    settled: list.data && !list.isPlaceholderData && !list.isFetching ? { shown: list.data.tonies.length, totalCount: list.data.totalCount } : null,
    goToPage: (p) => void navigate({ search: toSearchString(withPage(params, p)) }, { replace: true }),
  });

  const tonies = list.data?.tonies ?? [];
  const tonieIds = useMemo(() => (list.data?.tonies ?? []).map((t) => t.id), [list.data]);
  const totalCount = list.data?.totalCount ?? 0;
  const totalPages = pageCount(totalCount, CATALOGUE_PAGE_SIZE);
  const loading = list.isPending || list.isPlaceholderData;
  const from = (page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const to = from + tonies.length - 1;
  const totals = summary.data?.find((t) => t.shelf === shelf);
  const owned = summary.data?.find((t) => t.shelf === 'own');

  const sortOptions = SHELF_SORTS.map((value) => ({ value, label: value === 'added' ? texts.sortAdded : catalogue.sortLabels[value] }));

  const searching = search.trim() !== '';
  const empty = (
    <Paper withBorder p="xl" bg="var(--tonieshelf-surface)" data-testid="shelf-empty">
      <EmptyState icon={searching ? <IconSearch size={28} aria-hidden /> : <IconBooks size={28} aria-hidden />}>
        <EmptyState.Title order={2}>{searching ? texts.emptySearch(search.trim()) : texts.emptyTitle[shelf]}</EmptyState.Title>
        {searching ? null : <EmptyState.Description>{texts.emptyText[shelf]}</EmptyState.Description>}
        <Group justify="center" gap="sm" mt="md">
          {searching ? (
            <Button variant="default" onClick={() => go({ search: null })}>
              {texts.clearSearchButton}
            </Button>
          ) : null}
          <Button component={Link} to={ROUTES.catalog} leftSection={<IconBooks size={16} aria-hidden />}>
            {texts.toCatalogue}
          </Button>
        </Group>
      </EmptyState>
    </Paper>
  );

  let totalsPanel;
  if (totals && owned) {
    totalsPanel = <ShelfTotalsPanel totals={totals} ownedRuntimeMinutes={owned.runtimeMinutes} categoryName={(category) => categoryName(category, catalogue)} />;
  } else if (summary.isError) {
    totalsPanel = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={toasts.error} data-testid="totals-error" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{texts.totalsFailed}</Text>
          <Button size="xs" variant="light" color="red" loading={summary.isFetching} onClick={() => void summary.refetch()}>
            {texts.tryAgain}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    totalsPanel = <Paper withBorder p="md" mih={120} bg="var(--tonieshelf-surface)" aria-busy="true" aria-label={texts.loading} />;
  }

  return (
    <ShelfStatesProvider tonieIds={tonieIds}>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
        <PageHeader title={texts.title} subtitle={texts.subtitle} />

        <Tabs value={shelf} onChange={(next) => go({ shelf: next && next !== 'own' ? next : null, search: null, sort: null, tonieId: null })} keepMounted={false}>
          <Tabs.List aria-label={texts.tabsLabel} mb="lg">
            {SHELVES.map((name) => {
              const count = summary.data?.find((t) => t.shelf === name)?.count;
              return (
                <Tabs.Tab
                  key={name}
                  value={name}
                  rightSection={
                    count !== undefined ? (
                      <Text span fz="xs" c="dimmed" aria-label={texts.tabCount(count)}>
                        {format.count(count)}
                      </Text>
                    ) : null
                  }
                  data-testid={`shelf-tab-${name}`}
                >
                  {texts.shelfNames[name]}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>

        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {totalsPanel}
            <ShelfManage shelf={shelf} />
          </SimpleGrid>

          <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.searchLabel}>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SearchBox
                key={shelf}
                value={search}
                onSearch={(value) => go({ search: value.trim() || null })}
                placeholder={texts.searchPlaceholder}
                label={texts.searchLabel}
                clearLabel={texts.clearSearch}
                width={260}
              />
              <LazySelect
                label={texts.sortBy}
                data={sortOptions}
                value={sort}
                onChange={(next) => go({ sort: next && next !== 'added' ? next : null })}
                allowDeselect={false}
                withCheckIcon
                checkIconPosition="right"
                w={200}
                comboboxProps={{ shadow: 'md' }}
                data-testid="shelf-sort"
              />
            </Group>
          </Paper>

          <TonieGridResults
            tonies={tonies}
            loading={loading && !list.isError}
            loadingLabel={texts.loading}
            error={list.isError ? { title: toasts.error, text: texts.loadFailed, retryLabel: texts.tryAgain, onRetry: () => void list.refetch() } : null}
            empty={empty}
            detailsHref={(tonie) => hrefFor(withTonie(params, tonie.id))}
            cardActions={cardShelfToggles}
            summary={texts.showing(from, to, totalCount)}
            heading={texts.shelfNames[shelf]}
            resultsRef={resultsRef}
            pagination={{
              page,
              totalPages,
              hrefFor: (p) => hrefFor(withPage(params, p)),
              label: texts.pagination,
              hideSingle: true,
            }}
          />
        </Stack>

        <LazyTonieDetailsModal tonieId={tonieId} onClose={() => void navigate({ search: toSearchString(withoutTonie(params)) })} load={loadTonieDetails} />
      </Container>
    </ShelfStatesProvider>
  );
}
