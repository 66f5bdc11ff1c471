import { editorApi, endpointPath, type TEditorViewQuery } from '@cityforge/shared';

/** Which editor route is open; one of the five editor routes. */
export type EditorKind = 'homepage' | 'page' | 'service' | 'city' | 'service-city';

export interface EditorTarget {
  projectId: string;
  kind: EditorKind;
  /** Main or service page slug (page and service routes). */
  slug?: string;
  /** City id (city and service-city routes). */
  cityId?: string;
  /** The service's slug (service-city route): the city's page for that service. */
  service?: string;
}

const enc = encodeURIComponent;

export function editorTarget(
  kind: EditorKind,
  params: { id?: string; slug?: string; cityId?: string; service?: string },
): EditorTarget {
  const projectId = params.id ?? '';
  if (kind === 'city') return { projectId, kind, cityId: params.cityId ?? '' };
  if (kind === 'service-city')
    return { projectId, kind, cityId: params.cityId ?? '', service: params.service ?? '' };
  if (kind === 'homepage') return { projectId, kind };
  return { projectId, kind, slug: params.slug ?? '' };
}

/**
 * The view query: nothing for the homepage; a slug is qualified with is_service_page because a
 * main page and a service page may share one.
 */
export function viewQuery(target: EditorTarget): TEditorViewQuery {
  switch (target.kind) {
    case 'homepage':
      return {};
    case 'page':
      return { slug: target.slug, is_service_page: false };
    case 'service':
      return { slug: target.slug, is_service_page: true };
    case 'city':
      return { city_id: target.cityId };
    case 'service-city':
      return { city_id: target.cityId, service: target.service };
  }
}

/** A stable cache key part for the target. */
export function targetKey(target: EditorTarget): string {
  const service = target.service ? `/${target.service}` : '';
  return `${target.kind}:${target.slug ?? target.cityId ?? ''}${service}`;
}

const onCityRoutes = (target: EditorTarget) =>
  target.kind === 'city' || target.kind === 'service-city';

/** The service query of the city routes: set only on a city's page for one service. */
export function serviceQuery(target: EditorTarget): { service?: string } {
  return target.kind === 'service-city' ? { service: target.service } : {};
}

/**
 * The save contract's params: city pages (and a city's pages for its services, named by the
 * service too) save under the city, every other page under its id.
 */
export function saveParams(target: EditorTarget, pageId: string) {
  return onCityRoutes(target)
    ? {
        kind: 'city' as const,
        params: { id: target.projectId, cityId: target.cityId ?? '' },
        query: serviceQuery(target),
      }
    : { kind: 'page' as const, params: { id: target.projectId, pageId } };
}

/** The URL a save goes to (editorApi.saveCity or editorApi.savePage). */
export function savePath(target: EditorTarget, pageId: string): string {
  const save = saveParams(target, pageId);
  const endpoint = save.kind === 'city' ? editorApi.saveCity : editorApi.savePage;
  return endpointPath(endpoint.path, save.params);
}

/**
 * The owner fields of the regenerate and version calls: city_id for cities (with the service
 * for a city's page for one service), else page_id.
 */
export function ownerFields(
  target: EditorTarget,
  pageId: string,
): { city_id: string; service?: string } | { page_id: string } {
  return onCityRoutes(target)
    ? { city_id: target.cityId ?? pageId, ...serviceQuery(target) }
    : { page_id: pageId };
}

export const KIND_LABEL: Record<'homepage' | 'main' | 'service' | 'city' | 'service-city', string> =
  {
    homepage: 'Homepage',
    main: 'Page',
    service: 'Service page',
    city: 'City page',
    'service-city': 'Service in a city',
  };

/** The preview of the page the editor has open, as the project's previews address it. */
export function previewPathOf(target: EditorTarget): string {
  const base = `/project/${enc(target.projectId)}`;
  switch (target.kind) {
    case 'homepage':
      return `${base}/homepage`;
    case 'page':
      return `${base}/page/${enc(target.slug ?? '')}`;
    case 'service':
      return `${base}/service/${enc(target.slug ?? '')}`;
    case 'city':
      return `${base}/city/${enc(target.cityId ?? '')}`;
    case 'service-city':
      return `${base}/city/${enc(target.cityId ?? '')}/service/${enc(target.service ?? '')}`;
  }
}

export function projectDetailPath(projectId: string): string {
  return `/project/${enc(projectId)}/detail`;
}
