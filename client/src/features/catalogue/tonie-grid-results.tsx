// The catalogue's card grid with its states, as the catalogue, /shelves, a shared shelf and a
// profile's shelf tab show it: skeleton cards while a page loads, an error with 'Try Again', the
// page's own empty state, the cards, the 'Showing a-b of n' line and the pages below.
// usePastLastPageRedirect sends a page past the end (an old link, ?page=99, the last Tonies of
// the last page removed) to the last page instead of calling the list empty.
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TonieSummary } from '@tonieshelf/shared/schemas/tonie';
import { pageCount } from '../../components/page-range';
import { Pagination } from '../../components/pagination';
import { ResultsSummary } from '../../components/results-summary';
import { useCommonTexts } from '../../components/common-texts';
import { useCatalogueTexts } from './catalogue-texts';
import { TonieCard, TonieCardSkeleton } from './tonie-card';
import { scrollBehavior } from '../../lib/motion';

export const TONIE_GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

// Only cards with actions (a signed-in visitor's shelf toggles) can leave the grid while focused;
// the code that keeps focus in the grid then loads with them.
const KeepFocusInList = lazy(() => import('../../lib/use-keep-focus-in-list').then((m) => ({ default: m.KeepFocusInList })));

/** A card's shelf toggle has its counterpart on the card that takes its place. */
const sameToggle = (focused: HTMLElement) => (focused.dataset.shelf ? `[data-shelf="${focused.dataset.shelf}"]` : null);
const KEEP_FOCUS = { items: 'article[data-tonie-id]', control: sameToggle };

/** Cards in the widest row: their pictures load at once, the rest when scrolled near. */
const FIRST_ROW = TONIE_GRID_COLS.lg;

interface TonieGridResultsProps {
  tonies: readonly TonieSummary[];
  /** The page is loading (first load, or another page on its way): skeleton cards. */
  loading: boolean;
  /** What the skeleton grid is called for screen readers ('Loading your shelf...'). */
  loadingLabel: string;
  skeletonCount?: number;
  /** The list failed: the text, the alert's title and the retry. */
  error?: { text: string; title?: string; retryLabel: string; onRetry: () => void } | null;
  /** What an empty page shows. */
  empty: ReactNode;
  /** The address that opens a card's Tonie. */
  detailsHref: (tonie: TonieSummary) => string;
  /** What each card shows above 'View Details' (the page's shelf toggles); nothing when not given. */
  cardActions?: (tonie: TonieSummary) => ReactNode;
  /**
   * The line above the grid ('Showing 1-20 of 57 Tonies'); left out when not given. It is a
   * polite status region, kept in the page while a page loads: a count after a search, filter or
   * page change is announced, the first one of a page load is not (ResultsSummary). An empty
   * page announces 'No results' there (the empty state's own title says why).
   */
  summary?: string;
  /**
   * The grid's h2 (the cards are h3), for screen readers only: 'Results' unless given (a
   * shelf's name); `null` when the page has its own h2 right above the grid.
   */
  heading?: string | null;
  /** The block the pages scroll back to. */
  resultsRef?: RefObject<HTMLDivElement | null>;
  /**
   * The pages below the grid; left out when not given. The catalogue's previous/next/page labels
   * and a scroll back to the results (resultsRef) unless the caller gives its own.
   */
  pagination?: ComponentProps<typeof Pagination>;
  'data-testid'?: string;
}

export function TonieGridResults({
  tonies,
  loading,
  loadingLabel,
  skeletonCount = 4,
  error,
  empty,
  detailsHref,
  cardActions,
  summary,
  resultsRef,
  pagination,
  heading,
  'data-testid': testId = 'tonie-grid',
}: TonieGridResultsProps) {
  const texts = useCatalogueTexts();
  const common = useCommonTexts();
  // The cards of a page that has just arrived are rendered in a transition (in slices, between the
  // browser's other work) while the skeletons stay; the rest of the page updates at once. Cards
  // already shown stay while changed data for them renders (a refetch after a review, a shelf
  // toggle): they are updated in place, and a focused card keeps the focus. After an empty page
  // (a page past the end, on its way to the last one) the skeletons show, not an empty grid.
  const shownTonies = useDeferredValue(loading ? null : tonies);
  // A Tonie taken off the shelf being shown leaves the grid with the focused toggle: focus stays in the grid.
  const block = useRef<HTMLDivElement>(null);
  let results: ReactNode;
  if (error) {
    results = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={error.title} data-testid="results-error" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{error.text}</Text>
          <Button size="xs" variant="light" color="red" onClick={error.onRetry}>
            {error.retryLabel}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (loading || shownTonies === null || (shownTonies.length === 0 && tonies.length > 0)) {
    results = (
      <SimpleGrid cols={TONIE_GRID_COLS} spacing="lg" role="group" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <TonieCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (tonies.length === 0) {
    results = empty;
  } else {
    results = (
      <SimpleGrid cols={TONIE_GRID_COLS} spacing="lg" data-testid={testId}>
        {shownTonies.map((tonie, index) => (
          <TonieCard key={tonie.id} tonie={tonie} detailsHref={detailsHref(tonie)} actions={cardActions?.(tonie)} eagerImage={index < FIRST_ROW} priorityImage={index === 0} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <div ref={resultsRef}>
        <ResultsSummary
          heading={heading}
          status={summary === undefined ? undefined : loading || error ? null : tonies.length > 0 ? summary : common.noResults}
          statusHidden={tonies.length === 0}
          visible
        />
        <div ref={block}>{results}</div>
        {cardActions ? (
          <Suspense fallback={null}>
            <KeepFocusInList container={block} {...KEEP_FOCUS} />
          </Suspense>
        ) : null}
      </div>
      {pagination ? (
        <Pagination
          previousLabel={texts.previousPage}
          nextLabel={texts.nextPage}
          pageLabel={texts.goToPage}
          onChange={() => resultsRef?.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' })}
          {...pagination}
        />
      ) : null}
    </>
  );
}

interface PastLastPageOptions {
  page: number;
  pageSize: number;
  /** The answer for `page`, once it is in (not a placeholder of another page, not refetching); else null. */
  settled: { shown: number; totalCount: number } | null;
  /** Goes to `page`, replacing the address. */
  goToPage: (page: number) => void;
}

/** An empty page past the end of a list that is not empty goes to the last page (the address is replaced). */
export function usePastLastPageRedirect({ page, pageSize, settled, goToPage }: PastLastPageOptions) {
  const shown = settled?.shown ?? null;
  const totalCount = settled?.totalCount ?? 0;
  useEffect(() => {
    if (shown === null || shown > 0 || page <= 1 || totalCount <= 0) return;
    const last = pageCount(totalCount, pageSize);
    if (last >= 1 && last < page) goToPage(last);
    // goToPage changes with every address; only the page and the answer decide.
  }, [shown, totalCount, page, pageSize]);
}
