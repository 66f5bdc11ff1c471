import { Download, Eye, MapPinned, Rocket, Settings } from 'lucide-react';
import { isInProgress } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { NewTabLinks } from '../../../../components/ui/new-tab-link';
import { useDeploy, useSiteDownload } from '../../../deploys/actions';
import { hostingLink } from '../../../deploys/deployment';
import { GatedDeployButton } from '../../../deploys/components/gated-deploy-button';
import { RetryProjectActions } from './retry-project';

/** The detail screen's action buttons; every one waits while the project is In progress. */
export function DetailActions({
  project,
  onCreateCities,
  onDeployToDomain,
}: {
  project: TLeanProjectDetail;
  onCreateCities: () => void;
  onDeployToDomain: () => void;
}) {
  const { deploy, busy: deploying } = useDeploy(project);
  const { download, busy: downloading } = useSiteDownload(project.id);
  const busy = isInProgress(project.status);
  const id = encodeURIComponent(project.id);
  return (
    <div
      className="flex flex-wrap gap-2 lg:max-w-xl lg:justify-end"
      role="group"
      aria-label="Project actions"
    >
      <Button
        variant="outline"
        disabled={busy}
        icon={<MapPinned className="size-4" aria-hidden="true" />}
        onClick={onCreateCities}
      >
        Create City Pages
      </Button>
      <NewTabLinks
        variant="outline"
        size="md"
        iconClassName="size-4"
        disabled={busy}
        links={[
          { href: `/project/${id}/homepage`, label: 'Preview Site', icon: Eye },
          { href: `/projects/${id}/settings`, label: 'Settings', icon: Settings },
        ]}
      />
      <Button
        variant="outline"
        disabled={busy}
        icon={<Rocket className="size-4" aria-hidden="true" />}
        onClick={onDeployToDomain}
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
        hasLink={!!hostingLink(project)}
        busy={deploying}
        disabled={busy}
        onDeploy={() => void deploy()}
      />
      <RetryProjectActions project={project} />
    </div>
  );
}
