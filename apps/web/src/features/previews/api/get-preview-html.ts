import { queryOptions } from '@tanstack/react-query';
import { MSG, previewsApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { LocationTarget } from '../location-tree';

/**
 * Which document to fetch: the homepage has its own endpoint, other pages go by page id, the
 * location pages by the id of their state, county or city.
 */
export type HtmlSource = { kind: 'homepage' } | { kind: 'page'; pageId: string } | LocationTarget;

/** The source's id (or '' for the singletons), for the cache key. */
function sourceId(source: HtmlSource): string {
  switch (source.kind) {
    case 'homepage':
    case 'states':
      return '';
    case 'page':
      return source.pageId;
    case 'counties':
      return source.stateId;
    case 'cities':
      return source.countyId;
    case 'city':
      return source.cityId;
    case 'service-city':
      return `${source.cityId}/${source.service}`;
  }
}

export const previewKeys = {
  all: ['previews'] as const,
  html: (projectId: string, source: HtmlSource) =>
    ['previews', projectId, source.kind, sourceId(source)] as const,
};

/** The server's preview endpoints, one per kind of page. */
function fetchHtml(id: string, source: HtmlSource, signal?: AbortSignal) {
  switch (source.kind) {
    case 'homepage':
      return call(previewsApi.homepage, { params: { id }, signal });
    case 'page':
      return call(previewsApi.page, { params: { id, pageId: source.pageId }, signal });
    case 'states':
      return call(previewsApi.states, { params: { id }, signal });
    case 'counties':
      return call(previewsApi.counties, { params: { id, stateId: source.stateId }, signal });
    case 'cities':
      return call(previewsApi.cities, { params: { id, countyId: source.countyId }, signal });
    case 'city':
      return call(previewsApi.zipcodes, { params: { id, cityId: source.cityId }, signal });
    case 'service-city':
      return call(previewsApi.zipcodes, {
        params: { id, cityId: source.cityId },
        query: { service: source.service },
        signal,
      });
  }
}

/**
 * GET /api/projects/{id}/homepage/, /page/{pageId}/, /states/, /counties/{stateId}/,
 * /cities/{countyId}/ or /zipcodes/{cityId}/ → {html}: the complete document. 404 when the
 * project or place is missing or not yours, 409 while the page has no content yet.
 */
export async function getPreviewHtml(
  projectId: string,
  source: HtmlSource,
  signal?: AbortSignal,
): Promise<string> {
  // The contract types the answer; a proxy's empty or HTML answer still must not reach the frame.
  const body = (await fetchHtml(projectId, source, signal)) as { html?: unknown } | null;
  if (typeof body?.html !== 'string') throw new Error(MSG.anErrorOccurred);
  return body.html;
}

/**
 * staleTime 0: opening a preview always asks for the latest saved document (it may have been
 * edited in another tab), while a cached copy shows at once.
 */
export function previewHtmlQueryOptions(projectId: string, source: HtmlSource) {
  return queryOptions({
    queryKey: previewKeys.html(projectId, source),
    queryFn: ({ signal }) => getPreviewHtml(projectId, source, signal),
    staleTime: 0,
  });
}
