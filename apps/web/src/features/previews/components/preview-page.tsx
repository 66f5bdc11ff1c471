import { Link, useParams } from 'react-router';
import { ArrowLeft, Eye } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { ScreenPlaceholder } from '../../../components/ui/empty-state';

export type PreviewKind =
  'homepage' | 'page' | 'service' | 'states' | 'counties' | 'cities' | 'city';

const TITLES: Record<PreviewKind, string> = {
  homepage: 'Homepage preview',
  page: 'Page preview',
  service: 'Service page preview',
  states: 'States',
  counties: 'Counties',
  cities: 'Cities',
  city: 'ZIP codes',
};

const WHAT: Record<PreviewKind, string> = {
  homepage: 'The generated homepage, exactly as visitors will see it.',
  page: 'One of the main pages of the generated site.',
  service: 'One of the service pages of the generated site.',
  states: 'The states the site covers, each linking to its counties.',
  counties: 'The counties of one state, each linking to its cities.',
  cities: 'The cities of one county, each linking to its page.',
  city: 'The ZIP codes a city page covers.',
};

/** The generated-site previews (spec part 2 "Preview screens"); one component, seven routes. */
export default function PreviewPage({ kind }: { kind: PreviewKind }) {
  const { id } = useParams();
  const back = (
    <Link
      to={`/project/${id ?? ''}/detail`}
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
      comingTitle="Site previews are coming soon"
      coming={[
        'The page renders here in a sandboxed frame, straight from the server.',
        'Links inside the site keep you in the preview; section links scroll smoothly.',
      ]}
      actions={back}
    />
  );
}
