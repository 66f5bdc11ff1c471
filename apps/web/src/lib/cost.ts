import { OFFLINE_MODEL_ID } from '@cityforge/shared';
import type { TUsageEntry } from '@cityforge/shared';

const LOCALE = 'en-US';

/**
 * US dollars for AI costs, which run from fractions of a cent to hundreds of dollars: below $1
 * to `significant` digits ("$0.0123", "$0.42"), from $1 in cents ("$12.34", "$1,234.50").
 */
export function formatUsd(amount: number, significant = 3): string {
  if (!Number.isFinite(amount) || amount <= 0) return '$0';
  if (amount < 0.0001) return '<$0.0001';
  const rounded = Number(amount.toPrecision(significant));
  if (rounded < 1) {
    const decimals = rounded.toString().split('.')[1]?.length ?? 0;
    return `$${decimals < 2 ? rounded.toFixed(2) : rounded.toString()}`;
  }
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** "$0.42–$0.61", or one amount when both ends round alike; estimates to 2 digits. */
export function formatUsdRange(range: { low: number; high: number }): string {
  const low = formatUsd(range.low, 2);
  const high = formatUsd(range.high, 2);
  return low === high ? low : `${low}–${high}`;
}

/** A usage row's cost: "$0.0123", "$0 (offline)", or "—" when its model had no price. */
export function usageCostLabel(entry: Pick<TUsageEntry, 'costUsd' | 'model'>): string {
  if (entry.model === OFFLINE_MODEL_ID) return '$0 (offline)';
  return entry.costUsd === null ? '—' : formatUsd(entry.costUsd);
}

/**
 * What usage rows cost together: the priced ones summed, and how many had no price (they are
 * not $0, so they are named rather than added).
 */
export function usageCostTotal(usage: readonly Pick<TUsageEntry, 'costUsd' | 'model'>[]): string {
  if (usage.length > 0 && usage.every((u) => u.model === OFFLINE_MODEL_ID)) return '$0 (offline)';
  const priced = usage.filter((u) => u.costUsd !== null);
  if (priced.length === 0) return '—';
  const total = formatUsd(priced.reduce((sum, u) => sum + (u.costUsd ?? 0), 0));
  const unpriced = usage.length - priced.length;
  return unpriced ? `${total} + ${unpriced} unpriced` : total;
}

/** An admin's view of a user's spend: "$3.21", with the calls no price was known for. */
export function spendLabel(usage: { costUsd: number; unpricedCalls: number }): string {
  const total = formatUsd(usage.costUsd);
  return usage.unpricedCalls
    ? `${total} + ${usage.unpricedCalls.toLocaleString(LOCALE)} unpriced ${usage.unpricedCalls === 1 ? 'call' : 'calls'}`
    : total;
}

/** Summed estimates of a run (one per page kind it writes). */
export type RunCost = {
  offline: boolean;
  priced: boolean;
  usd: { low: number; high: number } | null;
  tokens: { low: number; high: number };
};

const compact = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The sentence shown before a run: "About $0.42–$0.61 for 12 city pages with Claude 3.7
 * Sonnet", "Offline draft: $0, written on this server", or, for a model without a price, what
 * it will take in tokens.
 */
export function estimateSentence(cost: RunCost, what: string, modelName: string): string {
  if (cost.offline) return 'Offline draft: $0, written on this server';
  if (!cost.priced || !cost.usd) {
    const { low, high } = cost.tokens;
    const tokens =
      low === high ? compact.format(low) : `${compact.format(low)}–${compact.format(high)}`;
    return `No price known for this model: about ${tokens} tokens for ${what} with ${modelName}`;
  }
  return `About ${formatUsdRange(cost.usd)} for ${what} with ${modelName}`;
}
