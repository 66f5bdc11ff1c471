import { z } from 'zod';
import { SIMILARITY_THRESHOLD } from './locations.ts';

/**
 * The quality gate: a city page that reads like its siblings, says little about its own place,
 * is short, lists places instead of saying something, or carries none of the first-hand facts
 * its project has, is published with `noindex`, out of the sitemap and of the featured links,
 * until it is rewritten or its owner approves it by hand.
 *
 * - maxSimilarity: the highest 5-word-shingle Jaccard with any sibling page (names of places
 *   masked) a page may have; the flag's threshold.
 * - minLocalShare: the least local substance a page must have, as a share of its statements:
 *   each statement carrying one of the place's first-hand facts weighs FACT_WEIGHT, and each
 *   kind of geographic mention (its county, a ZIP code, a nearby city, a distance, a place
 *   the upload's instructions name) counts once per page, however often it is repeated. The
 *   city's own name does not count: a sentence with only the name swapped in is the template
 *   duplication the gate is for.
 * - minWords: the least number of words of written text (the blocks the site adds from data,
 *   ZIP chips and nearby cards, are not counted).
 *
 * Two more reasons have no threshold: `stuffing` (a sentence that is mostly a list of place
 * names or ZIP codes) and `proof` (the project has first-hand facts, and this page states none
 * of its place's: the place has none, or the page was written without them).
 */
export const QUALITY_GATE_DEFAULTS = {
  maxSimilarity: SIMILARITY_THRESHOLD,
  // Calibrated on 50 places across the country (docs/decisions.md, "Defaults, calibrated on
  // fifty places"): offline drafts stating two facts score 13-27 %, drafts without facts 4-9 %
  // (their geography counted once per kind), a model's pages of ZIP lists 0 %. Two kinds of
  // geography on a page of about fifty statements pass, as does one fact; a page naming
  // nothing of its place does not.
  minLocalShare: 0.03,
  // Offline drafts run 680-800 words; a page under 300 is thin whatever it says.
  minWords: 300,
} as const;

/** How much a statement carrying a first-hand fact weighs against one kind of geography. */
export const FACT_WEIGHT = 3;

export const ZQualityGate = z.object({
  enabled: z.boolean(),
  maxSimilarity: z.number(),
  minLocalShare: z.number(),
  minWords: z.number().int(),
});
export type TQualityGate = z.infer<typeof ZQualityGate>;

/**
 * The gate as one project applies it: its thresholds, and the names of the first-hand facts
 * its places have (most of its sheet's fact columns, in the sheet's order; empty when it has
 * none, and then no page is held for want of proof).
 */
export const ZProjectGate = ZQualityGate.extend({ factNames: z.array(z.string()) });
export type TProjectGate = z.infer<typeof ZProjectGate>;

/** A settings write: null puts a threshold back on its default. */
export const ZUpdateQualityGate = z.strictObject({
  enabled: z.boolean().optional(),
  maxSimilarity: z.number().min(0.05).max(1).nullable().optional(),
  minLocalShare: z.number().min(0).max(1).nullable().optional(),
  minWords: z.number().int().min(0).max(5000).nullable().optional(),
});

/**
 * What a page's scoring measured; null before it was scored. `factsStated` (statements of the
 * place's facts found on the page) and `stuffing` (sentences that only list places) came later:
 * a page scored before them reads as 0 until it is scored again.
 */
export type TPageQualityMetrics = {
  similarity: number | null;
  localShare: number | null;
  wordCount: number | null;
  factsStated?: number | null;
  stuffing?: number | null;
};

export const QUALITY_REASONS = ['similar', 'local', 'short', 'stuffing', 'proof'] as const;
export type TQualityReason = (typeof QUALITY_REASONS)[number];

export const QUALITY_VERDICTS = ['pending', 'passes', 'held', 'approved'] as const;
export type TQualityVerdict = (typeof QUALITY_VERDICTS)[number];

/**
 * The gate's verdict on a written page: `pending` until scored, `held` with the reasons it
 * falls below the gate, `approved` when held but published by the owner's hand. The server's
 * SQL form of the same rule (for counts and builds) is tested against this one. Without
 * `factNames` (a gate read from settings), the project is taken to have no facts.
 */
export function qualityVerdict(
  metrics: TPageQualityMetrics & { approved: boolean },
  gate: TQualityGate & { factNames?: readonly string[] },
): { verdict: TQualityVerdict; reasons: TQualityReason[] } {
  if (!gate.enabled) return { verdict: 'passes', reasons: [] };
  const { similarity, localShare, wordCount } = metrics;
  if (similarity === null || localShare === null || wordCount === null)
    return { verdict: 'pending', reasons: [] };
  const reasons: TQualityReason[] = [];
  if (similarity > gate.maxSimilarity) reasons.push('similar');
  if (localShare < gate.minLocalShare) reasons.push('local');
  if (wordCount < gate.minWords) reasons.push('short');
  if ((metrics.stuffing ?? 0) > 0) reasons.push('stuffing');
  if (gate.factNames?.length && (metrics.factsStated ?? 0) === 0) reasons.push('proof');
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
