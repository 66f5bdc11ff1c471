import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZCityParams, ZId, ZPageParams, ZProjectParams } from '../contracts/common.ts';
import {
  ZEditorView,
  ZEditorViewQuery,
  ZGenerateImage,
  ZGetVersionHtml,
  ZPickAnswer,
  ZPickProposal,
  ZProjectImage,
  ZProjectImages,
  ZProposal,
  ZRegenerate,
  ZRegenerateResult,
  ZSavePage,
  ZServiceQuery,
  ZSuccessMessage,
  ZVersionHtml,
} from '../contracts/editor.ts';

// A call made on a site page and on a city page alike (the city's with `?service=`, its page
// for that service): what it sends and answers is written once, its two paths apart.
const save = { method: 'POST', body: ZSavePage, responses: { 200: ZSuccessMessage } } as const;
const proposal = { method: 'GET', responses: { 200: ZProposal } } as const;
const pickProposal = {
  method: 'POST',
  body: ZPickProposal,
  responses: { 200: ZPickAnswer },
} as const;
const version = { versionId: ZId('version') };

/** The visual editor's calls; the save and version paths have no /api prefix: the editor
 * screens call them at the paths the product defines. */
export const editorApi = {
  view: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/homepage/view/',
    params: ZProjectParams,
    query: ZEditorViewQuery,
    responses: { 200: ZEditorView },
  }),
  savePage: defineEndpoint({ ...save, path: '/project/:id/save/:pageId/', params: ZPageParams }),
  saveCity: defineEndpoint({
    ...save,
    path: '/project/:id/city/:cityId/save/',
    params: ZCityParams,
  }),
  versionHtml: defineEndpoint({
    method: 'POST',
    path: '/project/:id/get_version_html/',
    params: ZProjectParams,
    body: ZGetVersionHtml,
    responses: { 200: ZVersionHtml },
  }),
  regenerate: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/regenerate/',
    params: ZProjectParams,
    body: ZRegenerate,
    responses: { 200: ZRegenerateResult },
  }),
  /** The regenerated page waiting beside a page, section by section. */
  pageProposal: defineEndpoint({
    ...proposal,
    path: '/api/projects/:id/page/:pageId/proposal/',
    params: ZPageParams,
  }),
  cityProposal: defineEndpoint({
    ...proposal,
    path: '/api/projects/:id/city/:cityId/proposal/',
    params: ZCityParams,
    /** With a service (its slug), the city's page for that service. */
    query: ZServiceQuery,
  }),
  pickPageProposal: defineEndpoint({
    ...pickProposal,
    path: '/api/projects/:id/page/:pageId/proposal/:versionId/',
    params: ZPageParams.extend(version),
  }),
  pickCityProposal: defineEndpoint({
    ...pickProposal,
    path: '/api/projects/:id/city/:cityId/proposal/:versionId/',
    params: ZCityParams.extend(version),
    query: ZServiceQuery,
  }),
};

export const imagesApi = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/images/',
    params: ZProjectParams,
    body: ZGenerateImage,
    responses: { 201: ZProjectImage },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/images/',
    params: ZProjectParams,
    responses: { 200: ZProjectImages },
  }),
  /** The image file itself, public, loaded by plain <img> tags. */
  file: defineEndpoint({
    method: 'GET',
    path: '/images/:file',
    params: z.object({ file: z.string() }),
    responses: {},
  }),
};
