import { useParams } from 'react-router';
import { MSG } from '@cityforge/shared';
import { isNotFound } from '../../../lib/api-errors';
import { isNotGeneratedYet } from '../api/use-site-page-preview';
import { useLocationPreview } from '../api/use-location-preview';
import { locationSitePath, locationTitle } from '../location-tree';
import type { LocationTarget } from '../location-tree';
import { editorPath, previewPath } from '../site-links';
import { sitePageEntries } from '../site-pages';
import { PreviewFrame } from './preview-frame';
import { PreviewShell, usePreviewWidth } from './preview-shell';
import { FrameSkeleton, PageNotReady, PreviewError, PreviewNotFound } from './preview-states';
import { PreviewToolbar } from './preview-toolbar';
import { useSiteNavigation } from './use-site-navigation';

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
  const [width, changeWidth] = usePreviewWidth();
  const { detail, html, place, city, failed } = useLocationPreview(id, target);
  const { go, follow } = useSiteNavigation(id, {
    states: detail.data?.states,
    hashToHomepage: kind !== 'city' && kind !== 'service-city',
  });

  const title = locationTitle(target, place);
  // Unknown until the detail names the place; the states index has only one address.
  const address = place ? locationSitePath(place) : kind === 'states' ? '/states' : null;

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

  let body;
  if (is404(html.error) || is404(detail.error)) {
    body = (
      <PreviewNotFound
        title={MSG.stateNotFound}
        projectId={is404(detail.error) ? '' : id}
        description="This location is not part of the project, or the project is not yours. It may have been deleted."
      />
    );
  } else if (html.data !== undefined && !isNotGeneratedYet(html.error)) {
    body = (
      <PreviewFrame
        html={html.data}
        title={`Preview of ${title}`}
        width={width}
        onNavigate={follow}
      />
    );
  } else if (html.isError && isNotGeneratedYet(html.error)) {
    body = <PageNotReady projectId={id} failed={failed} reason={city?.failureReason ?? null} />;
  } else if (html.isError) {
    body = (
      <PreviewError
        message={html.error.message}
        onRetry={() => void html.refetch()}
        retrying={html.isFetching}
      />
    );
  } else {
    body = <FrameSkeleton />;
  }

  return (
    <PreviewShell
      toolbar={
        <PreviewToolbar
          projectId={id}
          title={title}
          subtitle={[detail.data?.name, address].filter(Boolean).join(' · ') || undefined}
          entries={detail.data ? sitePageEntries(detail.data) : []}
          statesRoute={detail.data?.states.length ? previewPath(id, { kind: 'states' }) : null}
          current={previewPath(id, target)}
          onSelect={go}
          width={width}
          onWidth={changeWidth}
          editorHref={editorPath(id, target)}
        />
      }
    >
      {body}
    </PreviewShell>
  );
}
