import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZEditorView,
  ZEditorViewQuery,
  ZGetVersionHtml,
  ZRegenerate,
  ZRegenerateResult,
  ZSavePage,
  ZSuccessMessage,
  ZVersionHtml,
} from '@cityforge/shared';
import { currentUser } from '../auth/auth.plugin.ts';
import { ZCityParams, ZPageParams, ZProjectParams } from '../../lib/route-params.ts';
import type { EditorService } from './editor.service.ts';
import type { RegenerateService } from './regenerate.service.ts';

/** A whole edited page travels in one save: more than the global JSON limit allows. */
export const SAVE_BODY_LIMIT = 4 * 1024 * 1024;

/** The visual editor's calls; the save and version paths have no /api prefix (spec part 2 §7). */
export const editorRoutes: FastifyPluginAsyncZod<{
  editorService: EditorService;
  regenerateService: RegenerateService;
}> = async (app, { editorService: svc, regenerateService }) => {
  const tags = ['editor'];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/projects/:id/homepage/view/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        querystring: ZEditorViewQuery,
        response: { 200: ZEditorView },
      },
    },
    async (request) => svc.view(currentUser(request), request.params.id, request.query),
  );
  app.post(
    '/project/:id/save/:pageId/',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { tags, params: ZPageParams, body: ZSavePage, response: { 200: ZSuccessMessage } },
    },
    async (request) =>
      svc.save(
        currentUser(request),
        request.params.id,
        { page_id: request.params.pageId },
        request.body,
      ),
  );
  app.post(
    '/project/:id/city/:cityId/save/',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { tags, params: ZCityParams, body: ZSavePage, response: { 200: ZSuccessMessage } },
    },
    async (request) =>
      svc.save(
        currentUser(request),
        request.params.id,
        { city_id: request.params.cityId },
        request.body,
      ),
  );
  app.post(
    '/project/:id/get_version_html/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZGetVersionHtml,
        response: { 200: ZVersionHtml },
      },
    },
    async (request) => svc.versionHtml(currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/projects/:id/regenerate/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZRegenerate,
        response: { 200: ZRegenerateResult },
      },
    },
    async (request) =>
      regenerateService.regenerate(currentUser(request), request.params.id, request.body),
  );
};
