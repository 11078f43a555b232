import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CATALOGUE_PAGE_SIZE } from '@tonieshelf/shared/constants';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import type { TonieListInput } from '@tonieshelf/shared/schemas/tonie';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { Pagination } from '../components/pagination';
import { authPathWithNext } from '../features/auth/next-path';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useRefreshTonieList, useTagList, useTonieCategories, useTonieList } from '../features/catalogue/api/use-catalogue-queries';
import { CatalogueBanner } from '../features/catalogue/catalogue-banner';
import { CatalogueEmptyState } from '../features/catalogue/catalogue-empty-state';
import { ActiveTagFilters } from '../components/removable-tags';
import { CatalogueSearchBox, CategoryButtons, SortSelect } from '../features/catalogue/catalogue-filters';
import {
  DEFAULT_SORT,
  applyFilterChange,
  clearFilters,
  normaliseLegacyId,
  withTonie,
  withoutTonie,
} from '../features/catalogue/catalogue-params';
import type { CatalogueState } from '../features/catalogue/catalogue-params';
import { CATALOGUE_TEXTS, CATALOGUE_TOASTS } from '../features/catalogue/catalogue-texts';
import { TagFilter } from '../features/catalogue/tag-filter';
import { TonieCard, TonieCardSkeleton } from '../features/catalogue/tonie-card';
import { TonieDetailsModal } from '../features/catalogue/tonie-details-modal';
import { useCatalogueAddress } from '../features/catalogue/use-catalogue-address';
import { usePageTitle } from '../lib/page-title';
import { toast } from '../lib/toast';

/** Height of the sticky header, kept clear when the list scrolls into view. */
const HEADER_OFFSET = 80;

/** The list query's input for the state in the address (sorting happens on the server). */
function listInput(state: CatalogueState): TonieListInput {
  const search = state.search.trim();
  return {
    page: state.page,
    pageSize: CATALOGUE_PAGE_SIZE,
    sort: state.sort ?? DEFAULT_SORT,
    ...(state.tags.length > 0 ? { tags: state.tags } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(search ? { search } : {}),
  };
}

/**
 * /catalog: the Tonie catalogue (SPEC §2). Everything the visitor chooses (search, category,
 * tags, sort, page, the open Tonie) lives in the address, so Back, reload and shared links work.
 */
export function CatalogPage() {
  usePageTitle(PAGE_TEXTS.catalog.title);
  const { params, state, go, hrefFor, path } = useCatalogueAddress();
  const { user, isLoading: userLoading } = useCurrentUser();
  const resultsRef = useRef<HTMLDivElement>(null);

  const list = useTonieList(listInput(state));
  const categories = useTonieCategories();
  const tags = useTagList();
  const refreshList = useRefreshTonieList();

  // The legacy ?id= opens the dialog too; the address is rewritten to ?tonieId=.
  useEffect(() => {
    const next = normaliseLegacyId(params);
    if (next) go(next, { replace: true });
  }, [params, go]);

  // SPEC §8: a toast when the list fails to load (once per failure).
  useEffect(() => {
    if (list.errorUpdatedAt > 0) toast({ title: CATALOGUE_TOASTS.error, message: CATALOGUE_TOASTS.listFailed, variant: 'destructive' });
  }, [list.errorUpdatedAt]);

  const totalCount = list.data?.totalCount ?? 0;
  const totalPages = pageCount(totalCount, CATALOGUE_PAGE_SIZE);

  // A page past the end (an old link, fewer results now) goes to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.isFetching) return;
    if (state.page > 1 && list.data.tonies.length === 0 && totalPages > 0) {
      go(applyFilterChange(params, { page: totalPages }), { replace: true });
    }
  }, [list.data, list.isPlaceholderData, list.isFetching, state.page, totalPages, params, go]);

  const change = (next: Parameters<typeof applyFilterChange>[1]) => go(applyFilterChange(params, next));
  const clearAll = () => go(clearFilters(params));

  const closeDetails = () => {
    go(withoutTonie(params));
    // SPEC §2: closing the dialog refreshes the list (a new review changes its ratings).
    void refreshList();
  };

  const scrollToResults = () => {
    const element = resultsRef.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET;
    if (top < window.scrollY) window.scrollTo({ top, behavior: 'smooth' });
  };

  const loading = list.isPending || list.isPlaceholderData;
  const tonies = list.data?.tonies ?? [];
  const from = (state.page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const to = from + tonies.length - 1;

  let results;
  if (loading && !list.isError) {
    results = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" aria-busy="true" aria-label="Loading Tonies">
        {Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, i) => (
          <TonieCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (list.isError) {
    results = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={CATALOGUE_TOASTS.error}>
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{CATALOGUE_TOASTS.listFailed}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {CATALOGUE_TEXTS.tryAgain}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (tonies.length === 0 && totalCount === 0) {
    results = <CatalogueEmptyState state={state} onClear={clearAll} />;
  } else {
    results = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="tonie-grid">
        {tonies.map((tonie) => (
          <TonieCard key={tonie.id} tonie={tonie} detailsHref={hrefFor(withTonie(params, tonie.id))} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader
        title={PAGE_TEXTS.catalog.title}
        subtitle={
          <>
            {CATALOGUE_TEXTS.subtitle}
            {!userLoading && !user ? (
              <Text span display="block" fz="sm" mt={6} c="dimmed">
                {CATALOGUE_TEXTS.signInPrompt}{' '}
                <Anchor component={Link} to={authPathWithNext(path)} fw={600} data-testid="catalogue-sign-in">
                  <IconLogin2 size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
                  {CATALOGUE_TEXTS.signIn}
                </Anchor>
              </Text>
            ) : null}
          </>
        }
      />

      <Stack gap="lg">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label="Catalogue filters">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <CatalogueSearchBox value={state.search} onSearch={(search) => change({ search })} />
              <Group gap="sm" align="flex-end" wrap="nowrap" style={{ flex: '1 1 auto', minWidth: 0 }}>
                <TagFilter
                  tags={tags.data?.tags ?? []}
                  isLoading={tags.isPending && !tags.isError}
                  selected={state.tags}
                  onChange={(next) => change({ tags: next })}
                />
                <SortSelect value={state.sort} onChange={(sort) => change({ sort })} />
              </Group>
            </Group>
            <CategoryButtons categories={categories.data ?? []} selected={state.category} onChange={(category) => change({ category })} />
            <ActiveTagFilters
              label={CATALOGUE_TEXTS.activeFilters}
              clearLabel={CATALOGUE_TEXTS.clearAll}
              tags={state.tags}
              onChange={(tags) => change({ tags })}
            />
          </Stack>
        </Paper>

        <div ref={resultsRef}>
          <Text fz="sm" c="dimmed" mb="sm" aria-live="polite" data-testid="results-summary">
            {!loading && !list.isError && tonies.length > 0 ? CATALOGUE_TEXTS.showing(from, to, totalCount) : '\u00a0'}
          </Text>
          {results}
        </div>

        <Pagination
          page={state.page}
          totalPages={totalPages}
          hrefFor={(page) => hrefFor(applyFilterChange(params, { page }))}
          onChange={scrollToResults}
          label={CATALOGUE_TEXTS.pagination}
          previousLabel={CATALOGUE_TEXTS.previousPage}
          nextLabel={CATALOGUE_TEXTS.nextPage}
          pageLabel={CATALOGUE_TEXTS.goToPage}
        />

        <CatalogueBanner />
      </Stack>

      <TonieDetailsModal tonieId={state.tonieId} onClose={closeDetails} />
    </Container>
  );
}
