import { useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronRight, Eye, Sparkles } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TLeanCity, TLeanProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { NewTabLink } from '../../../../components/ui/new-tab-link';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { cn } from '../../../../lib/cn';
import { useRefreshOpenCounties } from '../../api/get-county-cities';
import { useRegenerateSimilar } from '../../api/regenerate-similar';
import type { RegenerationOptions } from '../../api/regeneration-query';
import { useRetryCity } from '../../api/retry-city';
import { countLabel, locationPreviewLinks } from '../../structure';
import { CountyCities, type CityActions } from './county-cities';
import { CityFactsDialog, type FactsTarget } from './city-facts-dialog';
import { DeleteItemDialog } from './delete-item-dialog';
import { LocalProof } from './local-proof';
import { CityRewriteAction } from '../../../../components/regeneration/city-rewrite-action';
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

/** Requeues every completed city page flagged as too similar to a sibling, priced beforehand. */
function RegenerateSimilarButton({
  projectId,
  count,
  model,
}: {
  projectId: string;
  count: number;
  model: string;
}) {
  const regenerate = useRegenerateSimilar(projectId);
  async function run(replaceEdits: boolean) {
    try {
      const { count } = await regenerate.mutateAsync({ replaceEdits });
      // Another tab (or a finished regeneration) may have cleared the flags meanwhile.
      if (count === 0) toast.info(MSG.noSimilarPages, { message: '' });
      else toast.success(MSG.similarRegenerating, { message: '' });
    } catch (error) {
      toast.error(MSG.regenerateSimilarFailed, { message: errorMessage(error, '') });
    }
  }
  const pages = `${count} similar ${count === 1 ? 'page' : 'pages'}`;
  return (
    <span className="flex flex-col items-end gap-1">
      <CityRewriteAction
        label={`Regenerate ${pages}`}
        icon={<Sparkles className="size-3.5" aria-hidden="true" />}
        variant="outline"
        busy={regenerate.isPending}
        onRun={(replaceEdits) => void run(replaceEdits)}
        model={model}
        projectId={projectId}
        parts={[{ kind: 'city', pages: count }]}
        what={pages}
      />
    </span>
  );
}

/**
 * City pages as a state › county › city tree with counts and the 'Queued: N' indicator. A big
 * project's counties come with their counts only; their cities load when one is opened.
 */
export function CityTree({ project }: { project: TLeanProjectDetail }) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [factsOf, setFactsOf] = useState<FactsTarget | null>(null);
  const retry = useRetryCity(project.id);
  const previews = locationPreviewLinks(project.id);
  useRefreshOpenCounties(project);

  async function retryCity(city: TLeanCity, opts: RegenerationOptions) {
    try {
      await retry.mutateAsync({ cityId: city.id, ...opts });
      toast.success(MSG.cityRetryInitiated, { message: '' });
    } catch (error) {
      toast.error(MSG.retryCityFailed, { message: errorMessage(error, '') });
    }
  }
  const actions: CityActions = {
    retrying: retry.isPending ? (retry.variables?.cityId ?? null) : null,
    onRetry: (city, opts) => void retryCity(city, opts),
    onDelete: (city) => setTarget({ kind: 'city', id: city.id, name: city.name }),
    onFacts: (city) => setFactsOf({ id: city.id, name: city.name }),
    gate: project.qualityGate,
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
              <RegenerateSimilarButton
                projectId={project.id}
                count={project.similarCities}
                model={project.model}
              />
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
            {project.qualityGate.enabled ? (
              <Badge variant={project.heldBackCities > 0 ? 'warning' : 'success'}>
                <span data-testid="held-back-cities">
                  Held back: {project.heldBackCities.toLocaleString('en-US')}
                </span>
              </Badge>
            ) : null}
          </>
        }
      />
      <CardBody>
        {project.states.length === 0 ? (
          <p className="text-sm text-zinc-500">
            No city pages yet. Use Create City Pages to upload a list of locations.
          </p>
        ) : (
          <>
            <LocalProof project={project} />
            <ul className="mt-4 space-y-1" aria-label="States">
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
                        meta={
                          countLabel(county.cityCount, 'city', 'cities') +
                          (county.heldCount ? ` · ${county.heldCount} held back` : '')
                        }
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
          </>
        )}
      </CardBody>
      <DeleteItemDialog projectId={project.id} target={target} onClose={() => setTarget(null)} />
      <CityFactsDialog projectId={project.id} city={factsOf} onClose={() => setFactsOf(null)} />
    </Card>
  );
}
