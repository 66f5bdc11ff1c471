import { useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronRight, Eye, Sparkles } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TLeanCity, TLeanProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { NewTabLink } from '../../../../components/ui/new-tab-link';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { cn } from '../../../../lib/cn';
import { useRefreshOpenCounties } from '../../api/get-county-cities';
import { useRegenerateSimilar } from '../../api/regenerate-similar';
import { useRetryCity } from '../../api/retry-city';
import { countLabel, locationPreviewLinks } from '../../structure';
import { CountyCities, type CityActions } from './county-cities';
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

/**
 * City pages as a state › county › city tree with counts and the 'Queued: N' indicator. A big
 * project's counties come with their counts only; their cities load when one is opened.
 */
export function CityTree({ project }: { project: TLeanProjectDetail }) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const retry = useRetryCity(project.id);
  const previews = locationPreviewLinks(project.id);
  useRefreshOpenCounties(project);

  async function retryCity(city: TLeanCity) {
    try {
      await retry.mutateAsync(city.id);
      toast.success(MSG.cityRetryInitiated, { message: '' });
    } catch (error) {
      toast.error(MSG.retryCityFailed, { message: errorMessage(error, '') });
    }
  }
  const actions: CityActions = {
    retrying: retry.isPending ? (retry.variables ?? null) : null,
    onRetry: (city) => void retryCity(city),
    onDelete: (city) => setTarget({ kind: 'city', id: city.id, name: city.name }),
  };

  return (
    <Card>
      <CardHeader
        headingLevel={3}
        title="City Pages"
        description={`${countLabel(project.totalCities, 'city', 'cities')} in ${countLabel(project.states.length, 'state', 'states')}`}
        actions={
          <>
            {project.similarCities > 0 && !isInProgress(project.status) ? (
              <RegenerateSimilarButton projectId={project.id} count={project.similarCities} />
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
                meta={`${countLabel(state.counties.length, 'county', 'counties')} · ${countLabel(state.cityCount, 'city', 'cities')}`}
                previewHref={previews.state(state.id)}
                previewLabel={`Preview the ${state.name} page`}
              >
                <ul className="space-y-1 py-1">
                  {state.counties.map((county) => (
                    <Branch
                      key={county.id}
                      title={county.name}
                      meta={countLabel(county.cityCount, 'city', 'cities')}
                      previewHref={previews.county(county.id)}
                      previewLabel={`Preview the ${county.name} page`}
                    >
                      <CountyCities projectId={project.id} county={county} actions={actions} />
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
