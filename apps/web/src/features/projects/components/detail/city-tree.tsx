import { useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { cn } from '../../../../lib/cn';
import { useRetryCity } from '../../api/retry-city';
import { countLabel, stateCityCount } from '../../structure';
import { CityRow } from './city-row';
import { DeleteItemDialog } from './delete-item-dialog';
import type { DeleteTarget } from './delete-item-dialog';

/** A row that expands; its content is only rendered while open (thousands of cities). */
function Branch({
  title,
  meta,
  children,
}: {
  title: ReactNode;
  meta: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-50"
      >
        <ChevronRight
          className={cn('size-4 text-zinc-400 transition-transform', open && 'rotate-90')}
          aria-hidden="true"
        />
        <span className="font-medium text-zinc-900">{title}</span>
        <span className="ml-auto text-xs text-zinc-500">{meta}</span>
      </button>
      {open ? <div className="ml-4 border-l border-zinc-100 pl-3">{children}</div> : null}
    </li>
  );
}

/** City pages as a state › county › city tree with counts and the 'Queued: N' indicator. */
export function CityTree({ project }: { project: TProjectDetail }) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const retry = useRetryCity(project.id);

  async function retryCity(cityId: string) {
    try {
      await retry.mutateAsync(cityId);
      toast.success(MSG.cityRetryInitiated, { message: '' });
    } catch (error) {
      toast.error(MSG.retryCityFailed, { message: errorMessage(error, '') });
    }
  }

  return (
    <Card>
      <CardHeader
        headingLevel={3}
        title="City Pages"
        description={`${countLabel(project.totalCities, 'city', 'cities')} in ${countLabel(project.states.length, 'state', 'states')}`}
        actions={
          <Badge variant={project.queuedCities > 0 ? 'warning' : 'default'}>
            <span data-testid="queued-cities">Queued: {project.queuedCities}</span>
          </Badge>
        }
      />
      <CardBody>
        {project.states.length === 0 ? (
          <p className="text-sm text-zinc-500">
            No city pages yet. Use Create City Pages to upload a list of locations.
          </p>
        ) : (
          <ul className="space-y-1" aria-label="States">
            {project.states.map((state) => (
              <Branch
                key={state.id}
                title={`${state.name}${state.code ? ` (${state.code})` : ''}`}
                meta={`${countLabel(state.counties.length, 'county', 'counties')} · ${countLabel(stateCityCount(state), 'city', 'cities')}`}
              >
                <ul className="space-y-1 py-1">
                  {state.counties.map((county) => (
                    <Branch
                      key={county.id}
                      title={county.name}
                      meta={countLabel(county.cities.length, 'city', 'cities')}
                    >
                      <ul className="divide-y divide-zinc-100">
                        {county.cities.map((city) => (
                          <CityRow
                            key={city.id}
                            projectId={project.id}
                            city={city}
                            retrying={retry.isPending && retry.variables === city.id}
                            onRetry={() => void retryCity(city.id)}
                            onDelete={() =>
                              setTarget({ kind: 'city', id: city.id, name: city.name })
                            }
                          />
                        ))}
                      </ul>
                    </Branch>
                  ))}
                </ul>
              </Branch>
            ))}
          </ul>
        )}
      </CardBody>
      <DeleteItemDialog projectId={project.id} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
