import { useParams } from 'react-router';
import { MSG } from '@cityforge/shared';
import { isNotFound } from '../../../lib/api-errors';
import { useLocationPreview } from '../api/use-location-preview';
import { locationSitePath, locationTitle } from '../location-tree';
import type { LocationTarget } from '../location-tree';
import { editorPath } from '../site-links';
import { PageNotReady, PreviewNotFound } from './preview-states';
import { SitePreview } from './site-preview';

export type LocationKind = LocationTarget['kind'];

/** The route's place id (':stateId', ':countyId', ':cityId') as the target it names. */
function targetOf(kind: LocationKind, params: Record<string, string | undefined>): LocationTarget {
  switch (kind) {
    case 'states':
      return { kind };
    case 'counties':
      return { kind, stateId: params.stateId ?? '' };
    case 'cities':
      return { kind, countyId: params.countyId ?? '' };
    case 'city':
      return { kind, cityId: params.cityId ?? '' };
    case 'service-city':
      return { kind, cityId: params.cityId ?? '', service: params.service ?? '' };
  }
}

const is404 = isNotFound;

/**
 * /project/:id/states, /counties/:stateId, /cities/:countyId and /city/:cityId: the server's
 * HTML of the states index, a state, a county or a city page in the sandboxed frame. Links
 * inside lead to the matching preview; on the index pages hash links lead to the homepage.
 */
export function LocationPreview({ kind }: { kind: LocationKind }) {
  const params = useParams();
  const id = params.id ?? '';
  const target = targetOf(kind, params);
  const preview = useLocationPreview(id, target);
  const { detail, html, place, city, failed } = preview;

  if (id.trim() === '') {
    // No project to go back to or to preview: no toolbar either.
    return (
      <PreviewNotFound
        title={MSG.projectIdRequired}
        projectId=""
        description="The address names no project. Open the preview from the project's page."
      />
    );
  }

  // Unknown until the detail names the place; the states index has only one address.
  const address = place ? locationSitePath(place) : kind === 'states' ? '/states' : null;
  return (
    <SitePreview
      projectId={id}
      target={target}
      preview={preview}
      title={locationTitle(target, place)}
      subtitle={[detail.data?.name, address].filter(Boolean).join(' · ') || undefined}
      editorHref={editorPath(id, target)}
      hashToHomepage={kind !== 'city' && kind !== 'service-city'}
      instead={
        is404(html.error) || is404(detail.error) ? (
          <PreviewNotFound
            title={MSG.stateNotFound}
            projectId={is404(detail.error) ? '' : id}
            description="This location is not part of the project, or the project is not yours. It may have been deleted."
          />
        ) : null
      }
      notReady={
        <PageNotReady projectId={id} failed={failed} reason={city?.failureReason ?? null} />
      }
      onRetry={() => void html.refetch()}
    />
  );
}
