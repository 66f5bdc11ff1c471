import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { EditorService } from './editor.service.ts';
import type { RegenerateService } from './regenerate.service.ts';

/** A whole edited page travels in one save: more than the global JSON limit allows. */
export const SAVE_BODY_LIMIT = 4 * 1024 * 1024;

/** The visual editor's calls; the save and version paths have no /api prefix: the web app's
 * editor screens call them at the paths the product defines. */
export const editorRoutes: FastifyPluginAsyncZod<{
  editorService: EditorService;
  regenerateService: RegenerateService;
}> = async (app, { editorService: svc, regenerateService }) => {
  const docs = { schema: { tags: ['editor'] } };
  const save = { ...docs, bodyLimit: SAVE_BODY_LIMIT };
  app.addHook('onRequest', app.requireUser);

  route(app, editorApi.view, docs, async (request) =>
    svc.view(currentUser(request), request.params.id, request.query),
  );
  route(app, editorApi.savePage, save, async (request) =>
    svc.save(
      currentUser(request),
      request.params.id,
      { page_id: request.params.pageId },
      request.body,
    ),
  );
  route(app, editorApi.saveCity, save, async (request) =>
    svc.save(
      currentUser(request),
      request.params.id,
      { city_id: request.params.cityId, service: request.body.service },
      request.body,
    ),
  );
  route(app, editorApi.versionHtml, docs, async (request) =>
    svc.versionHtml(currentUser(request), request.params.id, request.body),
  );
  route(app, editorApi.regenerate, docs, async (request) =>
    regenerateService.regenerate(currentUser(request), request.params.id, request.body),
  );
};
