import { CloudUpload, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button';

/**
 * "Deploy to Netlify", or "Redeploy to Netlify" once a hosting link exists; the detail screen
 * uses the short "Deploy" / "Redeploy". Shows "Deploying..." while the publish is in flight.
 */
export function DeployButton({
  hasLink,
  busy,
  onDeploy,
  short = false,
  ...look
}: {
  hasLink: boolean;
  busy: boolean;
  disabled?: boolean;
  onDeploy: () => void;
  short?: boolean;
  size?: ButtonSize;
  variant?: ButtonVariant;
  className?: string;
}) {
  const verb = hasLink ? 'Redeploy' : 'Deploy';
  const Icon = hasLink ? RefreshCw : CloudUpload;
  return (
    <Button
      {...look}
      loading={busy}
      icon={<Icon className="size-4" aria-hidden="true" />}
      onClick={onDeploy}
    >
      {busy ? 'Deploying...' : short ? verb : `${verb} to Netlify`}
    </Button>
  );
}
