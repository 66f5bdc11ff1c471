import { describe, expect, it } from 'vitest';
import type { TEstimate } from '@cityforge/shared';
import { sumEstimates } from '../src/lib/ai-estimate';
import {
  estimateSentence,
  formatUsd,
  formatUsdRange,
  spendLabel,
  usageCostLabel,
  usageCostTotal,
} from '../src/lib/cost';
import { csvDataRows } from '../src/lib/sheet-rows';

describe('dollars', () => {
  it('shows fractions of a cent to three digits and dollars in cents', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.00001)).toBe('<$0.0001');
    expect(formatUsd(0.0123456)).toBe('$0.0123');
    expect(formatUsd(0.42)).toBe('$0.42');
    expect(formatUsd(0.4)).toBe('$0.40');
    expect(formatUsd(0.61234)).toBe('$0.612');
    expect(formatUsd(0.99999)).toBe('$1.00');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('writes a range to two digits, one amount when both ends agree', () => {
    expect(formatUsdRange({ low: 0.4213, high: 0.6129 })).toBe('$0.42–$0.61');
    expect(formatUsdRange({ low: 0.0071, high: 0.0139 })).toBe('$0.0071–$0.014');
    expect(formatUsdRange({ low: 0, high: 0 })).toBe('$0');
    expect(formatUsdRange({ low: 2.5, high: 3.75 })).toBe('$2.50–$3.75');
  });

  it('prices a usage row: $0 offline, — without a price', () => {
    expect(usageCostLabel({ model: 'offline-draft', costUsd: 0 })).toBe('$0 (offline)');
    expect(usageCostLabel({ model: 'anthropic/claude-3.7-sonnet', costUsd: 0.0123 })).toBe(
      '$0.0123',
    );
    expect(usageCostLabel({ model: 'anthropic/claude-3.7-sonnet', costUsd: null })).toBe('—');
  });

  it('totals priced rows and names the unpriced ones rather than counting them as $0', () => {
    const claude = (costUsd: number | null) => ({ model: 'anthropic/claude-3.7-sonnet', costUsd });
    expect(usageCostTotal([claude(0.01), claude(0.0023)])).toBe('$0.0123');
    expect(usageCostTotal([claude(0.5), claude(null), claude(null)])).toBe('$0.50 + 2 unpriced');
    expect(usageCostTotal([claude(null)])).toBe('—');
    expect(usageCostTotal([])).toBe('—');
    expect(usageCostTotal([{ model: 'offline-draft', costUsd: 0 }])).toBe('$0 (offline)');
    expect(usageCostTotal([{ model: 'offline-draft', costUsd: 0 }, claude(0.2)])).toBe('$0.20');
  });

  it("says what a user's calls cost for the admin", () => {
    expect(spendLabel({ costUsd: 3.2109, unpricedCalls: 0 })).toBe('$3.21');
    expect(spendLabel({ costUsd: 0, unpricedCalls: 1 })).toBe('$0 + 1 unpriced call');
    expect(spendLabel({ costUsd: 0.5, unpricedCalls: 1200 })).toBe('$0.50 + 1,200 unpriced calls');
  });
});

const answer = (
  kind: TEstimate['kind'],
  pages: number,
  usd: TEstimate['usd'],
  tokens = { low: 1000 * pages, high: 2000 * pages },
): TEstimate => ({
  model: 'm',
  kind,
  pages,
  basis: 'defaults',
  tokens,
  usd,
  priced: usd !== null,
});

describe('the cost of a run', () => {
  it('sums the parts, low ends with low ends, high with high', () => {
    const cost = sumEstimates('anthropic/claude-3.7-sonnet', [
      { end: 'both', estimate: answer('homepage', 1, { low: 0.01, high: 0.02 }) },
      { end: 'low', estimate: answer('service', 4, { low: 0.04, high: 0.08 }) },
      { end: 'high', estimate: answer('service', 8, { low: 0.08, high: 0.16 }) },
    ]);
    expect(cost.offline).toBe(false);
    expect(cost.priced).toBe(true);
    expect(cost.usd!.low).toBeCloseTo(0.05, 10);
    expect(cost.usd!.high).toBeCloseTo(0.18, 10);
    expect(cost.tokens).toEqual({ low: 5_000, high: 18_000 });
  });

  it('is unpriced when any part is', () => {
    const cost = sumEstimates('x', [
      { end: 'both', estimate: answer('homepage', 1, { low: 0.01, high: 0.02 }) },
      { end: 'both', estimate: answer('main', 2, null) },
    ]);
    expect(cost.priced).toBe(false);
    expect(cost.usd).toBeNull();
  });

  it('reads as a sentence: dollars, the offline draft, or tokens without a price', () => {
    const priced = { offline: false, priced: true, usd: { low: 0.4213, high: 0.6129 } };
    const tokens = { low: 24_000, high: 46_800 };
    expect(estimateSentence({ ...priced, tokens }, '12 city pages', 'Claude 3.7 Sonnet')).toBe(
      'About $0.42–$0.61 for 12 city pages with Claude 3.7 Sonnet',
    );
    expect(
      estimateSentence(
        { offline: true, priced: true, usd: { low: 0, high: 0 }, tokens },
        '3 pages',
        'Offline draft',
      ),
    ).toBe('Offline draft: $0, written on this server');
    expect(
      estimateSentence({ offline: false, priced: false, usd: null, tokens }, '12 city pages', 'X'),
    ).toBe('No price known for this model: about 24K–46.8K tokens for 12 city pages with X');
  });
});

describe('rows of a CSV before the upload', () => {
  it('counts records under the header, quoted line breaks and blank lines aside', () => {
    expect(csvDataRows('City,State\nAustin,TX\nDallas,TX\n')).toBe(2);
    expect(csvDataRows('\uFEFFCity,State\r\nAustin,TX\r\n\r\n,,\r\nDallas,TX')).toBe(2);
    expect(csvDataRows('City,Note\n"Austin","two\nlines, one ""row"""\nWaco,x\n')).toBe(2);
    expect(csvDataRows('City,State\n')).toBe(0);
    expect(csvDataRows('')).toBe(0);
  });
});
