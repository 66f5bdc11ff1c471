import { z } from 'zod';
import { SIMILARITY_THRESHOLD } from './locations.ts';

/**
 * The quality gate (issue 24): a city page that reads like its siblings, says little about its
 * own place or is short is published with `noindex`, out of the sitemap and of the featured
 * links, until it is regenerated or its owner approves it by hand.
 *
 * - maxSimilarity: the highest 5-word-shingle Jaccard with any sibling page (names of places
 *   masked) a page may have; the flag's threshold.
 * - minLocalShare: the least share of the written text's sentences that must state a fact of
 *   this place (its county, a ZIP code, a nearby city, a distance, a term of the upload's
 *   instructions). The city's own name does not count: a sentence with only the name swapped
 *   in is the template duplication the gate is for.
 * - minWords: the least number of words of written text (the blocks the site adds from data,
 *   ZIP chips and nearby cards, are not counted).
 */
export const QUALITY_GATE_DEFAULTS = {
  maxSimilarity: SIMILARITY_THRESHOLD,
  // The offline draft's pages state a fact of their place in 13-25 % of their statements (50
  // cities across the country); a name-swapped template states none.
  minLocalShare: 0.1,
  // Offline drafts run 680-800 words; a page under 300 is thin whatever it says.
  minWords: 300,
} as const;

export const ZQualityGate = z.object({
  enabled: z.boolean(),
  maxSimilarity: z.number(),
  minLocalShare: z.number(),
  minWords: z.number().int(),
});
export type TQualityGate = z.infer<typeof ZQualityGate>;

/** A settings write: null puts a threshold back on its default. */
export const ZUpdateQualityGate = z.strictObject({
  enabled: z.boolean().optional(),
  maxSimilarity: z.number().min(0.05).max(1).nullable().optional(),
  minLocalShare: z.number().min(0).max(1).nullable().optional(),
  minWords: z.number().int().min(0).max(5000).nullable().optional(),
});

/** What a page's scoring measured; null before it was scored. */
export type TPageQualityMetrics = {
  similarity: number | null;
  localShare: number | null;
  wordCount: number | null;
};

export const QUALITY_REASONS = ['similar', 'local', 'short'] as const;
export type TQualityReason = (typeof QUALITY_REASONS)[number];

export const QUALITY_VERDICTS = ['pending', 'passes', 'held', 'approved'] as const;
export type TQualityVerdict = (typeof QUALITY_VERDICTS)[number];

/**
 * The gate's verdict on a written page: `pending` until scored, `held` with the reasons it
 * falls below the gate, `approved` when held but published by the owner's hand. The server's
 * SQL form of the same rule (for counts and builds) is tested against this one.
 */
export function qualityVerdict(
  metrics: TPageQualityMetrics & { approved: boolean },
  gate: TQualityGate,
): { verdict: TQualityVerdict; reasons: TQualityReason[] } {
  if (!gate.enabled) return { verdict: 'passes', reasons: [] };
  const { similarity, localShare, wordCount } = metrics;
  if (similarity === null || localShare === null || wordCount === null)
    return { verdict: 'pending', reasons: [] };
  const reasons: TQualityReason[] = [];
  if (similarity > gate.maxSimilarity) reasons.push('similar');
  if (localShare < gate.minLocalShare) reasons.push('local');
  if (wordCount < gate.minWords) reasons.push('short');
  if (!reasons.length) return { verdict: 'passes', reasons };
  return { verdict: metrics.approved ? 'approved' : 'held', reasons };
}

// ---------------------------------------------------------------- staged releases and IndexNow

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ZReleasePlan = z.object({
  /** City pages released per day; null releases every page at once (no staging). */
  perDay: z.number().int().nullable(),
  /** HH:MM in timeZone. */
  time: z.string(),
  timeZone: z.string(),
  paused: z.boolean(),
});
export type TReleasePlan = z.infer<typeof ZReleasePlan>;

export const ZUpdateReleasePlan = z.strictObject({
  perDay: z.number().int().min(1).max(50_000).nullable().optional(),
  time: z.string().regex(HHMM, 'Use a time like 09:00').optional(),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Unknown time zone (use a name like America/Chicago)')
    .optional(),
  paused: z.boolean().optional(),
});
