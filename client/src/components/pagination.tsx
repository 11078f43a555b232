import { ActionIcon, Box, Button } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './pagination.module.css';

/** A page number, or an ellipsis standing for the pages left out. */
export type PageItem = number | '…';

interface PaginationProps {
  /** The current page (1-based). */
  page: number;
  totalPages: number;
  /** Which page buttons to show, e.g. from the catalogue's paginationItems(). */
  items: PageItem[];
  /** The address of a page: buttons are links, so a page can be opened in a new tab. */
  hrefFor: (page: number) => string;
  /** Called when a page link is followed (e.g. to scroll the list into view). */
  onNavigate?: (page: number) => void;
  /** The navigation landmark's name. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  pageLabel?: (page: number) => string;
}

/**
 * Page navigation: previous, the given page items (ellipses are not focusable), next. Nothing
 * is rendered for a single page. The current page is marked with aria-current.
 */
export function Pagination({
  page,
  totalPages,
  items,
  hrefFor,
  onNavigate,
  label = 'Pagination',
  previousLabel = 'Previous page',
  nextLabel = 'Next page',
  pageLabel = (n) => `Page ${n}`,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;

  return (
    <Box component="nav" aria-label={label}>
      <div className={classes.row}>
        {hasPrevious ? (
          <ActionIcon
            component={Link}
            to={hrefFor(page - 1)}
            onClick={() => onNavigate?.(page - 1)}
            variant="default"
            className={classes.arrow}
            radius="xl"
            aria-label={previousLabel}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <ActionIcon variant="default" className={classes.arrow} radius="xl" disabled aria-label={previousLabel}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        )}
        {items.map((item, i) =>
          item === '…' ? (
            <Box key={`gap-${i}`} component="span" className={classes.gap} aria-hidden>
              …
            </Box>
          ) : (
            <Button
              key={item}
              component={Link}
              to={hrefFor(item)}
              onClick={() => onNavigate?.(item)}
              variant={item === page ? 'filled' : 'default'}
              className={classes.item}
              radius="xl"
              aria-label={pageLabel(item)}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </Button>
          ),
        )}
        {hasNext ? (
          <ActionIcon
            component={Link}
            to={hrefFor(page + 1)}
            onClick={() => onNavigate?.(page + 1)}
            variant="default"
            className={classes.arrow}
            radius="xl"
            aria-label={nextLabel}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <ActionIcon variant="default" className={classes.arrow} radius="xl" disabled aria-label={nextLabel}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        )}
      </div>
    </Box>
  );
}
