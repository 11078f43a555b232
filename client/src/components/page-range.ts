import { PAGE_WINDOW_BUTTONS } from '@tonieshelf/shared/values/common';

// Which page buttons a pagination row shows (SPEC §2, §9). Two layouts of the spec:
// - 'edges' (the catalogue): the first page, the last page, the current page and one page either
//   side of it, with an ellipsis where two or more pages are left out. A gap of exactly one page
//   shows that page instead: an ellipsis standing for a single page saves no room.
// - 'window' (the new audio pages): up to 5 consecutive page buttons around the current page.

export const ELLIPSIS = '…';

type PageItem = number | typeof ELLIPSIS;

export type PageLayout = 'edges' | 'window';

function clampPages(current: number, totalPages: number): { page: number; total: number } {
  const total = Number.isFinite(totalPages) ? Math.max(0, Math.floor(totalPages)) : 0;
  const page = Math.min(Math.max(Number.isFinite(current) ? Math.floor(current) : 1, 1), Math.max(total, 1));
  return { page, total };
}

/** The items to show for page `current` of `totalPages`; no items when there are no pages. */
export function pageItems(current: number, totalPages: number, layout: PageLayout = 'edges'): PageItem[] {
  const { page, total } = clampPages(current, totalPages);
  if (total === 0) return [];

  if (layout === 'window') {
    const size = Math.min(PAGE_WINDOW_BUTTONS, total);
    const start = Math.min(Math.max(1, page - Math.floor(size / 2)), total - size + 1);
    return Array.from({ length: size }, (_, i) => start + i);
  }

  const shown = [...new Set([1, page - 1, page, page + 1, total])].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of shown) {
    const gap = p - previous - 1;
    if (gap === 1) items.push(previous + 1);
    else if (gap >= 2) items.push(ELLIPSIS);
    items.push(p);
    previous = p;
  }
  return items;
}

/** How many pages `totalCount` items fill at `pageSize` a page (at least 0). */
export function pageCount(totalCount: number, pageSize: number): number {
  if (!(totalCount > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(totalCount / pageSize);
}
