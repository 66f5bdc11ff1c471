import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { PreviewService } from './preview.service.ts';

/** Previews answer HTML as data; the web app shows it in a sandboxed frame, never inline. */
export const previewRoutes: FastifyPluginAsyncZod<{ previewService: PreviewService }> = async (
  app,
  { previewService: svc },
) => {
  const docs = { schema: { tags: ['previews'] } };
  app.addHook('onRequest', app.requireUser);
  route(app, previewsApi.homepage, docs, async (request) =>
    svc.homepage(currentUser(request), request.params.id),
  );
  route(app, previewsApi.page, docs, async (request) =>
    svc.page(currentUser(request), request.params.id, request.params.pageId),
  );
  route(app, previewsApi.states, docs, async (request) =>
    svc.states(currentUser(request), request.params.id),
  );
  route(app, previewsApi.counties, docs, async (request) =>
    svc.counties(currentUser(request), request.params.id, request.params.stateId),
  );
  route(app, previewsApi.cities, docs, async (request) =>
    svc.cities(currentUser(request), request.params.id, request.params.countyId),
  );
  route(app, previewsApi.zipcodes, docs, async (request) =>
    svc.zipcodes(
      currentUser(request),
      request.params.id,
      request.params.cityId,
      request.query.service,
    ),
  );
};
