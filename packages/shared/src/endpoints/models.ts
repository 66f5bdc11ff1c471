import { defineEndpoint } from '../endpoint.ts';
import { ZEstimate, ZEstimateQuery } from '../contracts/estimates.ts';

/** The AI models' costs; the model list itself is projectsApi.models. */
export const aiModelsApi = {
  /** What a run will cost, for the screens before a run and for agencies' own tooling. */
  estimate: defineEndpoint({
    method: 'GET',
    path: '/api/ai-models/estimate/',
    query: ZEstimateQuery,
    responses: { 200: ZEstimate },
  }),
};
