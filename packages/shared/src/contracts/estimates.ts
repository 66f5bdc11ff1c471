import { z } from 'zod';
import { ZId } from './common.ts';

/** The kinds of page a run writes, as the estimate names them (service-city: a service in one city). */
export const PAGE_KINDS = ['homepage', 'main', 'service', 'city', 'service-city'] as const;
export type TPageKind = (typeof PAGE_KINDS)[number];

export const ESTIMATE_MAX_PAGES = 100_000;

/**
 * Service pages a new project with "Create service pages" gets: one per service its homepage
 * lists, which the homepage prompt asks for 4 to 8 of.
 */
export const NEW_PROJECT_SERVICE_PAGES = { low: 4, high: 8 } as const;

const pagesMessage = `pages must be a whole number from 1 to ${ESTIMATE_MAX_PAGES.toLocaleString('en-US')}`;

/** GET /api/ai-models/estimate/?model=…&kind=…&pages=…[&project=…] */
export const ZEstimateQuery = z.object({
  model: z
    .string({ error: 'model is required: a model id from GET /api/ai-models/' })
    .trim()
    .min(1, { error: 'model is required: a model id from GET /api/ai-models/' })
    .max(120, { error: 'model is at most 120 characters' }),
  kind: z.enum(PAGE_KINDS, { error: `kind must be one of ${PAGE_KINDS.join(', ')}` }),
  pages: z.coerce
    .number({ error: pagesMessage })
    .int({ error: pagesMessage })
    .min(1, { error: pagesMessage })
    .max(ESTIMATE_MAX_PAGES, { error: pagesMessage }),
  /** One of the caller's projects: its own usage sets the range (404 for anyone else's). */
  project: ZId('project').optional(),
});
export type TEstimateQuery = z.input<typeof ZEstimateQuery>;

const ZRange = z.object({ low: z.number(), high: z.number() });

/** What a run of `pages` pages of one kind will cost. */
export const ZEstimate = z.object({
  model: z.string(),
  kind: z.enum(PAGE_KINDS),
  pages: z.number().int(),
  /** 'project': from this project's own pages of that kind and model; else shipped defaults. */
  basis: z.enum(['project', 'defaults']),
  tokens: ZRange,
  /** Null when priced is false. The offline draft costs 0. */
  usd: ZRange.nullable(),
  /** False when no price is known for the model. */
  priced: z.boolean(),
});
export type TEstimate = z.infer<typeof ZEstimate>;
