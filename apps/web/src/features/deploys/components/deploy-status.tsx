import { AlertCircle, CheckCircle2, Send, TriangleAlert } from 'lucide-react';
import type { TProject } from '@cityforge/shared';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useDeployProgress } from '../api/get-deployment';
import { lastDeployText } from '../deploy-status';

/**
 * The Netlify deploy as it runs (state in words, files uploaded, a bar), or the last deploy in
 * one line once it has finished. Polls while a deploy runs unless `poll` is off (a second view
 * of the same project on the screen, e.g. the guide over its card, reads the first one's poll).
 */
export function DeployStatus({
  project,
  poll = true,
  className,
}: {
  project: Pick<TProject, 'id' | 'deployment'>;
  poll?: boolean;
  className?: string;
}) {
  const { deployment, view } = useDeployProgress(project, poll);
  const labelId = `deploy-state-${project.id}`;

  if (view) {
    return (
      <section
        aria-labelledby={labelId}
        data-testid="deploy-progress"
        data-state={view.state}
        className={cn(
          'space-y-1.5 rounded-lg border border-brand-100 bg-brand-50/60 p-3',
          className,
        )}
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
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.percent}
          aria-valuetext={view.detail ? `${view.label}, ${view.detail}` : view.label}
          className="h-1.5 overflow-hidden rounded-full bg-white"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
            style={{ width: `${view.percent}%` }}
          />
        </div>
        {view.detail ? (
          <p className="text-2xs text-brand-800 tabular-nums" data-testid="deploy-files">
            {view.detail}
          </p>
        ) : null}
      </section>
    );
  }

  if (!deployment) return null;
  const last = lastDeployText(deployment);
  const Icon = last.failed ? AlertCircle : CheckCircle2;
  const when = deployment.finishedAt ?? deployment.startedAt;
  return (
    <section
      aria-label="Last Netlify deploy"
      data-testid="deploy-progress"
      data-state={deployment.state}
      className={cn('text-xs', className)}
    >
      <p
        data-testid="deploy-last"
        className={cn('flex gap-1.5', last.failed ? 'text-red-700' : 'text-zinc-600')}
      >
        <Icon
          className={cn('mt-px size-3.5 shrink-0', !last.failed && 'text-emerald-600')}
          aria-hidden="true"
        />
        <span className="min-w-0 break-words">
          {last.text}
          <span className="text-zinc-500">
            {' · '}
            <time dateTime={when}>{formatDateTime(when)}</time>
          </span>
        </span>
      </p>
      {deployment.note ? (
        <p data-testid="deploy-note" className="mt-1 flex gap-1.5 text-amber-800">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{deployment.note}</span>
        </p>
      ) : null}
      {deployment.indexNow ? (
        <p data-testid="deploy-indexnow" className="mt-1 flex gap-1.5 text-zinc-600">
          <Send className="mt-px size-3.5 shrink-0 text-zinc-500" aria-hidden="true" />
          <span className="min-w-0 break-words">{deployment.indexNow}</span>
        </p>
      ) : null}
    </section>
  );
}
