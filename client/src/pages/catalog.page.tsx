import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { skipToken } from '@tanstack/react-query';
import { CATALOGUE_PAGE_SIZE } from '@tonieshelf/shared/values/tonie';
import type { TonieListInput } from '@tonieshelf/shared/schemas/tonie';
import { PageHeader } from '../components/page-header';
import { pageCount } from '../components/page-range';
import { authPathWithNext } from '../lib/next-path';
import { useCurrentUser } from '../lib/use-current-user';
import { useRefreshTonieList, useSeriesSummary, useTagGroups, useTonieCategories, useTonieLanguages, useTonieList } from '../features/catalogue/api/use-catalogue-queries';
import { CatalogueBanner } from '../features/catalogue/catalogue-banner';
import { CatalogueEmptyState } from '../features/catalogue/catalogue-empty-state';
import { ActiveTagFilters, RemovableTag } from '../components/removable-tags';
import { Stars } from '../components/stars';
import { AgeFilter, CatalogueSearchBox, CategoryButtons, LanguageFilter, ShelfFilterSelect, SortSelect } from '../features/catalogue/catalogue-filters';
import { applyFilterChange, effectiveSort, clearFilters, normaliseLegacyId, withTonie, withoutTonie } from '../features/catalogue/catalogue-params';
import type { CatalogueState } from '../features/catalogue/catalogue-params';
import { useCatalogueTexts, useCatalogueToasts } from '../features/catalogue/catalogue-texts';
import { categoryName } from '../features/catalogue/category-name';
import { useLanguagePreset } from '../features/catalogue/language-preset';
import { languageName } from '../lib/language-names';
import { useFormat } from '../i18n/use-format';
import { useShellTexts } from '../i18n/shell-texts';
import { TagFilter } from '../features/catalogue/tag-filter';
import { TonieGridResults, usePastLastPageRedirect } from '../features/catalogue/tonie-grid-results';
import { LazyTonieDetailsModal } from '../features/catalogue/lazy-tonie-details-modal';
import { loadTonieDetails } from './catalog/load-tonie-details';
import { useCatalogueAddress } from '../features/catalogue/use-catalogue-address';
import { ShelfStatesProvider } from '../features/shelves/shelf-states';
import { cardShelfToggles } from '../features/shelves/shelf-toggles';
import { useShelfControlsTexts } from '../features/shelves/shelf-controls-texts';
import { usePageTitle } from '../lib/page-title';
import { wasSignedIn } from '../lib/signed-in-hint';
import { toast } from '../lib/toast';
import { scrollBehavior } from '../lib/motion';

/** Height of the sticky header, kept clear when the list scrolls into view. */
const HEADER_OFFSET = 80;

