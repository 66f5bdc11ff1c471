import { useQuery } from '@tanstack/react-query';
import { PROJECT_POLL_MS } from '@cityforge/shared';
import { fetchProjectDetail, projectDetailKey } from '../../../lib/project-detail';
import { findLocation } from '../location-tree';
import type { LocationPlace, LocationTarget } from '../location-tree';
import { pageReadiness } from '../site-pages';
import { previewHtmlQueryOptions } from './get-preview-html';
import { isNotGeneratedYet } from './use-site-page-preview';

/** The written page a place's preview shows: its service page's, or the city's. */
function pageOf(place: LocationPlace) {
  if (place.service) return { status: place.service.status, failedAt: null };
  return place.city ?? null;
}

/**
 * The data behind a location preview: its HTML, fetched at once by the id in the address, and
 * the project detail for names, the other pages and the slugs that links inside the page use.
 * A city page not written yet (409) is re-read every 5 s, with the detail, until it is, unless
 * its generation failed.
 */
export function useLocationPreview(projectId: string, target: LocationTarget) {
  const enabled = projectId.trim() !== '';
  const detail = useQuery({
    queryKey: projectDetailKey(projectId),
    queryFn: ({ signal }) => fetchProjectDetail(projectId, signal),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      const place = query.state.data ? findLocation(query.state.data.states, target) : null;
      const page = place ? pageOf(place) : null;
      return page && pageReadiness(page) === 'generating' ? PROJECT_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });

  const place = detail.data ? findLocation(detail.data.states, target) : null;
  const city = place?.city ?? null;
  const page = place ? pageOf(place) : null;
  const failed = page !== null && pageReadiness(page) === 'failed';

  const html = useQuery({
    ...previewHtmlQueryOptions(projectId, target),
    enabled,
    refetchInterval: (query) =>
      isNotGeneratedYet(query.state.error) && !failed ? PROJECT_POLL_MS : false,
    refetchIntervalInBackground: false,
  });

  return { detail, html, place, city, failed };
}
