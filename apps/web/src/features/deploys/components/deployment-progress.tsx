import { Check, ExternalLink as LinkIcon, FileCode2, Globe } from 'lucide-react';
import type { TProject } from '@cityforge/shared';
import { cn } from '../../../lib/cn';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { deploySteps, hostingLink, progressPercent, sitemapUrl, withProtocol } from '../deployment';
import type { GuideStep } from '../deployment';

const linkClass =
  'inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 underline-offset-4 hover:underline';

/**
 * The card's deployment progress: the percentage, the three steps (each
 * opens the guide on that step when enabled) and the Netlify and Sitemap links.
 */
export function DeploymentProgress({
  project,
  locked,
  onOpenStep,
}: {
  project: TProject;
  locked: boolean;
  onOpenStep: (step: GuideStep) => void;
}) {
  const percent = progressPercent(project);
  const steps = deploySteps(project, locked);
  const link = hostingLink(project);
  const sitemap = sitemapUrl(project);
  const labelId = `deploy-progress-${project.id}`;

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-xs">
        <span id={labelId} className="font-medium text-zinc-700">
          Deployment progress
        </span>
        <span className="font-semibold text-zinc-900 tabular-nums" data-testid="deploy-percent">
          {percent}%
        </span>
      </div>
      <ProgressBar
        percent={percent}
        aria-labelledby={labelId}
        className="h-1.5 bg-zinc-100"
        fill="moving"
      />
      <ol className="grid grid-cols-3 gap-1.5">
        {steps.map((step) => (
          <li key={step.key}>
            <button
              type="button"
              disabled={!step.enabled}
              onClick={() => onOpenStep(step.number)}
              aria-label={`${step.label}${step.complete ? ' (complete)' : ''}`}
              className={cn(
                'flex h-full w-full flex-col items-center gap-1 rounded-lg border px-1.5 py-2 text-center text-2xs font-medium transition-colors',
                'disabled:cursor-not-allowed disabled:opacity-55',
                step.complete
                  ? 'border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100'
                  : 'border-zinc-200 bg-white text-zinc-600 hover:bg-zinc-50',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-5 items-center justify-center rounded-full text-2xs',
                  step.complete ? 'bg-emerald-600 text-white' : 'bg-zinc-100 text-zinc-600',
                )}
              >
                {step.complete ? <Check className="size-3" /> : step.number}
              </span>
              {step.label}
            </button>
          </li>
        ))}
      </ol>
      {link || sitemap ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {link ? (
            <a href={withProtocol(link)} target="_blank" rel="noopener" className={linkClass}>
              <Globe className="size-3.5" aria-hidden="true" /> Netlify
              <LinkIcon className="size-3" aria-hidden="true" />
            </a>
          ) : null}
          {sitemap ? (
            <a href={sitemap} target="_blank" rel="noopener" className={linkClass}>
              <FileCode2 className="size-3.5" aria-hidden="true" /> Sitemap
              <LinkIcon className="size-3" aria-hidden="true" />
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
