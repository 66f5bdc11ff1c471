import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROJECTS_PAGE_SIZE,
  ZCreateProject,
  ZHeaderLink,
  ZMessage,
  ZPaged,
  ZProject,
  ZProjectDetail,
  ZProjectListQuery,
  ZProjectSettings,
  ZUpdateHeaderLinks,
  ZUpdateProjectSettings,
} from '@cityforge/shared';
import { paged } from '../../lib/paging.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import type { ProjectsService } from './projects.service.ts';
import { ZProjectParams, ZPageParams, ZCityParams } from '../../lib/route-params.ts';

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const projectsRoutes: FastifyPluginAsyncZod<{ projectsService: ProjectsService }> = async (
  app,
  { projectsService: svc },
) => {
  const tags = ['projects'];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/projects/',
    { schema: { tags, querystring: ZProjectListQuery, response: { 200: ZPaged(ZProject) } } },
    async (request) => {
      const { count, results } = await svc.list(currentUser(request), request.query);
      return paged(request.url, request.query.page, PROJECTS_PAGE_SIZE, count, results);
    },
  );
  app.post(
    '/api/projects/create/',
    { schema: { tags, body: ZCreateProject, response: { 201: data(ZProject) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await svc.create(currentUser(request), request.body) }),
  );
  app.get(
    '/api/projects/:id/',
    { schema: { tags, params: ZProjectParams, response: { 200: data(ZProject) } } },
    async (request) => ({ data: await svc.get(currentUser(request), request.params.id) }),
  );
  app.get(
    '/api/projects/:id/detail/',
    { schema: { tags, params: ZProjectParams, response: { 200: data(ZProjectDetail) } } },
    async (request) => ({ data: await svc.detail(currentUser(request), request.params.id) }),
  );
  app.delete(
    '/api/projects/:id/delete/',
    { schema: { tags, params: ZProjectParams, response: { 200: ZMessage } } },
    async (request) => svc.remove(currentUser(request), request.params.id),
  );
  app.get(
    '/api/projects/:id/settings/',
    { schema: { tags, params: ZProjectParams, response: { 200: data(ZProjectSettings) } } },
    async (request) => ({ data: await svc.settings(currentUser(request), request.params.id) }),
  );
  app.post(
    '/api/projects/:id/settings/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZUpdateProjectSettings,
        response: { 200: data(ZProjectSettings).extend({ message: z.string() }) },
      },
    },
    async (request) => svc.updateSettings(currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/projects/:id/update-header-links/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZUpdateHeaderLinks,
        response: { 200: data(z.array(ZHeaderLink)) },
      },
    },
    async (request) => ({
      data: await svc.updateHeaderLinks(
        currentUser(request),
        request.params.id,
        request.body.visible_links,
      ),
    }),
  );
  app.delete(
    '/api/projects/:id/page/:pageId/',
    {
      schema: {
        tags,
        params: ZPageParams,
        response: { 200: ZMessage },
      },
    },
    async (request) =>
      svc.deletePage(currentUser(request), request.params.id, request.params.pageId),
  );
  app.delete(
    '/api/projects/:id/city/:cityId/',
    {
      schema: {
        tags,
        params: ZCityParams,
        response: { 200: ZMessage },
      },
    },
    async (request) =>
      svc.deleteCity(currentUser(request), request.params.id, request.params.cityId),
  );
};
