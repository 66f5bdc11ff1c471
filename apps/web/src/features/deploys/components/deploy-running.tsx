import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { DeployView } from '../deploy-status';

/** A Netlify deploy as it runs: its state in words, the files uploaded, and a bar. */
export function DeployRunning({
  projectId,
  view,
  className,
}: {
  projectId: string;
  view: DeployView;
  className?: string;
}) {
  const labelId = `deploy-state-${projectId}`;
  return (
    <section
      aria-labelledby={labelId}
      data-testid="deploy-progress"
      data-state={view.state}
      className={cn('space-y-1.5 rounded-lg border border-brand-100 bg-brand-50/60 p-3', className)}
    >
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="inline-flex items-center gap-1.5 font-medium text-brand-800">
          <Spinner size="sm" decorative className="size-3.5" />
          <span id={labelId} role="status">
            <span className="font-normal text-brand-700">Netlify deploy: </span>
            {view.label}
          </span>
        </span>
        <span className="font-semibold text-brand-900 tabular-nums">{view.percent}%</span>
      </div>
      <ProgressBar
        percent={view.percent}
        aria-labelledby={labelId}
        aria-valuetext={view.detail ? `${view.label}, ${view.detail}` : view.label}
        className="h-1.5 bg-white"
        fill="moving"
      />
      {view.detail ? (
        <p className="text-2xs text-brand-800 tabular-nums" data-testid="deploy-files">
          {view.detail}
        </p>
      ) : null}
    </section>
  );
}
