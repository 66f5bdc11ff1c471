import { describe, expect, it } from 'vitest';
import { MAX_PAGE_BUTTONS } from '@cityforge/shared';
import { pageCount, pageRange, pageWindow, rangeLabel } from '../src/lib/pagination';

describe('pageWindow', () => {
  it('shows every page when they fit', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('defaults to the spec maximum of five buttons', () => {
    expect(MAX_PAGE_BUTTONS).toBe(5);
    expect(pageWindow(10, 20)).toHaveLength(5);
  });

  it('keeps the current page in the middle away from the ends', () => {
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(4, 20, 5)).toEqual([2, 3, 4, 5, 6]);
  });

  it('pins the window to the first and last pages near the ends', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(18, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
  });

  it('slides by one page at a time', () => {
    for (let page = 3; page < 18; page += 1) {
      const [a] = pageWindow(page, 20, 5);
      const [b] = pageWindow(page + 1, 20, 5);
      expect(b! - a!).toBe(1);
    }
  });

  it('always contains the (clamped) current page', () => {
    for (let pages = 1; pages <= 12; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const w = pageWindow(page, pages, 5);
        expect(w).toContain(page);
        expect(w.length).toBe(Math.min(5, pages));
      }
    }
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(0, 8, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(-3, 8, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 8, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(Number.NaN, 8, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('handles even maxima and tiny maxima', () => {
    expect(pageWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(5, 10, 1)).toEqual([5]);
    expect(pageWindow(5, 10, 0)).toEqual([5]);
  });

  it('has no buttons without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, -2)).toEqual([]);
    expect(pageWindow(1, Number.NaN)).toEqual([]);
  });
});

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
    expect(pageCount(5, 0)).toBe(1);
  });
});

describe('pageRange and rangeLabel', () => {
  it('gives the first and last item of a page', () => {
    expect(pageRange(1, 10, 23)).toEqual({ first: 1, last: 10 });
    expect(pageRange(2, 10, 23)).toEqual({ first: 11, last: 20 });
    expect(pageRange(3, 10, 23)).toEqual({ first: 21, last: 23 });
    expect(pageRange(1, 10, 0)).toEqual({ first: 0, last: 0 });
  });

  it('reads "Showing a–b of n"', () => {
    expect(rangeLabel(2, 10, 23)).toBe('Showing 11–20 of 23');
    expect(rangeLabel(1, 10, 0)).toBe('Showing 0–0 of 0');
  });
});
