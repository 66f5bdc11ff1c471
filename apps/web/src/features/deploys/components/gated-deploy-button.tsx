import { useState, type ComponentProps } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { heldBackNotice } from '../deploy-status';
import { DeployButton } from './deploy-button';

/**
 * Deploy, saying first how many city pages the quality gate holds back (they go out noindex
 * and out of the sitemap) when there are any; straight to the deploy otherwise.
 */
export function GatedDeployButton({
  held,
  onDeploy,
  ...button
}: ComponentProps<typeof DeployButton> & { held: number }) {
  const [asking, setAsking] = useState(false);
  const verb = button.hasLink ? 'Redeploy' : 'Deploy';
  return (
    <>
      <DeployButton {...button} onDeploy={() => (held > 0 ? setAsking(true) : onDeploy())} />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        variant="warning"
        title={`${verb} with ${held.toLocaleString('en-US')} held back?`}
        description={heldBackNotice(held)}
        confirmLabel={verb}
        onConfirm={() => {
          onDeploy();
        }}
      />
    </>
  );
}
