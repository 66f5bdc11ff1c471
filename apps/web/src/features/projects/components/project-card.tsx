import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, Globe, Pencil, RotateCcw, Settings, Trash2 } from 'lucide-react';
import type { TProject } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { NewTabLinks } from '../../../components/ui/new-tab-link';
import { usageCostTotal } from '../../../lib/cost';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDeploy } from '../../deploys/actions';
import { useRetry } from '../actions';
import { hostingLink, withProtocol } from '../../deploys/deployment';
import type { GuideStep } from '../../deploys/deployment';
import {
  cardActionsLocked,
  cardBadgeVariant,
  cardCanRetry,
  cityPagesText,
  statusLabel,
  usageTotals,
} from '../project-rules';
import { DeleteProjectDialog } from './delete-project-dialog';
import { GatedDeployButton } from '../../deploys/components/gated-deploy-button';
import { DeployStatus } from '../../deploys/components/deploy-status';
import { DeploymentGuide } from '../../domains/components/deployment-guide';
import { DeploymentProgress } from '../../deploys/components/deployment-progress';
import { ReleaseStatus } from '../../releases/components/release-status';

function UsageSummary({ project }: { project: TProject }) {
  const t = usageTotals(project.usage);
  const rows = [
    ['Prompt', formatNumber(t.promptTokens)],
    ['Completion', formatNumber(t.completionTokens)],
    ['Total', formatNumber(t.totalTokens)],
    ['Cost', usageCostTotal(project.usage)],
  ] as const;
  return (
    <div className="rounded-lg bg-zinc-50 px-3 py-2" data-testid="usage-summary">
      <p className="text-2xs font-medium tracking-wide text-zinc-500 uppercase">
        AI usage (tokens, USD)
      </p>
      <dl className="mt-1 grid grid-cols-4 gap-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-2xs text-zinc-500">{label}</dt>
            <dd className="text-xs font-semibold text-zinc-800 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One project on the list. */
export function ProjectCard({ project, showUsage }: { project: TProject; showUsage: boolean }) {
  const [guideStep, setGuideStep] = useState<GuideStep | 'auto' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { deploy, busy: deploying } = useDeploy(project);
  const { retry, busy: retrying } = useRetry(project.id);
  const locked = cardActionsLocked(project.status);

  return (
    <article
      aria-labelledby={`project-${project.id}-name`}
      data-testid="project-card"
      className="flex flex-col rounded-xl border border-zinc-200 bg-white shadow-card transition-shadow hover:shadow-md"
    >
      <div className="space-y-4 p-5">
        <CardHeading project={project} />
        {cardCanRetry(project.status) ? (
          <Button
            size="sm"
            variant="outline"
            className="w-full border-red-200 text-red-700 hover:bg-red-50"
            loading={retrying}
            icon={<RotateCcw className="size-3.5" aria-hidden="true" />}
            onClick={retry}
          >
            Retry
          </Button>
        ) : null}
        <DeploymentProgress project={project} locked={locked} onOpenStep={setGuideStep} />
        <DeployStatus project={project} />
        <ReleaseStatus project={project} locked={locked} />
        {showUsage ? <UsageSummary project={project} /> : null}
      </div>
      <div className="mt-auto space-y-2 border-t border-zinc-100 bg-zinc-50/60 px-5 py-3">
        <div className="grid grid-cols-1 gap-2 2xl:grid-cols-2">
          <Button
            size="sm"
            variant="outline"
            disabled={locked}
            icon={<Globe className="size-3.5" aria-hidden="true" />}
            onClick={() => setGuideStep('auto')}
          >
            Deploy to Domain
          </Button>
          <GatedDeployButton
            size="sm"
            held={project.heldBackCities}
            hasLink={!!hostingLink(project)}
            busy={deploying}
            disabled={locked}
            onDeploy={() => void deploy()}
          />
        </div>
        <CardLinks project={project} locked={locked} onDelete={() => setDeleting(true)} />
      </div>
      {guideStep !== null ? (
        <DeploymentGuide
          project={project}
          flow="card"
          locked={locked}
          initialStep={guideStep === 'auto' ? undefined : guideStep}
          onClose={() => setGuideStep(null)}
        />
      ) : null}
      <DeleteProjectDialog project={project} open={deleting} onOpenChange={setDeleting} />
    </article>
  );
}

/** The project's name (to its detail), status, creation date, pages and domain. */
function CardHeading({ project }: { project: TProject }) {
  const id = encodeURIComponent(project.id);
  const cities = cityPagesText(project.totalCityPages);
  const domain = project.clientDomain?.trim();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h3 id={`project-${project.id}-name`} className="min-w-0 text-base font-semibold">
          <Link
            to={`/project/${id}/detail`}
            className="rounded break-words text-zinc-950 hover:text-brand-700 hover:underline"
          >
            {project.name}
          </Link>
        </h3>
        <Badge variant={cardBadgeVariant(project.status)} className="shrink-0">
          {statusLabel(project.status)}
        </Badge>
      </div>
      <div className="space-y-1 text-xs text-zinc-500">
        <p>
          Created {formatDate(project.createdAt)}
          {cities ? <span className="text-zinc-700"> · {cities}</span> : null}
        </p>
        {domain ? (
          <a
            href={withProtocol(domain)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1 truncate rounded font-medium text-brand-700 hover:underline"
          >
            <Globe className="size-3.5 shrink-0" aria-hidden="true" /> {domain}
          </a>
        ) : null}
      </div>
    </>
  );
}

/** View, Edit and Settings (each in a new tab) and Delete. */
function CardLinks({
  project,
  locked,
  onDelete,
}: {
  project: TProject;
  locked: boolean;
  onDelete: () => void;
}) {
  const id = encodeURIComponent(project.id);
  return (
    <div className="flex items-center gap-1">
      <NewTabLinks
        disabled={locked}
        links={[
          { href: `/project/${id}/homepage`, label: 'View', icon: Eye },
          { href: `/projects/${id}/edit`, label: 'Edit', icon: Pencil },
          { href: `/projects/${id}/settings`, label: 'Settings', icon: Settings },
        ]}
      />
      <Button
        size="icon"
        variant="ghost"
        aria-label="Delete"
        title="Delete project"
        className="ml-auto text-red-600 hover:bg-red-50 hover:text-red-700"
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        onClick={onDelete}
      />
    </div>
  );
}
