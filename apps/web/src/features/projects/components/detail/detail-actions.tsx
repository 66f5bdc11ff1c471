import { Download, Eye, MapPinned, Rocket, Settings } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
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
  // Every action has the same look, and waits while the project is In progress.
  const look = { variant: 'outline', disabled: busy } as const;
  const icon = (Icon: LucideIcon) => <Icon className="size-4" aria-hidden="true" />;
  return (
    <div
      className="flex flex-wrap gap-2 lg:max-w-xl lg:justify-end"
      role="group"
      aria-label="Project actions"
    >
      <Button {...look} icon={icon(MapPinned)} onClick={onCreateCities}>
        Create City Pages
      </Button>
      <NewTabLinks
        {...look}
        size="md"
        iconClassName="size-4"
        links={[
          { href: `/project/${id}/homepage`, label: 'Preview Site', icon: Eye },
          { href: `/projects/${id}/settings`, label: 'Settings', icon: Settings },
        ]}
      />
      <Button {...look} icon={icon(Rocket)} onClick={onDeployToDomain}>
        Deploy to Domain
      </Button>
      <Button
        {...look}
        loading={downloading}
        data-testid="download-site"
        icon={icon(Download)}
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
