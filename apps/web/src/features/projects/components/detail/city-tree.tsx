import { useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronRight, Eye, Sparkles } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { NewTabLink } from '../../../../components/ui/new-tab-link';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { cn } from '../../../../lib/cn';
import { useRegenerateSimilar } from '../../api/regenerate-similar';
import { useRetryCity } from '../../api/retry-city';
import {
  cityNamesById,
  countLabel,
  locationPreviewLinks,
  stateCityCount,
  tooSimilarCount,
} from '../../structure';
import { CityRow } from './city-row';
import { DeleteItemDialog } from './delete-item-dialog';
import type { DeleteTarget } from './delete-item-dialog';

/** A row that expands; its content is only rendered while open (thousands of cities). */
function Branch({
  title,
  meta,
  previewHref,
  previewLabel,
  children,
}: {
  title: ReactNode;
  meta: string;
  previewHref: string;
  previewLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-50"
        >
          <ChevronRight
            className={cn(
              'size-4 shrink-0 text-zinc-400 transition-transform',
              open && 'rotate-90',
            )}
            aria-hidden="true"
          />
          <span className="truncate font-medium text-zinc-900">{title}</span>
          <span className="ml-auto shrink-0 text-xs text-zinc-500">{meta}</span>
        </button>
        {/* Beside the toggle, not inside it: a link within a button is not reachable. */}
        <a
          href={previewHref}
          target="_blank"
          rel="noopener"
          title={previewLabel}
          aria-label={previewLabel}
          className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
        >
          <Eye className="size-4" aria-hidden="true" />
        </a>
      </div>
      {open ? <div className="ml-4 border-l border-zinc-100 pl-3">{children}</div> : null}
    </li>
  );
}

/** Requeues every completed city page flagged as too similar to a sibling. */
function RegenerateSimilarButton({ projectId, count }: { projectId: string; count: number }) {
  const regenerate = useRegenerateSimilar(projectId);
  async function run() {
    try {
      const { count } = await regenerate.mutateAsync();
      // Another tab (or a finished regeneration) may have cleared the flags meanwhile.
      if (count === 0) toast.info(MSG.noSimilarPages, { message: '' });
      else toast.success(MSG.similarRegenerating, { message: '' });
    } catch (error) {
      toast.error(MSG.regenerateSimilarFailed, { message: errorMessage(error, '') });
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      loading={regenerate.isPending}
      icon={<Sparkles className="size-3.5" aria-hidden="true" />}
      onClick={() => void run()}
    >
      Regenerate {count} similar {count === 1 ? 'page' : 'pages'}
    </Button>
  );
}

/** City pages as a state › county › city tree with counts and the 'Queued: N' indicator. */
export function CityTree({ project }: { project: TProjectDetail }) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const retry = useRetryCity(project.id);
  const names = cityNamesById(project.states);
  const similar = tooSimilarCount(project.states);
  const previews = locationPreviewLinks(project.id);

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
          <>
            {similar > 0 && !isInProgress(project.status) ? (
              <RegenerateSimilarButton projectId={project.id} count={similar} />
            ) : null}
            {project.states.length > 0 ? (
              <NewTabLink
                href={previews.states}
                variant="ghost"
                icon={<Eye className="size-3.5" aria-hidden="true" />}
              >
                States page
              </NewTabLink>
            ) : null}
            <Badge variant={project.queuedCities > 0 ? 'warning' : 'default'}>
              <span data-testid="queued-cities">Queued: {project.queuedCities}</span>
            </Badge>
          </>
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
                previewHref={previews.state(state.id)}
                previewLabel={`Preview the ${state.name} page`}
              >
                <ul className="space-y-1 py-1">
                  {state.counties.map((county) => (
                    <Branch
                      key={county.id}
                      title={county.name}
                      meta={countLabel(county.cities.length, 'city', 'cities')}
                      previewHref={previews.county(county.id)}
                      previewLabel={`Preview the ${county.name} page`}
                    >
                      <ul className="divide-y divide-zinc-100">
                        {county.cities.map((city) => (
                          <CityRow
                            key={city.id}
                            projectId={project.id}
                            city={city}
                            similarToName={
                              city.similarTo ? (names.get(city.similarTo) ?? null) : null
                            }
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
