import type { ReactNode } from 'react';
import { Box, Pagination as MantinePagination, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCommonTexts } from './common-texts';
import { ELLIPSIS, pageItems } from './page-range';
import type { PageLayout } from './page-range';
import classes from './pagination.module.css';

/** The ellipsis between page buttons, as text (not focusable, not read out). */
function Ellipsis() {
  return <span aria-hidden>{ELLIPSIS}</span>;
}

interface PaginationProps {
  /** The current page (1-based). */
  page: number;
  totalPages: number;
  /** Which page buttons show: 'edges' (the catalogue) or 'window' (5 around the page). */
  layout?: PageLayout;
  /** Controls as links to each page's address (so a page can open in a new tab). */
  hrefFor?: (page: number) => string;
  /** Called with the page chosen (a link followed, or a button pressed). */
  onChange?: (page: number) => void;
  /** The navigation landmark's name. */
  label: string;
  previousLabel?: string;
  nextLabel?: string;
  /** What the previous/next controls show (chevrons unless given, e.g. '«' and '»'). */
  previousContent?: ReactNode;
  nextContent?: ReactNode;
  pageLabel?: (page: number) => string;
  /** Nothing is shown for a single page. */
  hideSingle?: boolean;
  'data-testid'?: string;
}

/**
 * Page navigation on Mantine's Pagination parts: previous, the page buttons of the layout
 * (ellipses are not focusable), next. The current page is marked with aria-current; previous is
 * disabled on the first page, next on the last.
 */
export function Pagination({
  page,
  totalPages,
  layout = 'edges',
  hrefFor,
  onChange,
  label,
  previousLabel,
  nextLabel,
  previousContent = <IconChevronLeft size={18} aria-hidden />,
  nextContent = <IconChevronRight size={18} aria-hidden />,
  pageLabel,
  hideSingle = false,
  'data-testid': testId,
}: PaginationProps) {
  const texts = useCommonTexts();
  if (totalPages <= 0 || (hideSingle && totalPages <= 1)) return null;

  /** Props that take a control to `target`: a link when pages have addresses, else a click. */
  const goTo = (target: number) => (hrefFor ? { component: Link, to: hrefFor(target), onClick: () => onChange?.(target) } : { onClick: () => onChange?.(target) });

  const edge = (target: number, disabled: boolean, name: string, content: ReactNode) => (
    <MantinePagination.Control {...(disabled ? {} : goTo(target))} disabled={disabled} withPadding={false} className={classes.control} aria-label={name}>
      {content}
    </MantinePagination.Control>
  );

  return (
    <Box component="nav" aria-label={label} data-testid={testId}>
      <MantinePagination.Root total={totalPages} value={page} radius="xl" className={classes.row}>
        {edge(page - 1, page <= 1, previousLabel ?? texts.previousPage, previousContent)}
        {pageItems(page, totalPages, layout).map((item, i) =>
          item === ELLIPSIS ? (
            <MantinePagination.Dots key={`gap-${i}`} icon={Ellipsis} className={classes.gap} />
          ) : (
            <MantinePagination.Control
              key={item}
              {...goTo(item)}
              active={item === page}
              className={classes.control}
              aria-label={pageLabel ? pageLabel(item) : texts.page(item)}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </MantinePagination.Control>
          ),
        )}
        {edge(page + 1, page >= totalPages, nextLabel ?? texts.nextPage, nextContent)}
      </MantinePagination.Root>
    </Box>
  );
}

interface PreviousNextPaginationProps {
  page: number;
  hasNext: boolean;
  onChange: (page: number) => void;
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** 'Page n' between the two buttons. */
  pageText: string;
  pageTestId?: string;
}

/** The older audio page's variant (SPEC §2): 'Previous', 'Page n', 'Next'. */
export function PreviousNextPagination({ page, hasNext, onChange, label, previousLabel, nextLabel, pageText, pageTestId }: PreviousNextPaginationProps) {
  return (
    <Box component="nav" aria-label={label}>
      <MantinePagination.Root total={hasNext ? page + 1 : page} value={page} onChange={onChange} radius="md" size="lg" className={classes.row}>
        <MantinePagination.Control disabled={page <= 1} onClick={() => onChange(page - 1)} className={classes.textControl}>
          {previousLabel}
        </MantinePagination.Control>
        <Text fw={500} px="sm" lh={1} data-testid={pageTestId}>
          {pageText}
        </Text>
        <MantinePagination.Control disabled={!hasNext} onClick={() => onChange(page + 1)} className={classes.textControl}>
          {nextLabel}
        </MantinePagination.Control>
      </MantinePagination.Root>
    </Box>
  );
}
