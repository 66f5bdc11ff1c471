import { describe, expect, it } from 'vitest';
import { MSG, ZSpendingCapInput } from '@cityforge/shared';
import {
  capShare,
  capText,
  heldText,
  monthLabel,
  parseCapText,
  spendSummary,
} from '../src/lib/spending-cap';
import { heldReason } from '../src/features/projects/structure';

describe('monthly spending cap on the screens', () => {
  it('shows a cap in its field and reads back what was typed', () => {
    expect(capText(null)).toBe('');
    expect(capText(25)).toBe('25');
    expect(capText(12.5)).toBe('12.50');
    expect(parseCapText('')).toBeNull();
    expect(parseCapText('  ')).toBeNull();
    expect(parseCapText('$1,250.75')).toBe(1250.75);
    expect(parseCapText('0')).toBe(0);
    expect(Number.isNaN(parseCapText('ten dollars'))).toBe(true);
  });

  it('leaves the verdict on typed text to the shared contract', () => {
    const refused = (text: string) => {
      const result = ZSpendingCapInput.safeParse(parseCapText(text));
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(refused('ten')).toBe(MSG.spendingCapInvalid);
    expect(refused('-1')).toBe(MSG.spendingCapInvalid);
    expect(refused('1.234')).toBe(MSG.spendingCapInvalid);
    expect(refused('0.30')).toBeNull();
    expect(refused('')).toBeNull();
  });

  it('sums up the month: spend against the cap, and the pages it holds', () => {
    const spend = { month: '2026-07', spentUsd: 0.4, capUsd: 0.45, heldPages: 4 };
    expect(monthLabel('2026-07')).toBe('July 2026');
    expect(spendSummary(spend)).toBe('$0.40 of $0.45 spent in July 2026 (UTC)');
    expect(spendSummary({ ...spend, capUsd: null })).toBe('$0.40 spent in July 2026 (UTC)');
    expect(capShare(spend)).toBeCloseTo(0.4 / 0.45);
    expect(capShare({ spentUsd: 3, capUsd: 2 })).toBe(1);
    expect(capShare({ spentUsd: 0, capUsd: 0 })).toBe(1);
    expect(capShare({ spentUsd: 1, capUsd: null })).toBeNull();
    expect(heldText(0)).toBeNull();
    expect(heldText(1)).toBe('1 page waits for the cap to be raised or the month to turn (UTC).');
    expect(heldText(1200)).toMatch(/^1,200 pages wait/);
  });

  it('tells a page a cap holds from one waiting for its turn', () => {
    const item = { status: 'queued', failedAt: null, failureReason: MSG.spendingCapReached };
    expect(heldReason(item)).toBe(MSG.spendingCapReached);
    expect(heldReason({ ...item, failureReason: null })).toBeNull();
    expect(heldReason({ ...item, status: 'In progress' })).toBeNull();
    expect(heldReason({ ...item, status: 'Failed', failedAt: '2026-07-01T00:00:00Z' })).toBeNull();
  });
});
