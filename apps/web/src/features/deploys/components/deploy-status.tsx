import type { TProject } from '@cityforge/shared';
import { useDeployProgress } from '../api/get-deployment';
import { DeployRunning } from './deploy-running';
import { LastDeploy } from './last-deploy';

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
  if (view) return <DeployRunning projectId={project.id} view={view} className={className} />;
  if (!deployment) return null;
  return <LastDeploy deployment={deployment} className={className} />;
}
