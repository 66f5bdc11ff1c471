import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandingApi, MSG } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { BrandingService } from './branding.service.ts';

export const brandingRoutes: FastifyPluginAsyncZod<{ brandingService: BrandingService }> = async (
  app,
  { brandingService: svc },
) => {
  const docs = { schema: { tags: ['workspaces'] } };
  app.addHook('onRequest', app.requireUser);
  route(app, brandingApi.get, docs, async (request) => ({
    data: await svc.get(currentUser(request), request.params.id),
  }));
  route(app, brandingApi.update, docs, async (request) => ({
    data: await svc.update(currentUser(request), request.params.id, request.body),
    message: MSG.brandingSaved,
  }));
  route(app, brandingApi.notifications, docs, async (request) => ({
    data: await svc.prefs(currentUser(request), request.params.id),
  }));
  route(app, brandingApi.updateNotifications, docs, async (request) => ({
    data: await svc.setPrefs(currentUser(request), request.params.id, request.body),
    message: MSG.notificationsSaved,
  }));
};
