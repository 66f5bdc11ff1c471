import { z } from 'zod';
import { defineEndpoint, ZData } from '../endpoint.ts';
import {
  ZCityParams,
  ZCountyParams,
  ZMessage,
  ZPaged,
  ZPageParams,
  ZProjectParams,
} from '../contracts/common.ts';
import { ZLeanCity, ZLeanProjectDetail } from '../contracts/detail-tree.ts';
import { ZProjectMap } from '../contracts/project-map.ts';
import {
  ZAiModel,
  ZCreatePage,
  ZCreateProject,
  ZHeaderLink,
  ZProject,
  ZProjectDetail,
  ZProjectListQuery,
  ZProjectSettings,
  ZServicePagesPreview,
  ZServicePagesSetting,
  ZSetDomain,
  ZUpdateHeaderLinks,
  ZUpdateProjectSettings,
} from '../contracts/projects.ts';
import { ZRegenerationQuery, ZServiceQuery } from '../contracts/editor.ts';
import { ZRegenerateSimilarResult } from '../contracts/locations.ts';
import { ZRewriteChangedResult } from '../contracts/facts.ts';
import { ZAddCustomDomain, ZPublishResult, ZVerifyDomainResult } from '../contracts/publishing.ts';
import { ZSetReleasePaused } from '../contracts/releases.ts';

const ZDomainAnswer = z.object({ data: ZProject, message: z.string() });
const ZItemRetryAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.string(), status: z.string() }),
});
// A call made on a site page and on a city page alike: what it sends and answers is written
// once, its two paths apart.
const retryItem = {
  method: 'POST',
  query: ZRegenerationQuery,
  responses: { 200: ZItemRetryAnswer },
} as const;
const deleteItem = { method: 'DELETE', responses: { 200: ZMessage } } as const;

/** Projects, their pages and cities, domains and generation. */
export const projectsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/projects/',
    query: ZProjectListQuery,
    responses: { 200: ZPaged(ZProject) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/projects/create/',
    body: ZCreateProject,
    responses: { 201: ZData(ZProject) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/',
    params: ZProjectParams,
    responses: { 200: ZData(ZProject) },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/detail/',
    params: ZProjectParams,
    responses: { 200: ZData(ZProjectDetail) },
  }),
  /** The detail as the web screen reads it: counts, and cities inline up to a threshold. */
  detailLean: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/detail/lean/',
    params: ZProjectParams,
    responses: { 200: ZData(ZLeanProjectDetail) },
  }),
  /** One county's cities, as the lean detail lists them; fetched when the county is opened. */
  detailCounty: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/detail/counties/:countyId/',
    params: ZCountyParams,
    responses: { 200: ZData(z.array(ZLeanCity)) },
  }),
  /** Every city with its place and status, and the places to outline, for the map. */
  map: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/map/',
    params: ZProjectParams,
    responses: { 200: ZData(ZProjectMap) },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/projects/:id/delete/',
    params: ZProjectParams,
    responses: { 200: ZMessage },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/settings/',
    params: ZProjectParams,
    responses: { 200: ZData(ZProjectSettings) },
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/settings/',
    params: ZProjectParams,
    body: ZUpdateProjectSettings,
    responses: { 200: ZData(ZProjectSettings).extend({ message: z.string() }) },
  }),
  /** The pages a service-city pages setting would add and remove, before it is saved. */
  servicePagesPreview: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/settings/service-pages/preview/',
    params: ZProjectParams,
    body: ZServicePagesSetting,
    responses: { 200: ZData(ZServicePagesPreview) },
  }),
  updateHeaderLinks: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/update-header-links/',
    params: ZProjectParams,
    body: ZUpdateHeaderLinks,
    responses: { 200: ZData(z.array(ZHeaderLink)) },
  }),
  deletePage: defineEndpoint({
    ...deleteItem,
    path: '/api/projects/:id/page/:pageId/',
    params: ZPageParams,
  }),
  deleteCity: defineEndpoint({
    ...deleteItem,
    path: '/api/projects/:id/city/:cityId/',
    params: ZCityParams,
  }),
  /** Publish a page the quality gate holds back as it is, or withdraw that. */
  approveCity: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/city/:cityId/approval/',
    params: ZCityParams,
    body: z.strictObject({ approved: z.boolean() }),
    responses: { 200: z.object({ message: z.string(), data: ZLeanCity }) },
  }),
  models: defineEndpoint({
    method: 'GET',
    path: '/api/ai-models/',
    responses: { 200: z.array(ZAiModel) },
  }),
};

export const domainsApi = {
  set: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/domain/',
    params: ZProjectParams,
    body: ZSetDomain,
    responses: { 200: ZDomainAnswer },
  }),
  addCustom: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/add-custom-domain/',
    params: ZProjectParams,
    body: ZAddCustomDomain,
    responses: { 200: ZDomainAnswer },
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/verify-domain/',
    params: ZProjectParams,
    responses: { 200: ZVerifyDomainResult },
  }),
};

export const generationApi = {
  retryProject: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/retry/',
    params: ZProjectParams,
    query: ZRegenerationQuery,
    responses: { 200: z.object({ message: z.string(), status: z.string() }) },
  }),
  retryPage: defineEndpoint({
    ...retryItem,
    path: '/api/projects/:id/page/:pageId/retry/',
    params: ZPageParams,
  }),
  retryCity: defineEndpoint({
    ...retryItem,
    path: '/api/projects/:id/city/:cityId/retry/',
    params: ZCityParams,
  }),
  regenerateSimilar: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/cities/regenerate-similar/',
    params: ZProjectParams,
    query: ZRegenerationQuery,
    responses: { 200: ZRegenerateSimilarResult },
  }),
  /**
   * Writes again the city pages whose facts, photo or overrides changed after they were
   * written (the ones marked); hand-edited sections keep their edits unless replaceEdits.
   */
  rewriteChanged: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/cities/rewrite-changed/',
    params: ZProjectParams,
    query: ZRegenerationQuery,
    responses: { 200: ZRewriteChangedResult },
  }),
  /** The editor's Regenerate page; the new page waits beside the current one. */
  regeneratePage: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/page/:pageId/regenerate/',
    params: ZPageParams,
    responses: { 200: ZItemRetryAnswer },
  }),
  /** A city's page, or with ?service= its page for that service. */
  regenerateCity: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/city/:cityId/regenerate/',
    params: ZCityParams,
    query: ZServiceQuery,
    responses: { 200: ZItemRetryAnswer },
  }),
  createPage: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/create_page/',
    params: ZProjectParams,
    body: ZCreatePage,
    responses: {
      201: z.object({
        message: z.string(),
        data: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
      }),
    },
  }),
  /** Server-sent events (text/event-stream), read by the web's event-stream client; not in the docs. */
  events: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/events/',
    params: ZProjectParams,
    responses: {},
  }),
};

/** A staged release's one-click controls (its plan is part of the settings). */
export const releasesApi = {
  /** Pause or resume the daily batches; answers the project with its progress. */
  setPaused: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/release/paused/',
    params: ZProjectParams,
    body: ZSetReleasePaused,
    responses: { 200: z.object({ data: ZProject, message: z.string() }) },
  }),
  /**
   * Releases every written city page at once and deploys, like the Deploy button: 200 once
   * the deploy finished, 202 while it still runs. Staging stays on for pages written later.
   */
  releaseAll: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/release/all/',
    params: ZProjectParams,
    responses: { 200: ZPublishResult, 202: ZPublishResult },
  }),
};
