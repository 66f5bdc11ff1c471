import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sheetsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { SheetLinkService } from './sheet-link.service.ts';

/** A project's linked sheet: the link, syncs now, its runs and a stopped run's confirmation. */
export const sheetLinkRoutes: FastifyPluginAsyncZod<{
  sheetLinkService: SheetLinkService;
}> = async (app, { sheetLinkService: svc }) => {
  const docs = { schema: { tags: ['locations'] } };
  // A sync reads a file from the network and parses it: a few a minute per user is plenty.
  const limited = {
    ...docs,
    config: {
      rateLimit: {
        max: 30,
        timeWindow: '1 minute',
        keyGenerator: (r: FastifyRequest) => r.user?.id ?? r.ip,
      },
    },
  };
  app.addHook('onRequest', app.requireUser);

  route(app, sheetsApi.getLink, docs, async (request) =>
    svc.get(currentUser(request), request.params.id),
  );
  route(app, sheetsApi.putLink, docs, async (request) =>
    svc.put(currentUser(request), request.params.id, request.body),
  );
  route(app, sheetsApi.deleteLink, docs, async (request) =>
    svc.remove(currentUser(request), request.params.id),
  );
  route(app, sheetsApi.sync, limited, async (request) =>
    svc.syncNow(currentUser(request), request.params.id),
  );
  route(app, sheetsApi.runs, docs, async (request) =>
    svc.runs(currentUser(request), request.params.id),
  );
  route(app, sheetsApi.confirmRun, limited, async (request) =>
    svc.confirm(currentUser(request), request.params.id, request.params.runId),
  );
};