/** The list query's input for the state in the address (sorting happens on the server). */
function listInput(state: CatalogueState): TonieListInput {
  const search = state.search.trim();
  return {
    page: state.page,
    pageSize: CATALOGUE_PAGE_SIZE,
    sort: effectiveSort(state),
    ...(state.tags.length > 0 ? { tags: state.tags } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(search ? { search } : {}),
    ...(state.languages.length > 0 ? { languages: state.languages } : {}),
    ...(state.age !== null ? { age: state.age } : {}),
    ...(state.series ? { series: state.series } : {}),
    ...(state.shelf ? { shelf: state.shelf } : {}),
  };
}

/** A series' page header: its name, episode count and rating over all episodes, and the way back. */
function SeriesHeader({ series, onBack }: { series: string; onBack: () => void }) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const summary = useSeriesSummary(series);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" component="section" aria-labelledby="series-title" data-testid="series-header">
      <Stack gap={6}>
        <Anchor component="button" type="button" fz="sm" onClick={onBack} w="fit-content" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
          <IconArrowLeft size={14} aria-hidden />
          {texts.backToCatalogue}
        </Anchor>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }} id="series-title">
          {series}
        </Title>
        {summary.data ? (
          <Group gap="sm" wrap="wrap">
            <Text fz="sm" fw={600} data-testid="series-episodes">
              {texts.seriesEpisodes(summary.data.episodeCount, format.count(summary.data.episodeCount))}
            </Text>
            <Group gap={6} wrap="nowrap" aria-label={texts.seriesRating} role="group" data-testid="series-rating">
              <Stars value={summary.data.averageRating} size={16} />
              {summary.data.totalRatings > 0 ? (
                <>
                  <Text fz="sm" fw={700}>
                    {format.rating(summary.data.averageRating)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {texts.ratingsCount(summary.data.totalRatings)}
                  </Text>
                </>
              ) : (
                <Text fz="sm" c="dimmed">
                  {texts.noRatingsYet}
                </Text>
              )}
            </Group>
            {summary.data.languages.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" tt="none" fw={500}>
                {languageName(tag, format.locale)}
              </Badge>
            ))}
          </Group>
        ) : summary.isError ? (
          <Text fz="sm" c="dimmed">
            {texts.seriesNotFound}
          </Text>
        ) : (
          <Skeleton h={18} w={240} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /catalog: the Tonie catalogue (SPEC §2). Everything the visitor chooses (search, category,
 * tags, sort, page, the open Tonie) lives in the address, so Back, reload and shared links work.
 */
export function CatalogPage() {
  const shell = useShellTexts();
  const texts = useCatalogueTexts();
  const toasts = useCatalogueToasts();
  const format = useFormat();
  usePageTitle(shell.pages.catalog.title);
  const shelfTexts = useShelfControlsTexts();
  const { params, state: addressState, go, hrefFor, path } = useCatalogueAddress();
  const { user, isLoading: userLoading } = useCurrentUser();
  const resultsRef = useRef<HTMLDivElement>(null);

  const tagGroups = useTagGroups();
  const languages = useTonieLanguages();
  const refreshList = useRefreshTonieList();

  // The interface language preselects the language filter once (see language-preset.ts); it reads
  // the address as it is (a shelf there, even one ignored while signed out, is no plain visit).
  // Until the catalogue's languages are known it may still apply: the list and the results wait.
  const applyPreset = useCallback((preset: string[]) => go(applyFilterChange(params, { languages: preset }), { replace: true }), [go, params]);
  const preset = useLanguagePreset(addressState, format.language, languages.data, languages.isError, applyPreset);
  const shown: CatalogueState = preset.languages ? { ...addressState, languages: preset.languages } : addressState;

  // The shelf filter is the signed-in user's: signed out, a shelf in the address is ignored; while
  // the user loads, a list with a shelf waits (so neither a 401 nor a wasted unfiltered list).
  const state: CatalogueState = user || !shown.shelf ? shown : { ...shown, shelf: null };
  const waitForUser = addressState.shelf !== null && userLoading;
  const list = useTonieList(waitForUser || preset.waiting ? skipToken : listInput(state));
  // The category counts follow the language and age filters; further filters hide them (the list narrows more).
  const categories = useTonieCategories(state.languages, state.age);
  const categoryCountsFit = state.search.trim() === '' && state.tags.length === 0 && state.series === null && state.shelf === null;

  // The legacy ?id= opens the dialog too; the address is rewritten to ?tonieId=.
  useEffect(() => {
    const next = normaliseLegacyId(params);
    if (next) go(next, { replace: true });
  }, [params, go]);

  // SPEC §8: a toast when the list fails to load (once per failure).
  useEffect(() => {
    if (list.errorUpdatedAt > 0) toast({ title: toasts.error, message: toasts.listFailed, variant: 'destructive' });
  }, [list.errorUpdatedAt]); // once per failure (not again when only the language changes)

  const totalCount = list.data?.totalCount ?? 0;
  const totalPages = pageCount(totalCount, CATALOGUE_PAGE_SIZE);

  // A page past the end (an old link, fewer results now) goes to the last page.
  usePastLastPageRedirect({
    page: state.page,
    pageSize: CATALOGUE_PAGE_SIZE,
    settled: list.data && !list.isPlaceholderData && !list.isFetching ? { shown: list.data.tonies.length, totalCount: list.data.totalCount } : null,
    goToPage: (page) => go(applyFilterChange(params, { page }), { replace: true }),
  });

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
    if (top < window.scrollY) window.scrollTo({ top, behavior: scrollBehavior() });
  };

  const loading = list.isPending || list.isPlaceholderData;
  const tonieIds = useMemo(() => (list.data?.tonies ?? []).map((t) => t.id), [list.data]);
  const tonies = list.data?.tonies ?? [];
  const from = (state.page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const to = from + tonies.length - 1;

  // One shelf.states query for the page's cards (and the dialog of a Tonie on the page).
  return (
    <ShelfStatesProvider tonieIds={tonieIds}>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
        <PageHeader
          title={shell.pages.catalog.title}
          subtitle={
            <>
              {texts.subtitle}
              {/* While the user loads, the line keeps its room unseen (unless this browser was
                  signed in last time), so the page does not shift down when it appears. */}
              {!user && !(userLoading && wasSignedIn()) ? (
                <Text span display="block" fz="sm" mt={6} c="dimmed" style={userLoading ? { visibility: 'hidden' } : undefined} aria-hidden={userLoading || undefined}>
                  {texts.signInPrompt}{' '}
                  <Anchor component={Link} to={authPathWithNext(path)} fw={600} data-testid="catalogue-sign-in">
                    <IconLogin2 size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
                    {texts.signIn}
                  </Anchor>
                </Text>
              ) : null}
            </>
          }
        />

        <Stack gap="lg">
          {state.series ? <SeriesHeader series={state.series} onBack={() => change({ series: null, sort: null })} /> : null}

          <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" role="search" aria-label={texts.filtersLabel}>
            <Stack gap="md">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <CatalogueSearchBox value={state.search} onSearch={(search) => change({ search })} />
                <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto', minWidth: 0 }}>
                  <TagFilter
                    groups={tagGroups.data?.groups ?? []}
                    isLoading={tagGroups.isPending && !tagGroups.isError}
                    selected={state.tags}
                    onChange={(next) => change({ tags: next })}
                  />
                  <SortSelect value={effectiveSort(state)} searching={state.search.trim() !== ''} series={state.series !== null} onChange={(sort) => change({ sort })} />
                </Group>
              </Group>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <LanguageFilter languages={languages.data ?? []} selected={state.languages} onChange={(next) => change({ languages: next })} />
                <AgeFilter value={state.age} onChange={(age) => change({ age })} />
                {user ? <ShelfFilterSelect value={state.shelf} onChange={(shelf) => change({ shelf })} texts={shelfTexts} /> : null}
              </Group>
              <CategoryButtons categories={categories.data ?? []} selected={state.category} onChange={(category) => change({ category })} showCounts={categoryCountsFit} />
              <ActiveTagFilters
                label={texts.activeFilters}
                clearLabel={texts.clearAll}
                tags={state.tags}
                onChange={(tags) => change({ tags })}
                removeLabel={texts.removeFilter}
                hasOthers={state.languages.length > 0 || state.age !== null || state.series !== null || state.category !== null || state.shelf !== null}
                onClearAll={clearAll}
              >
                {state.series ? (
                  <RemovableTag
                    tag={texts.seriesChip(state.series)}
                    removeLabel={texts.removeFilter(texts.seriesChip(state.series))}
                    onRemove={() => change({ series: null, sort: null })}
                  />
                ) : null}
                {state.category ? (
                  <RemovableTag
                    tag={categoryName(state.category, texts)}
                    removeLabel={texts.removeFilter(categoryName(state.category, texts))}
                    onRemove={() => change({ category: null })}
                  />
                ) : null}
                {state.languages.map((tag) => {
                  const name = languageName(tag, format.locale) ?? tag;
                  return (
                    <RemovableTag key={tag} tag={name} removeLabel={texts.removeFilter(name)} onRemove={() => change({ languages: state.languages.filter((l) => l !== tag) })} />
                  );
                })}
                {state.age !== null ? (
                  <RemovableTag tag={texts.ageChip(state.age)} removeLabel={texts.removeFilter(texts.ageChip(state.age))} onRemove={() => change({ age: null })} />
                ) : null}
                {state.shelf ? (
                  <RemovableTag
                    tag={shelfTexts.filterChip(shelfTexts.filterOptions[state.shelf])}
                    removeLabel={texts.removeFilter(shelfTexts.filterChip(shelfTexts.filterOptions[state.shelf]))}
                    onRemove={() => change({ shelf: null })}
                  />
                ) : null}
              </ActiveTagFilters>
            </Stack>
          </Paper>

          {preset.waiting ? (
            // Room for the results, empty (nothing to shift) until the preselection is known.
            <div style={{ minHeight: '100vh' }} role="status" aria-busy="true" aria-label={texts.loadingTonies} />
          ) : (
            <TonieGridResults
              tonies={tonies}
              loading={loading && !list.isError}
              loadingLabel={texts.loadingTonies}
              skeletonCount={CATALOGUE_PAGE_SIZE}
              error={list.isError ? { title: toasts.error, text: toasts.listFailed, retryLabel: texts.tryAgain, onRetry: () => void list.refetch() } : null}
              empty={totalCount === 0 ? <CatalogueEmptyState state={state} onClear={clearAll} suggestions={list.data?.suggestions} /> : null}
              detailsHref={(tonie) => hrefFor(withTonie(params, tonie.id))}
              cardActions={cardShelfToggles}
              summary={texts.showing(from, to, totalCount)}
              resultsRef={resultsRef}
              pagination={{
                page: state.page,
                totalPages,
                hrefFor: (page) => hrefFor(applyFilterChange(params, { page })),
                onChange: scrollToResults,
                label: texts.pagination,
              }}
            />
          )}

          {preset.waiting ? null : <CatalogueBanner />}
        </Stack>

        <LazyTonieDetailsModal tonieId={state.tonieId} onClose={closeDetails} load={loadTonieDetails} />
      </Container>
    </ShelfStatesProvider>
  );
}
