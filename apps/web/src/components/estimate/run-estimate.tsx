import { CircleDollarSign } from 'lucide-react';
import { useAiModels } from '../../lib/ai-models';
import { useRunEstimate, type RunPart } from '../../lib/ai-estimate';
import { estimateSentence } from '../../lib/cost';
import { cn } from '../../lib/cn';

/**
 * What a run will cost, shown before it starts: "About $0.42–$0.61 for 12 city pages with
 * Claude 3.7 Sonnet". `what` names the pages ("12 city pages", "a city page"). Says nothing
 * until a model is chosen, and nothing when the estimate cannot be had: it informs, it never
 * stands in the way of the run.
 */
export function RunEstimate({
  model,
  parts,
  what,
  project,
  className,
}: {
  model: string;
  parts: readonly RunPart[];
  what: string;
  project?: string;
  className?: string;
}) {
  const models = useAiModels();
  const { cost, pending, failed } = useRunEstimate(model, parts, project);
  if (!model || failed) return null;
  const name = models.data?.find((m) => m.id === model)?.name ?? model;
  return (
    <p
      data-testid="run-estimate"
      aria-live="polite"
      className={cn('flex items-start gap-2 text-sm text-zinc-600', className)}
    >
      <CircleDollarSign className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden="true" />
      <span>
        {cost ? estimateSentence(cost, what, name) : pending ? 'Estimating the cost…' : null}
      </span>
    </p>
  );
}
