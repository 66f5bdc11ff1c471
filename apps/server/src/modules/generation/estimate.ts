import type { TEstimate, TPageKind } from '@cityforge/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { findModel, type ModelSpec } from '../models/index.ts';
import type { PricesService } from '../models/index.ts';
import type { Access } from '../projects/index.ts';
import { PAGE_CALL_TYPES } from './page-work.ts';
import type { UsageRepo } from '../ai/index.ts';

type PerPage = { low: number; high: number; promptShare: number };

/**
 * Tokens one page of each kind takes before a project has written any with the model. Low:
 * the prompt as the page writer builds it (measured: homepage and main 520, service 565, city
 * 690 tokens with a short brief) and an answer as long as the offline writer's (homepage
 * 1,085, main 750, service 870, city 1,280). High: the page schema on top of the prompt (630
 * tokens with structured outputs) and an answer twice that long, which covers a fuller answer
 * and the odd repair call. The prompt's share is taken at the middle of the range.
 */
export const DEFAULT_PAGE_TOKENS: Readonly<Record<TPageKind, PerPage>> = {
  homepage: { low: 1_600, high: 3_400, promptShare: 0.34 },
  main: { low: 1_300, high: 2_700, promptShare: 0.43 },
  service: { low: 1_450, high: 3_000, promptShare: 0.4 },
  city: { low: 2_000, high: 3_900, promptShare: 0.34 },
  // The city's prompt plus the service and what its page says (~150 tokens more); an answer
  // as long as a city page's without its services section.
  'service-city': { low: 2_050, high: 4_000, promptShare: 0.37 },
};

const round = (n: number) => Number(n.toPrecision(6));

export type EstimateInput = {
  model: ModelSpec;
  kind: TPageKind;
  pages: number;
  /** A project whose own usage of this kind and model sets the range, when it has some. */
  projectId?: string | undefined;
};

/**
 * What a run costs before it starts: pages × tokens a page of that kind takes × the model's
 * price, as a range. The tokens come from the project's own pages when it has written some
 * with the model, else from DEFAULT_PAGE_TOKENS.
 */
export function createEstimator(deps: {
  prices: Pick<PricesService, 'priceOf'>;
  usageRepo: Pick<UsageRepo, 'pageTokens'>;
  access: Access;
}) {
  async function perPage(input: EstimateInput): Promise<{ basis: TEstimate['basis'] } & PerPage> {
    if (input.projectId) {
      const own = await deps.usageRepo.pageTokens(
        input.projectId,
        input.model.id,
        PAGE_CALL_TYPES[input.kind],
      );
      if (own)
        return {
          basis: 'project',
          low: own.low * own.overhead,
          high: own.high * own.overhead,
          promptShare: own.promptShare,
        };
    }
    return { basis: 'defaults', ...DEFAULT_PAGE_TOKENS[input.kind] };
  }

  async function estimateRun(input: EstimateInput): Promise<TEstimate> {
    const [page, price] = await Promise.all([perPage(input), deps.prices.priceOf(input.model)]);
    const tokens = {
      low: Math.round(page.low * input.pages),
      high: Math.round(page.high * input.pages),
    };
    // Prompt and completion tokens are priced apart: output costs several times input.
    const perToken = price
      ? page.promptShare * price.prompt + (1 - page.promptShare) * price.completion
      : null;
    return {
      model: input.model.id,
      kind: input.kind,
      pages: input.pages,
      basis: page.basis,
      tokens,
      usd:
        perToken === null
          ? null
          : { low: round(tokens.low * perToken), high: round(tokens.high * perToken) },
      priced: perToken !== null,
    };
  }

  return {
    estimateRun,
    /** The estimate API: any catalogue model (no key needed to ask), the caller's own project. */
    async forUser(
      user: UserRow,
      q: { model: string; kind: TPageKind; pages: number; project?: string | undefined },
    ): Promise<TEstimate> {
      const model = findModel(q.model);
      if (!model)
        throw fieldError('model', `Unknown model "${q.model}": GET /api/ai-models/ lists them.`);
      const project = q.project ? await deps.access(user, q.project, 'read') : undefined;
      return estimateRun({ model, kind: q.kind, pages: q.pages, projectId: project?.id });
    },
    /** The next page's cost alone (what a spending cap checks before writing it). */
    estimatePage: (input: Omit<EstimateInput, 'pages'>) => estimateRun({ ...input, pages: 1 }),
  };
}
export type Estimator = ReturnType<typeof createEstimator>;
