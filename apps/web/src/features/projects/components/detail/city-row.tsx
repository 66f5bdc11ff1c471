import { Copy } from 'lucide-react';
import type { TLeanCity, TProjectGate } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Spinner } from '../../../../components/ui/spinner';
import { cityLinks, heldReason, itemState, similarityText, zipsText } from '../../structure';
import type { RegenerationOptions } from '../../api/regeneration-query';
import { CityQuality } from './city-quality';
import { FactsButton, FactsChanged } from './city-facts-mark';
import { DeleteItemButton, FailureReason, PreviewEditLinks, RetryButton } from './item-actions';
import { HeldReason } from './held-reason';
import { CityServicePages } from './city-service-pages';

/**
 * One city: a spinner while pending; preview, edit and delete once Completed; the failure
 * reason, failed-at time and Retry when it failed. Once scored, how much of its text it shares
 * with the closest sibling page, and the quality gate's verdict (held back pages can be
 * approved as they are).
 */
export function CityRow({
  projectId,
  city,
  gate,
  retrying,
  onRetry,
  onDelete,
  onFacts,
}: {
  projectId: string;
  city: TLeanCity;
  gate: TProjectGate;
  retrying: boolean;
  onRetry: (opts: RegenerationOptions) => void;
  onDelete: () => void;
  onFacts: () => void;
}) {
  const state = itemState(city);
  const held = heldReason(city);
  const links = cityLinks(projectId, city.id);
  const similarity = state === 'completed' ? similarityText(city) : null;
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center" data-testid="city-row">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-900">
          {state === 'pending' && !held ? (
            <Spinner size="sm" label={`${city.name}: ${city.status}`} className="text-amber-600" />
          ) : null}
          <span data-testid="city-name">{city.name}</span>
          {city.zips.length > 0 ? (
            <span className="truncate text-xs font-normal text-zinc-500">{zipsText(city)}</span>
          ) : null}
          {similarity ? (
            <Badge
              variant={city.tooSimilar ? 'warning' : 'default'}
              className="shrink-0 font-normal"
            >
              <span data-testid="city-similarity">{similarity}</span>
            </Badge>
          ) : null}
        </p>
        {state === 'completed' ? (
          <CityQuality projectId={projectId} city={city} gate={gate} />
        ) : null}
        {city.tooSimilar && state === 'completed' ? (
          <p
            className="mt-1 flex items-center gap-1.5 text-xs text-amber-800"
            data-testid="city-too-similar"
          >
            <Copy className="size-3.5 shrink-0" aria-hidden="true" />
            Too similar to {city.similarToName ?? 'another city page'}; regenerate it to make it
            unique.
          </p>
        ) : null}
        {state === 'failed' ? (
          <FailureReason reason={city.failureReason} failedAt={city.failedAt} className="mt-1" />
        ) : null}
        {held ? <HeldReason reason={held} className="mt-1" /> : null}
        {city.factsChanged && state === 'completed' ? <FactsChanged className="mt-1" /> : null}
        {/* On a phone the actions below have no room for a fourth button. */}
        <div className="mt-1 -ml-3 sm:hidden">
          <FactsButton city={city} onClick={onFacts} />
        </div>
        {city.servicePages.length ? (
          <CityServicePages
            projectId={projectId}
            cityId={city.id}
            cityName={city.name}
            pages={city.servicePages}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1.5">
        <span className="hidden sm:contents">
          <FactsButton city={city} onClick={onFacts} />
        </span>
        {state === 'failed' ? <RetryButton retrying={retrying} onRetry={onRetry} /> : null}
        {state === 'completed' ? (
          <>
            <PreviewEditLinks links={links} />
            <DeleteItemButton name={city.name} onDelete={onDelete} />
          </>
        ) : null}
      </div>
    </li>
  );
}
