import { MAX_PAGE_BUTTONS } from '@cityforge/shared';

/** How many pages a list of `count` items has; an empty list still has page 1. */
export function pageCount(count: number, pageSize: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * The page numbers to show as buttons: at most `max` consecutive pages with the current one
 * kept as near the middle as the ends allow, so the window slides rather than jumps. A page
 * outside 1..pages is clamped first (a stale page after a delete still gets a sensible row).
 */
export function pageWindow(page: number, pages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const total = Math.floor(pages);
  if (!Number.isFinite(total) || total < 1) return [];
  const size = Math.min(Math.max(1, Math.floor(max)), total);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface PageRange {
  first: number;
  last: number;
}

/** The 1-based positions of the first and last item on a page; 0–0 for an empty list. */
export function pageRange(page: number, pageSize: number, count: number): PageRange {
  if (count <= 0 || pageSize <= 0) return { first: 0, last: 0 };
  const first = Math.min((Math.max(1, page) - 1) * pageSize + 1, count);
  const last = Math.min(first + pageSize - 1, count);
  return { first, last };
}

/** "Showing 11–20 of 23". */
export function rangeLabel(page: number, pageSize: number, count: number): string {
  const { first, last } = pageRange(page, pageSize, count);
  return `Showing ${first}–${last} of ${Math.max(0, count)}`;
}
