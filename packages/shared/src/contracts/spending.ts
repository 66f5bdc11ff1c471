import { z } from 'zod';
import { MSG } from '../messages.ts';

/** The highest cap a form takes (USD a month): a typo's extra zeros, not a real budget. */
export const SPENDING_CAP_MAX_USD = 1_000_000;

/**
 * A monthly spending cap as written (project settings, the account on /auth/me/): dollars, at
 * most 2 decimals, or null for none.
 */
export const ZSpendingCapInput = z
  .number({ error: MSG.spendingCapInvalid })
  .min(0, { error: MSG.spendingCapInvalid })
  .max(SPENDING_CAP_MAX_USD, { error: MSG.spendingCapInvalid })
  // Cents, compared with a tolerance: 0.1 + 0.2 is not 0.3 in binary.
  .refine((usd) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6, {
    error: MSG.spendingCapInvalid,
  })
  .nullable();

/**
 * What the AI calls of a project (or of an account, across its projects) cost this calendar
 * month (UTC), against its cap.
 */
export const ZMonthSpend = z.object({
  /** YYYY-MM, UTC. */
  month: z.string(),
  spentUsd: z.number(),
  capUsd: z.number().nullable(),
  /** Pages and city pages waiting for the cap: queued with MSG.spendingCapReached. */
  heldPages: z.number().int(),
});
export type TMonthSpend = z.infer<typeof ZMonthSpend>;
