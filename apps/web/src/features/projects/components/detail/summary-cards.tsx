import type { ReactNode } from 'react';
import { Bot, Briefcase, Globe, Rocket } from 'lucide-react';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { useAiModels } from '../../../../lib/ai-models';
import { hostingLink } from '../../../deploys/deployment';
import { DeployStatus } from '../../../deploys/components/deploy-status';

function Summary({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex items-start gap-3 p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 [&_svg]:size-4.5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</p>
        <div className="mt-1 text-sm font-semibold break-words text-zinc-900">{children}</div>
      </div>
    </Card>
  );
}

/**
 * The four summary cards: Service Type, AI Model, Domain Status, Deployment (with the running
 * deploy's progress, or the last deploy's outcome).
 */
export function SummaryCards({ project }: { project: TLeanProjectDetail }) {
  const domain = project.clientDomain?.trim();
  const link = hostingLink(project);
  const models = useAiModels();
  const modelName = models.data?.find((m) => m.id === project.model)?.name ?? project.model;
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Summary icon={<Briefcase aria-hidden="true" />} label="Service Type">
        {project.serviceType || 'N/A'}
      </Summary>
      <Summary icon={<Bot aria-hidden="true" />} label="AI Model">
        {modelName || 'N/A'}
      </Summary>
      <Summary icon={<Globe aria-hidden="true" />} label="Domain Status">
        {domain ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{domain}</span>
            <Badge variant={project.isDomainVerified ? 'success' : 'warning'}>
              {project.isDomainVerified ? 'Verified' : 'Pending verification'}
            </Badge>
          </span>
        ) : (
          'Not Set'
        )}
      </Summary>
      <Summary icon={<Rocket aria-hidden="true" />} label="Deployment">
        {project.deploymentStatus || (link ? 'Deployed' : 'Not deployed')}
        <DeployStatus project={project} className="mt-2 font-normal" />
      </Summary>
    </section>
  );
}
