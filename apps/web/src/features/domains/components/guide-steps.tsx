import { CheckCircle2, ExternalLink as LinkIcon, Rocket } from 'lucide-react';
import type { TProject } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { ExternalLink } from '../../../components/ui/new-tab-link';
import { useDeploy } from '../../deploys/actions';
import { hostingLink, hostOf, withProtocol } from '../../deploys/deployment';
import { DeployButton } from '../../deploys/components/deploy-button';
import { DeployStatus } from '../../deploys/components/deploy-status';

/** Guide step 1: publish to Netlify (or redeploy). */
export function GuideDeployStep({ project, locked }: { project: TProject; locked: boolean }) {
  const link = hostingLink(project);
  const { deploy, busy } = useDeploy(project);
  return (
    <div className="space-y-4">
      <p className="text-zinc-600">
        Publish the generated site to Netlify. You get a live preview address straight away and can
        add your own domain next.
      </p>
      {link ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Live at
          <ExternalLink href={withProtocol(link)}>{hostOf(link)}</ExternalLink>
        </p>
      ) : null}
      <DeployButton hasLink={!!link} busy={busy} disabled={locked} onDeploy={deploy} />
      {/* The card or detail screen under the guide already polls this deploy. */}
      <DeployStatus project={project} poll={false} />
    </div>
  );
}

/** Guide step 4: the live domain (Verified) and the hosting address (Backup). */
export function GuideCompleteStep({ project }: { project: TProject }) {
  const link = hostingLink(project);
  const domain = project.clientDomain?.trim();
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <Rocket className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h3 className="font-semibold">Deployment Complete</h3>
          <p className="text-zinc-600">Your website is live on your own domain.</p>
        </div>
      </div>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
        {domain ? (
          <li className="flex items-center justify-between gap-3 px-4 py-3">
            <ExternalLink href={withProtocol(domain)} className="min-w-0 break-all">
              {domain} <LinkIcon className="size-3.5" aria-hidden="true" />
            </ExternalLink>
            <Badge variant="success" className="shrink-0">
              Verified
            </Badge>
          </li>
        ) : null}
        {link ? (
          <li className="flex items-center justify-between gap-3 px-4 py-3">
            <ExternalLink href={withProtocol(link)} className="min-w-0 break-all">
              {hostOf(link)} <LinkIcon className="size-3.5" aria-hidden="true" />
            </ExternalLink>
            <Badge className="shrink-0">Backup</Badge>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
