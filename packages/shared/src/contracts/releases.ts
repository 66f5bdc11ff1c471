import { z } from 'zod';

/**
 * Where a project's staged release stands, as its card shows it: "42 of 300 city
 * pages live, next batch tomorrow at 09:00". Null on a project without staging, whose every
 * written page is live.
 */
export const ZReleaseProgress = z.object({
  /** City pages released per scheduled run. */
  perDay: z.number().int(),
  /** Written pages released to the published site. */
  live: z.number().int(),
  /** Written pages, released or waiting for their batch. */
  written: z.number().int(),
  /** Every city of the project, written or not. */
  total: z.number().int(),
  /** When the next batch is due (ISO); null while no batch is scheduled. */
  nextAt: z.string().nullable(),
  paused: z.boolean(),
});
export type TReleaseProgress = z.infer<typeof ZReleaseProgress>;

/** POST /api/projects/{id}/release/paused/: pause or resume the batches (one click). */
export const ZSetReleasePaused = z.strictObject({ paused: z.boolean() });
