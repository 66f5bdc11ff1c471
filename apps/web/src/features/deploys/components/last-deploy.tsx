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
      {deployNotes(deployment).map(({ testId, text, NoteIcon, tone, iconTone }) =>
        text ? (
          <p key={testId} data-testid={testId} className={cn('mt-1 flex gap-1.5', tone)}>
            <NoteIcon className={cn('mt-px size-3.5 shrink-0', iconTone)} aria-hidden="true" />
            <span className="min-w-0 break-words">{text}</span>
          </p>
        ) : null,
      )}
    </section>
  );
}

/** What the deploy left to say: its note and IndexNow's answer. */
function deployNotes(deployment: TDeployment) {
  return [
    {
      testId: 'deploy-note',
      text: deployment.note,
      NoteIcon: TriangleAlert,
      tone: 'text-amber-800',
    },
    {
      testId: 'deploy-indexnow',
      text: deployment.indexNow,
      NoteIcon: Send,
      tone: 'text-zinc-600',
      iconTone: 'text-zinc-500',
    },
  ];
}
