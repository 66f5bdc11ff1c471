import type { TMonthSpend } from '@cityforge/shared';
import { formatUsd } from './cost';

/** A cap as its field shows it: empty for none. */
export function capText(cap: number | null | undefined): string {
  return cap === null || cap === undefined ? '' : cap.toFixed(2).replace(/\.00$/, '');
}

/**
 * What the owner typed: nothing is no cap; "$1,250.5" is 1250.5; anything else is NaN, which
 * the shared contract refuses with its own message.
 */
export function parseCapText(text: string): number | null {
  const plain = text.trim().replace('$', '').replaceAll(',', '');
  if (plain === '') return null;
  return Number(plain);
}

/** "2026-07" → "July 2026". */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  if (!year || !mon) return month;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, mon - 1, 1)));
}

/** "$0.42 of $5.00 spent in July 2026 (UTC)", or without a cap "$0.42 spent in …". */
export function spendSummary(spend: TMonthSpend): string {
  const spent = formatUsd(spend.spentUsd);
  const of = spend.capUsd === null ? '' : ` of ${formatUsd(spend.capUsd)}`;
  return `${spent}${of} spent in ${monthLabel(spend.month)} (UTC)`;
}

/** How much of the cap is used, 0 to 1; null without a cap. A $0 cap is used up. */
export function capShare(spend: Pick<TMonthSpend, 'spentUsd' | 'capUsd'>): number | null {
  if (spend.capUsd === null) return null;
  if (spend.capUsd <= 0) return 1;
  return Math.min(1, Math.max(0, spend.spentUsd / spend.capUsd));
}

/** "3 pages wait for the cap to be raised or the month to turn", or null when none do. */
export function heldText(heldPages: number): string | null {
  if (heldPages <= 0) return null;
  const pages =
    heldPages === 1 ? '1 page waits' : `${heldPages.toLocaleString('en-US')} pages wait`;
  return `${pages} for the cap to be raised or the month to turn (UTC).`;
}
