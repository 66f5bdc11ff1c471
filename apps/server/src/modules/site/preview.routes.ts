import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/auth.plugin.ts';
import type { PreviewService } from './preview.service.ts';
import { ZCityParams, ZProjectParams, ZPageParams } from '../../lib/route-params.ts';

const ZHtml = z.object({ html: z.string() });

/** Previews answer HTML as data; the web app shows it in a sandboxed frame, never inline. */
export const previewRoutes: FastifyPluginAsyncZod<{ previewService: PreviewService }> = async (
  app,
  { previewService: svc },
) => {
  const tags = ['previews'];
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/projects/:id/homepage/',
    { schema: { tags, params: ZProjectParams, response: { 200: ZHtml } } },
    async (request) => svc.homepage(currentUser(request), request.params.id),
  );
  app.get(
    '/api/projects/:id/page/:pageId/',
    {
      schema: {
        tags,
        params: ZPageParams,
        response: { 200: ZHtml },
      },
    },
    async (request) => svc.page(currentUser(request), request.params.id, request.params.pageId),
  );
  app.get(
    '/api/projects/:id/states/',
    { schema: { tags, params: ZProjectParams, response: { 200: ZHtml } } },
    async (request) => svc.states(currentUser(request), request.params.id),
  );
  app.get(
    '/api/projects/:id/counties/:stateId/',
    {
      schema: {
        tags,
        params: ZProjectParams.extend({ stateId: z.string().max(64) }),
        response: { 200: ZHtml },
      },
    },
    async (request) =>
      svc.counties(currentUser(request), request.params.id, request.params.stateId),
  );
  app.get(
    '/api/projects/:id/cities/:countyId/',
    {
      schema: {
        tags,
        params: ZProjectParams.extend({ countyId: z.string().max(64) }),
        response: { 200: ZHtml },
      },
    },
    async (request) => svc.cities(currentUser(request), request.params.id, request.params.countyId),
  );
  app.get(
    '/api/projects/:id/zipcodes/:cityId/',
    { schema: { tags, params: ZCityParams, response: { 200: ZHtml } } },
    async (request) => svc.zipcodes(currentUser(request), request.params.id, request.params.cityId),
  );
};
