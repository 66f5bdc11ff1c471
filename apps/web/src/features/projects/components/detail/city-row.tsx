import { Trash2 } from 'lucide-react';
import type { TCityNode } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { cityLinks, itemState } from '../../structure';
import { FailureReason, PreviewEditLinks, RetryButton } from './item-actions';

/**
 * One city: a spinner while pending; preview, edit and delete once Completed; the failure
 * reason, failed-at time and Retry when it failed.
 */
export function CityRow({
  projectId,
  city,
  retrying,
  onRetry,
  onDelete,
}: {
  projectId: string;
  city: TCityNode;
  retrying: boolean;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const state = itemState(city);
  const links = cityLinks(projectId, city.id);
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center" data-testid="city-row">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-900">
          {state === 'pending' ? (
            <Spinner size="sm" label={`${city.name}: ${city.status}`} className="text-amber-600" />
          ) : null}
          {city.name}
          {city.zips.length > 0 ? (
            <span className="truncate text-xs font-normal text-zinc-500">
              {city.zips.slice(0, 4).join(', ')}
              {city.zips.length > 4 ? ` +${city.zips.length - 4}` : ''}
            </span>
          ) : null}
        </p>
        {state === 'failed' ? (
          <FailureReason reason={city.failureReason} failedAt={city.failedAt} className="mt-1" />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1.5">
        {state === 'failed' ? <RetryButton retrying={retrying} onRetry={onRetry} /> : null}
        {state === 'completed' ? (
          <>
            <PreviewEditLinks links={links} />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${city.name}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              icon={<Trash2 className="size-3.5" aria-hidden="true" />}
              onClick={onDelete}
            />
          </>
        ) : null}
      </div>
    </li>
  );
}
