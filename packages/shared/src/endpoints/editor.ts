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
  savePage: defineEndpoint({
    method: 'POST',
    path: '/project/:id/save/:pageId/',
    params: ZPageParams,
    body: ZSavePage,
    responses: { 200: ZSuccessMessage },
  }),
  saveCity: defineEndpoint({
    method: 'POST',
    path: '/project/:id/city/:cityId/save/',
    params: ZCityParams,
    body: ZSavePage,
    responses: { 200: ZSuccessMessage },
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
    method: 'GET',
    path: '/api/projects/:id/page/:pageId/proposal/',
    params: ZPageParams,
    responses: { 200: ZProposal },
  }),
  cityProposal: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/city/:cityId/proposal/',
    params: ZCityParams,
    /** With a service (its slug), the city's page for that service. */
    query: ZServiceQuery,
    responses: { 200: ZProposal },
  }),
  pickPageProposal: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/page/:pageId/proposal/:versionId/',
    params: ZPageParams.extend({ versionId: ZId('version') }),
    body: ZPickProposal,
    responses: { 200: ZPickAnswer },
  }),
  pickCityProposal: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/city/:cityId/proposal/:versionId/',
    params: ZCityParams.extend({ versionId: ZId('version') }),
    query: ZServiceQuery,
    body: ZPickProposal,
    responses: { 200: ZPickAnswer },
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
