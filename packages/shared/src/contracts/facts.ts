import { z } from 'zod';

/**
 * The facts only the business has about a place: each a name (the sheet's header as written,
 * "Jobs completed") and a value (the cell, "142"). Kept per city, stated on its page.
 */
export const FACT_LIMITS = {
  /** Fact columns one sheet may carry. */
  columns: 40,
  /** Characters of one fact's value (a quote with its attribution fits). */
  valueChars: 2000,
  /** Characters of one fact's name. */
  nameChars: 100,
} as const;

export const ZCityFact = z.object({
  name: z.string(),
  value: z.string(),
});
export type TCityFact = z.infer<typeof ZCityFact>;
