import { MSG } from '@cityforge/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-errors';
import { usePublishProject } from './api/publish-project';
import { useRetryProject } from './api/retry-project';

/**
 * Deploy (or redeploy) to Netlify with the spec's three toasts: "Deployment Started" at once,
 * then "Deployment Successful" or "Deployment Failed" (part 1 §8).
 */
export function useDeploy(projectId: string) {
  const publish = usePublishProject();
  async function deploy() {
    toast.info(MSG.deploymentStarted);
    try {
      await publish.mutateAsync(projectId);
      toast.success(MSG.deploymentSuccessful);
    } catch (error) {
      console.error(MSG.publishFailed, error);
      toast.error(MSG.deploymentFailed);
    }
  }
  return { deploy: () => void deploy(), busy: publish.isPending };
}

/** Retry a project's generation: "Project retry initiated", or "Failed to retry project". */
export function useRetry(projectId: string) {
  const retry = useRetryProject();
  async function run() {
    try {
      await retry.mutateAsync(projectId);
      toast.success(MSG.projectRetryInitiated, { message: '' });
    } catch (error) {
      toast.error(MSG.retryProjectFailed, { message: errorMessage(error, '') });
    }
  }
  return { retry: () => void run(), busy: retry.isPending };
}
