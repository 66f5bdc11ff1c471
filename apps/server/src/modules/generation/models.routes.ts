import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiModelsApi, projectsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ProjectsService } from '../projects/index.ts';
import type { Estimator } from './estimate.ts';

export const modelsRoutes: FastifyPluginAsyncZod<{
  projectsService: ProjectsService;
  estimator: Estimator;
}> = async (app, { projectsService, estimator }) => {
  route(
    app,
    projectsApi.models,
    { onRequest: app.requireUser, schema: { tags: ['projects'] } },
    async (request) => projectsService.models(currentUser(request)),
  );

  route(
    app,
    aiModelsApi.estimate,
    { onRequest: app.requireUser, schema: { tags: ['projects'] } },
    async (request) => estimator.forUser(currentUser(request), request.query),
  );
};
