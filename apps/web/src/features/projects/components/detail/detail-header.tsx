import { useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowLeft,
  CalendarDays,
  Download,
  Eye,
  FileCode2,
  Globe,
  MapPinned,
  RotateCcw,
  Rocket,
  Server,
  Settings,
} from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { RunEstimate } from '../../../../components/estimate/run-estimate';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ExternalLink, NewTabLink } from '../../../../components/ui/new-tab-link';
import { Spinner } from '../../../../components/ui/spinner';
import { formatDate } from '../../../../lib/format';
import { useDeploy, useSiteDownload } from '../../../deploys/actions';
import { useRetry } from '../../actions';
import { hostingLink, hostOf, sitemapUrl, withProtocol } from '../../../deploys/deployment';
import { detailBadgeVariant, detailShowsRetry, statusLabel } from '../../project-rules';
import { GatedDeployButton } from '../../../deploys/components/gated-deploy-button';
import { retryParts } from '../../retry-estimate';
import { DeploymentGuide } from '../../../domains/components/deployment-guide';
import { CityPagesDialog } from './city-pages-dialog';
import { ReplaceEditsTick } from '../../../../components/regeneration/replace-edits-tick';

const metaClass = 'inline-flex min-w-0 items-center gap-1.5 text-sm text-zinc-600';

/** Header area and action buttons; every button waits while the project is In progress. */
export function DetailHeader({ project }: { project: TLeanProjectDetail }) {
  const [guideOpen, setGuideOpen] = useState(false);
  const [citiesOpen, setCitiesOpen] = useState(false);
  const { deploy, busy: deploying } = useDeploy(project);
  const { retry, busy: retrying, replaceEdits, setReplaceEdits } = useRetry(project.id);
  const { download, busy: downloading } = useSiteDownload(project.id);
  const busy = isInProgress(project.status);
  const retryRun = retryParts(project);
  const link = hostingLink(project);
  const sitemap = sitemapUrl(project);
  const domain = project.clientDomain?.trim();
  const id = encodeURIComponent(project.id);

  return (
    <header className="space-y-4">
      <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
      </Link>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold break-words sm:text-3xl">{project.name}</h1>
            <Badge
              variant={detailBadgeVariant(project.status)}
              icon={busy ? <Spinner size="sm" decorative className="size-3" /> : undefined}
            >
              {statusLabel(project.status)}
            </Badge>
          </div>
          <div className="flex flex-wrap gap-x-5 gap-y-1.5">
            <span className={metaClass}>
              <CalendarDays className="size-4 text-zinc-400" aria-hidden="true" />
              Created {formatDate(project.createdAt)}
            </span>
            <span className={metaClass}>
              <Server className="size-4 text-zinc-400" aria-hidden="true" />
              {link ? (
                <ExternalLink href={withProtocol(link)}>{hostOf(link)}</ExternalLink>
              ) : (
                MSG.notDeployed
              )}
            </span>
            {sitemap ? (
              <span className={metaClass}>
                <FileCode2 className="size-4 text-zinc-400" aria-hidden="true" />
                <ExternalLink href={sitemap}>Sitemap</ExternalLink>
              </span>
            ) : null}
            {domain ? (
              <span className={metaClass}>
                <Globe className="size-4 text-zinc-400" aria-hidden="true" />
                <ExternalLink href={withProtocol(domain)}>{domain}</ExternalLink>
              </span>
            ) : null}
          </div>
        </div>
        <div
          className="flex flex-wrap gap-2 lg:max-w-xl lg:justify-end"
          role="group"
          aria-label="Project actions"
        >
          <Button
            variant="outline"
            disabled={busy}
            icon={<MapPinned className="size-4" aria-hidden="true" />}
            onClick={() => setCitiesOpen(true)}
          >
            Create City Pages
          </Button>
          <NewTabLink
            href={`/project/${id}/homepage`}
            size="md"
            disabled={busy}
            icon={<Eye className="size-4" aria-hidden="true" />}
          >
            Preview Site
          </NewTabLink>
          <NewTabLink
            href={`/projects/${id}/settings`}
            size="md"
            disabled={busy}
            icon={<Settings className="size-4" aria-hidden="true" />}
          >
            Settings
          </NewTabLink>
          <Button
            variant="outline"
            disabled={busy}
            icon={<Rocket className="size-4" aria-hidden="true" />}
            onClick={() => setGuideOpen(true)}
          >
            Deploy to Domain
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            loading={downloading}
            data-testid="download-site"
            icon={<Download className="size-4" aria-hidden="true" />}
            onClick={download}
          >
            {downloading ? 'Downloading...' : 'Download Site'}
          </Button>
          <GatedDeployButton
            short
            held={project.heldBackCities}
            hasLink={!!link}
            busy={deploying}
            disabled={busy}
            onDeploy={() => void deploy()}
          />
          {detailShowsRetry(project.status) ? (
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
          ) : null}
          {detailShowsRetry(project.status) ? (
            <ReplaceEditsTick
              checked={replaceEdits}
              onChange={setReplaceEdits}
              disabled={busy || retrying}
            />
          ) : null}
        </div>
      </div>
      {detailShowsRetry(project.status) && !busy && retryRun.pages > 0 ? (
        <RunEstimate
          model={project.model}
          project={project.id}
          parts={retryRun.parts}
          what={`the ${retryRun.pages === 1 ? 'failed page' : `${retryRun.pages} failed pages`} Retry Project writes again`}
          className="lg:justify-end"
        />
      ) : null}
      {guideOpen ? (
        <DeploymentGuide project={project} flow="detail" onClose={() => setGuideOpen(false)} />
      ) : null}
      <CityPagesDialog
        projectId={project.id}
        metaTagsTemplate={project.metaTagsTemplate}
        open={citiesOpen}
        onOpenChange={setCitiesOpen}
      />
    </header>
  );
}
