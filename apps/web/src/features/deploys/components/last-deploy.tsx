import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Send, TriangleAlert } from 'lucide-react';
import type { TDeployment } from '@cityforge/shared';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { lastDeployText } from '../deploy-status';

/** The last Netlify deploy in one line, with its note and IndexNow answer below when it has them. */
export function LastDeploy({
  deployment,
  className,
}: {
  deployment: TDeployment;
  className?: string;
}) {
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
        <DeployLine
          testId="deploy-note"
          className="text-amber-800"
          icon={<TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />}
        >
          {deployment.note}
        </DeployLine>
      ) : null}
      {deployment.indexNow ? (
        <DeployLine
          testId="deploy-indexnow"
          className="text-zinc-600"
          icon={<Send className="mt-px size-3.5 shrink-0 text-zinc-500" aria-hidden="true" />}
        >
          {deployment.indexNow}
        </DeployLine>
      ) : null}
    </section>
  );
}

function DeployLine({
  testId,
  className,
  icon,
  children,
}: {
  testId: string;
  className: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <p data-testid={testId} className={cn('mt-1 flex gap-1.5', className)}>
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}
