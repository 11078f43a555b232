// The catalogue's page buttons (SPEC §2): the first page, the last page, the current page and one
// page either side of it, with an ellipsis where two or more pages are left out. A gap of exactly
// one page shows that page instead: an ellipsis standing for a single page saves no room.

export const ELLIPSIS = '…';

export type PaginationItem = number | typeof ELLIPSIS;

/** The items to show for page `current` of `totalPages`; no items when there are no pages. */
export function paginationItems(current: number, totalPages: number): PaginationItem[] {
  const total = Number.isFinite(totalPages) ? Math.max(0, Math.floor(totalPages)) : 0;
  if (total === 0) return [];
  const page = Math.min(Math.max(Number.isFinite(current) ? Math.floor(current) : 1, 1), total);

  const shown = [...new Set([1, page - 1, page, page + 1, total])].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);

  const items: PaginationItem[] = [];
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
