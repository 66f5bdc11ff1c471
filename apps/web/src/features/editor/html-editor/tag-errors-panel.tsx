import { memo, useId } from 'react';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { TagProblem } from '@cityforge/shared/html';
import { Badge } from '../../../components/ui/badge';

/**
 * The tag problems `checkTags` finds, with where they are; choosing one moves the cursor there.
 * Shown beside the tree rather than in a tab so a clean document visibly says so.
 */
export const TagErrorsPanel = memo(function TagErrorsPanel({
  problems,
  onSelect,
}: {
  problems: TagProblem[];
  onSelect: (offset: number) => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-t border-zinc-200"
    >
      <h3
        id={headingId}
        className="flex items-center gap-1.5 px-3 pt-3 pb-1.5 text-2xs font-semibold tracking-wide text-zinc-500 uppercase"
      >
        <TriangleAlert className="size-3.5" aria-hidden="true" /> Tag errors
        <Badge variant={problems.length ? 'danger' : 'success'} className="ml-auto normal-case">
          <span className="sr-only">Count: </span>
          {problems.length}
        </Badge>
      </h3>
      <div className="min-h-0 overflow-auto px-1.5 pb-2">
        {problems.length ? (
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.offset}:${problem.kind}`}>
                <button
                  type="button"
                  onClick={() => onSelect(problem.offset)}
                  className="flex w-full gap-2 rounded-md px-1.5 py-1.5 text-left hover:bg-red-50 active:bg-red-100"
                >
                  <span className="shrink-0 pt-px font-mono text-2xs font-semibold whitespace-nowrap text-red-700">
                    Line {problem.line}:{problem.column}
                  </span>
                  <span className="min-w-0 text-xs break-words text-zinc-700">
                    {problem.message}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-1.5 px-1.5 py-1 text-xs font-medium text-emerald-700">
            <CircleCheck className="size-4" aria-hidden="true" /> No tag errors
          </p>
        )}
      </div>
    </section>
  );
});
