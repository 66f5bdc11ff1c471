import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatTime,
} from '../src/lib/format';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [1048576, '1 MB'],
    [5.5 * 1024 * 1024, '5.5 MB'],
    [1073741824, '1 GB'],
    [2.345 * 1024 ** 3, '2.35 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%s bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('dates in US English', () => {
  const iso = '2026-03-07T15:04:00Z';

  it('formats dates as "Mon D, YYYY"', () => {
    expect(formatDate(iso, { timeZone: 'UTC' })).toBe('Mar 7, 2026');
    expect(formatDate(new Date(Date.UTC(2025, 11, 25)), { timeZone: 'UTC' })).toBe('Dec 25, 2025');
  });

  it('formats date and time with a 12-hour clock', () => {
    expect(formatDateTime(iso, { timeZone: 'UTC' })).toBe('Mar 7, 2026, 3:04 PM');
  });

  it('formats a time of day to the second', () => {
    expect(formatTime(iso, { timeZone: 'UTC' })).toMatch(/^3:04:\d\d PM$/);
    expect(formatTime(null)).toBe('—');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(undefined, {}, 'Never')).toBe('Never');
  });
});

describe('money and numbers', () => {
  it('formats US dollars, with cents only when there are any', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(29)).toBe('$29');
    expect(formatMoney(29.5)).toBe('$29.50');
    expect(formatMoney(1299)).toBe('$1,299');
  });

  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
