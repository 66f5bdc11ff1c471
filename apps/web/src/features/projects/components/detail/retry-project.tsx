import { RotateCcw } from 'lucide-react';
import { isInProgress } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { RunEstimate } from '../../../../components/estimate/run-estimate';
import { Button } from '../../../../components/ui/button';
import { ReplaceEditsTick } from '../../../../components/regeneration/replace-edits-tick';
import { useRetry } from '../../actions';
import { detailShowsRetry } from '../../project-rules';
import { retryParts } from '../../retry-estimate';

/** Retry Project and its "Replace my edits too" tick, shown while the project has failed pages. */
export function RetryProjectActions({ project }: { project: TLeanProjectDetail }) {
  const { retry, busy: retrying, replaceEdits, setReplaceEdits } = useRetry(project.id);
  const busy = isInProgress(project.status);
  if (!detailShowsRetry(project.status)) return null;
  return (
    <>
      <Button
        variant="outline"
        className="border-red-200 text-red-700 hover:bg-red-50"
        disabled={busy}
        loading={retrying}
        icon={<RotateCcw className="size-4" aria-hidden="true" />}
        onClick={retry}
      >
        Retry Project
      </Button>
      <ReplaceEditsTick
        checked={replaceEdits}
        onChange={setReplaceEdits}
        disabled={busy || retrying}
      />
    </>
  );
}

/** What Retry Project would cost: the failed pages it writes again. */
export function RetryProjectEstimate({ project }: { project: TLeanProjectDetail }) {
  const run = retryParts(project);
  const shown = detailShowsRetry(project.status) && !isInProgress(project.status) && run.pages > 0;
  if (!shown) return null;
  return (
    <RunEstimate
      model={project.model}
      project={project.id}
      parts={run.parts}
      what={`the ${run.pages === 1 ? 'failed page' : `${run.pages} failed pages`} Retry Project writes again`}
      className="lg:justify-end"
    />
  );
}
