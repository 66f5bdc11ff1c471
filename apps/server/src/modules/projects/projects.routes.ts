import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECTS_PAGE_SIZE, projectsApi, releasesApi } from '@cityforge/shared';
import { paged } from '../../lib/paging.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ProjectsService } from './projects.service.ts';

export const projectsRoutes: FastifyPluginAsyncZod<{ projectsService: ProjectsService }> = async (
  app,
  { projectsService: svc },
) => {
  const docs = { schema: { tags: ['projects'] } };
  app.addHook('onRequest', app.requireUser);

  route(app, projectsApi.list, docs, async (request) => {
    const { count, results } = await svc.list(currentUser(request), request.query);
    return paged(request.url, request.query.page, PROJECTS_PAGE_SIZE, count, results);
  });
  route(app, projectsApi.create, docs, async (request, reply) =>
    reply.status(201).send({ data: await svc.create(currentUser(request), request.body) }),
  );
  route(app, projectsApi.get, docs, async (request) => ({
    data: await svc.get(currentUser(request), request.params.id),
  }));
  route(app, projectsApi.detail, docs, async (request) => ({
    data: await svc.detail(currentUser(request), request.params.id),
  }));
  route(app, projectsApi.detailLean, docs, async (request) => ({
    data: await svc.leanDetail(currentUser(request), request.params.id),
  }));
  route(app, projectsApi.detailCounty, docs, async (request) => ({
    data: await svc.countyCities(currentUser(request), request.params.id, request.params.countyId),
  }));
  route(app, projectsApi.remove, docs, async (request) =>
    svc.remove(currentUser(request), request.params.id),
  );
  route(app, projectsApi.settings, docs, async (request) => ({
    data: await svc.settings(currentUser(request), request.params.id),
  }));
  route(app, projectsApi.updateSettings, docs, async (request) =>
    svc.updateSettings(currentUser(request), request.params.id, request.body),
  );
  route(app, projectsApi.servicePagesPreview, docs, async (request) => ({
    data: await svc.servicePagesPreview(currentUser(request), request.params.id, request.body),
  }));
  route(app, releasesApi.setPaused, docs, async (request) =>
    svc.setReleasePaused(currentUser(request), request.params.id, request.body.paused),
  );
  route(app, projectsApi.updateHeaderLinks, docs, async (request) => ({
    data: await svc.updateHeaderLinks(
      currentUser(request),
      request.params.id,
      request.body.visible_links,
    ),
  }));
  route(app, projectsApi.deletePage, docs, async (request) =>
    svc.deletePage(currentUser(request), request.params.id, request.params.pageId),
  );
  route(app, projectsApi.deleteCity, docs, async (request) =>
    svc.deleteCity(currentUser(request), request.params.id, request.params.cityId),
  );
  route(app, projectsApi.approveCity, docs, async (request) =>
    svc.approveCity(
      currentUser(request),
      request.params.id,
      request.params.cityId,
      request.body.approved,
    ),
  );
};
