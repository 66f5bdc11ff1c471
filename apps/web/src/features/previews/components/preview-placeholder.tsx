import { Link, useParams } from 'react-router';
import { ArrowLeft, Eye } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { ScreenPlaceholder } from '../../../components/ui/empty-state';

/** The location previews, which arrive with a later issue. */
export type LocationPreviewKind = 'states' | 'counties' | 'cities' | 'city';

const TITLES: Record<LocationPreviewKind, string> = {
  states: 'States',
  counties: 'Counties',
  cities: 'Cities',
  city: 'ZIP codes',
};

const WHAT: Record<LocationPreviewKind, string> = {
  states: 'The states the site covers, each linking to its counties.',
  counties: 'The counties of one state, each linking to its cities.',
  cities: 'The cities of one county, each linking to its page.',
  city: 'The ZIP codes a city page covers.',
};

/** Stands in for a location preview until its screen exists. */
export function PreviewPlaceholder({ kind }: { kind: LocationPreviewKind }) {
  const { id } = useParams();
  const back = (
    <Link
      to={`/project/${encodeURIComponent(id ?? '')}/detail`}
      className={buttonClasses('link', 'sm', 'gap-1 text-sm')}
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to project
    </Link>
  );
  return (
    <ScreenPlaceholder
      title={TITLES[kind]}
      description={WHAT[kind]}
      back={back}
      icon={<Eye />}
      comingTitle="Location previews are coming soon"
      coming={[
        'The generated location pages will render here in a sandboxed frame, straight from the server.',
        'Links inside the site keep you in the preview.',
      ]}
      actions={back}
    />
  );
}
