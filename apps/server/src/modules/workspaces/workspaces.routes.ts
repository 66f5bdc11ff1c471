import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, workspacesApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { WorkspaceKeysService } from './workspace-keys.service.ts';
import type { WorkspacesService } from './workspaces.service.ts';

export const workspacesRoutes: FastifyPluginAsyncZod<{
  workspacesService: WorkspacesService;
  keysService: WorkspaceKeysService;
}> = async (app, { workspacesService: svc, keysService: keys }) => {
  const docs = { schema: { tags: ['workspaces'] } };
  app.addHook('onRequest', app.requireUser);

  route(app, workspacesApi.list, docs, async (request) => ({
    data: await svc.list(currentUser(request)),
  }));
  route(app, workspacesApi.choose, docs, async (request) =>
    svc.choose(currentUser(request), request.body.workspaceId),
  );
  route(app, workspacesApi.rename, docs, async (request) =>
    svc.rename(currentUser(request), request.params.id, request.body.name),
  );
  route(app, workspacesApi.members, docs, async (request) => ({
    data: await svc.members(currentUser(request), request.params.id),
  }));
  route(app, workspacesApi.changeRole, docs, async (request) =>
    svc.changeRole(
      currentUser(request),
      request.params.id,
      request.params.userId,
      request.body.role,
    ),
  );
  route(app, workspacesApi.removeMember, docs, async (request) =>
    svc.removeMember(currentUser(request), request.params.id, request.params.userId),
  );
  route(app, workspacesApi.keys, docs, async (request) => ({
    data: await keys.get(currentUser(request), request.params.id),
  }));
  route(app, workspacesApi.updateKeys, docs, async (request) => ({
    data: await keys.update(currentUser(request), request.params.id, request.body),
    message: MSG.workspaceKeysSaved,
  }));
};
