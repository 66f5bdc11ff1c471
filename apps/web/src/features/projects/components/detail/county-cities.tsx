import type { TLeanCity, TLeanCounty, TProjectGate } from '@cityforge/shared';
import { RetryAlert } from '../../../../components/ui/alert';
import { LoadingLine } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-errors';
import { useCountyCities } from '../../api/get-county-cities';
import type { RegenerationOptions } from '../../api/regeneration-query';
import { CityRow } from './city-row';

export interface CityActions {
  /** The city whose retry is in flight. */
  retrying: string | null;
  onRetry: (city: TLeanCity, opts: RegenerationOptions) => void;
  onDelete: (city: TLeanCity) => void;
  /** Opens the city's facts panel. */
  onFacts: (city: TLeanCity) => void;
  /** The project's quality gate, for the verdicts' reasons. */
  gate: TProjectGate;
}

function CityList({
  projectId,
  cities,
  actions,
}: {
  projectId: string;
  cities: readonly TLeanCity[];
  actions: CityActions;
}) {
  return (
    <ul className="divide-y divide-zinc-100">
      {cities.map((city) => (
        <CityRow
          key={city.id}
          projectId={projectId}
          city={city}
          gate={actions.gate}
          retrying={actions.retrying === city.id}
          onRetry={(opts) => actions.onRetry(city, opts)}
          onDelete={() => actions.onDelete(city)}
          onFacts={() => actions.onFacts(city)}
        />
      ))}
    </ul>
  );
}

/** A big project's county: its cities are fetched now that it is open. */
function FetchedCities({
  projectId,
  county,
  actions,
}: {
  projectId: string;
  county: TLeanCounty;
  actions: CityActions;
}) {
  const cities = useCountyCities(projectId, county.id);
  if (cities.isPending)
    return (
      <LoadingLine className="py-2" testId="county-loading">
        Loading the cities of {county.name}…
      </LoadingLine>
    );
  if (cities.isError)
    return (
      <RetryAlert
        className="my-2"
        title="Could not load the cities"
        onRetry={() => cities.refetch()}
        retryLabel="Try Again"
      >
        {errorMessage(cities.error, '')}
      </RetryAlert>
    );
  return <CityList projectId={projectId} cities={cities.data} actions={actions} />;
}

/** An open county's cities: in the detail already for a small project, else fetched. */
export function CountyCities(props: {
  projectId: string;
  county: TLeanCounty;
  actions: CityActions;
}) {
  const { projectId, county, actions } = props;
  if (county.cities)
    return <CityList projectId={projectId} cities={county.cities} actions={actions} />;
  return <FetchedCities {...props} />;
}
