import { queryOptions, useQueries } from '@tanstack/react-query';
import { aiModelsApi, OFFLINE_MODEL_ID } from '@cityforge/shared';
import type { TEstimate, TPageKind } from '@cityforge/shared';
import { call } from './api';
import type { RunCost } from './cost';

type EstimateQuery = { model: string; kind: TPageKind; pages: number; project?: string };

/** GET /api/ai-models/estimate/ → what `pages` pages of one kind cost with a model. */
export function getEstimate(query: EstimateQuery, signal?: AbortSignal): Promise<TEstimate> {
  return call(aiModelsApi.estimate, { query, signal });
}

export function estimateQueryOptions(query: EstimateQuery) {
  return queryOptions({
    queryKey: ['ai-models', 'estimate', query],
    queryFn: ({ signal }) => getEstimate(query, signal),
    // Prices move daily at most, and a project's own usage slowly.
    staleTime: 60_000,
  });
}

/** One kind of page a run writes: how many, or a range when the run decides (service pages). */
export type RunPart = { kind: TPageKind; pages: number | { low: number; high: number } };

const ends = (pages: RunPart['pages']) =>
  typeof pages === 'number' ? { low: pages, high: pages } : pages;

/** The estimate calls a run needs: each part once, a ranged part once per end. */
function queriesOf(model: string, parts: readonly RunPart[], project?: string) {
  return parts.flatMap((part) => {
    const { low, high } = ends(part.pages);
    const q = (pages: number, end: 'low' | 'high' | 'both') => ({
      end,
      query: { model, kind: part.kind, pages, ...(project ? { project } : {}) },
    });
    return low === high ? [q(low, 'both')] : [q(low, 'low'), q(high, 'high')];
  });
}

/** Sums the parts' estimates: low ends with low ends, high with high. */
export function sumEstimates(
  model: string,
  answers: readonly { end: 'low' | 'high' | 'both'; estimate: TEstimate }[],
): RunCost {
  const cost: RunCost = {
    offline: model === OFFLINE_MODEL_ID,
    priced: answers.every((a) => a.estimate.priced),
    usd: { low: 0, high: 0 },
    tokens: { low: 0, high: 0 },
  };
  for (const { end, estimate } of answers) {
    if (end !== 'high') cost.tokens.low += estimate.tokens.low;
    if (end !== 'low') cost.tokens.high += estimate.tokens.high;
    if (cost.usd && estimate.usd) {
      if (end !== 'high') cost.usd.low += estimate.usd.low;
      if (end !== 'low') cost.usd.high += estimate.usd.high;
    } else cost.usd = null;
  }
  return cost;
}

/**
 * What a run will cost with `model`: every part estimated (from the project's own usage when
 * `project` is given) and summed. Pending until all have answered; no model, no estimate.
 */
export function useRunEstimate(model: string, parts: readonly RunPart[], project?: string) {
  const wanted = model ? queriesOf(model, parts, project) : [];
  return useQueries({
    queries: wanted.map((w) => estimateQueryOptions(w.query)),
    combine: (results) => ({
      cost:
        wanted.length > 0 && results.every((r) => r.data)
          ? sumEstimates(
              model,
              results.map((r, i) => ({ end: wanted[i]!.end, estimate: r.data! })),
            )
          : null,
      pending: results.some((r) => r.isPending),
      failed: results.some((r) => r.isError),
    }),
  });
}
