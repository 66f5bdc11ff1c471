import { z } from 'zod';
import { ZServiceSegment } from '../contracts/editor.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  ZCityParams,
  ZId,
  ZMessage,
  ZPaged,
  ZPageParams,
  ZPageQuery,
  ZProjectParams,
} from '../contracts/common.ts';
import { ZDeployment } from '../contracts/deployments.ts';
import { ZDeleteNetlifySite, ZPublishResult, ZSiteRedirect } from '../contracts/publishing.ts';

const ZHtml = z.object({ html: z.string() });

export const publishingApi = {
  /** 200 once the deploy finished, 202 while it still runs (the deployment endpoint follows it). */
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/publish/',
    params: ZProjectParams,
    responses: { 200: ZPublishResult, 202: ZPublishResult },
  }),
  deployment: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/deployment/',
    params: ZProjectParams,
    responses: { 200: z.object({ data: ZDeployment.nullable() }) },
  }),
  /**
   * A zip file (application/zip), fetched as a download. `X-Site-Files` counts its files;
   * `X-Site-Note` (SITE_NOTE_HEADER), when present, says what it left out and why.
   */
  downloadSite: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/download-site/',
    params: ZProjectParams,
    responses: {},
  }),
  /** The site's 301s, newest first: addresses earlier deploys published that are gone now. */
  redirects: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/redirects/',
    params: ZProjectParams,
    query: ZPageQuery,
    responses: { 200: ZPaged(ZSiteRedirect) },
  }),
  deleteNetlifySite: defineEndpoint({
    method: 'DELETE',
    path: '/api/projects/:id/delete-netlify-site/',
    params: ZProjectParams,
    body: ZDeleteNetlifySite,
    responses: { 200: ZMessage },
  }),
};

/** Previews answer HTML as data; the web app shows it in a sandboxed frame, never inline. */
export const previewsApi = {
  homepage: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/homepage/',
    params: ZProjectParams,
    responses: { 200: ZHtml },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/page/:pageId/',
    params: ZPageParams,
    responses: { 200: ZHtml },
  }),
  states: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/states/',
    params: ZProjectParams,
    responses: { 200: ZHtml },
  }),
  counties: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/counties/:stateId/',
    params: ZProjectParams.extend({ stateId: ZId('state') }),
    responses: { 200: ZHtml },
  }),
  cities: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/cities/:countyId/',
    params: ZProjectParams.extend({ countyId: ZId('county') }),
    responses: { 200: ZHtml },
  }),
  zipcodes: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/zipcodes/:cityId/',
    params: ZCityParams,
    /** With a service (its slug), the city's page for that service. */
    query: z.object({ service: ZServiceSegment.optional() }),
    responses: { 200: ZHtml },
  }),
};

/** The download's header naming what a site ZIP left out (images missing from file storage). */
export const SITE_NOTE_HEADER = 'x-site-note';
