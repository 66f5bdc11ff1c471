import { useState } from 'react';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import type { TProject } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { canGoNext, deploySteps, GUIDE_STEPS, guideStartStep } from '../../deploys/deployment';
import type { GuideStep } from '../../deploys/deployment';
import { GuideDomainStep } from './guide-domain-step';
import type { GuideFlow } from './guide-domain-step';
import { GuideCompleteStep, GuideDeployStep } from './guide-steps';
import { GuideVerifyStep } from './guide-verify-step';

const TITLES: Record<GuideStep, string> = {
  1: 'Deploy to Netlify',
  2: 'Add Custom Domain',
  3: 'Verify Domain Ownership',
  4: 'Complete',
};

function StepRail({ step, done }: { step: GuideStep; done: boolean[] }) {
  return (
    <ol className="mt-4 grid grid-cols-4 gap-2" aria-label="Steps">
      {([1, 2, 3, 4] as const).map((n) => {
        const complete = done[n - 1] ?? false;
        return (
          <li
            key={n}
            aria-current={n === step ? 'step' : undefined}
            className="flex flex-col items-center gap-1.5 text-center"
          >
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
                n === step
                  ? 'bg-brand-600 text-white ring-brand-600'
                  : complete
                    ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
                    : 'bg-white text-zinc-500 ring-zinc-200',
              )}
            >
              {complete && n !== step ? <Check className="size-4" aria-hidden="true" /> : n}
            </span>
            <span
              className={cn(
                'hidden text-2xs leading-tight sm:block',
                n === step ? 'font-semibold text-zinc-900' : 'text-zinc-500',
              )}
            >
              {TITLES[n]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * "Website Deployment Guide": four steps with Previous, Next and Close Guide.
 * It opens on the step the project has reached; Next past step 3 needs a verified domain.
 */
export function DeploymentGuide({
  project,
  onClose,
  initialStep,
  flow,
  locked = false,
}: {
  project: TProject;
  onClose: () => void;
  initialStep?: GuideStep;
  flow: GuideFlow;
  locked?: boolean;
}) {
  const [step, setStep] = useState<GuideStep>(initialStep ?? guideStartStep(project));
  const steps = deploySteps(project);
  const done = [...steps.map((s) => s.complete), steps.every((s) => s.complete)];
  const nextOk = canGoNext(step, project);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Website Deployment Guide"
        size="lg"
        className="max-h-[92dvh] overflow-y-auto"
      >
        <div data-testid="deployment-guide">
          <StepRail step={step} done={done} />
          <section aria-labelledby="guide-step-title" className="mt-6">
            <h3 id="guide-step-title" className="mb-3 text-base font-semibold">
              Step {step}: {TITLES[step]}
            </h3>
            {step === 1 ? <GuideDeployStep project={project} locked={locked} /> : null}
            {step === 2 ? <GuideDomainStep project={project} flow={flow} /> : null}
            {step === 3 ? <GuideVerifyStep project={project} /> : null}
            {step === 4 ? <GuideCompleteStep project={project} /> : null}
          </section>
        </div>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-zinc-100 pt-4">
          <Button variant="ghost" onClick={onClose}>
            Close Guide
          </Button>
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={step === 1}
              icon={<ChevronLeft className="size-4" aria-hidden="true" />}
              onClick={() => setStep((s) => Math.max(1, s - 1) as GuideStep)}
            >
              Previous
            </Button>
            <Button
              disabled={!nextOk}
              onClick={() => setStep((s) => Math.min(GUIDE_STEPS, s + 1) as GuideStep)}
            >
              Next <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
