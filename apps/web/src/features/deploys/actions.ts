import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isDeployActive, MSG } from '@cityforge/shared';
import type { TProject } from '@cityforge/shared';
import { toast } from '../../components/ui/toast';
import { splitTitle } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-errors';
import { useDeleteNetlifySite } from './api/delete-netlify-site';
import { useDownloadSite } from './api/download-site';
import { useDeployProgress, waitForDeployment } from './api/get-deployment';
import { usePublishProject } from './api/publish-project';
import { deployFailure, publishFailure } from './deploy-status';

const PROFILE_PATH = '/profile';
/** A failure the user fixes elsewhere stays long enough to follow its link. */
const ACTION_TOAST_MS = 10_000;

/**
 * Deploy (or redeploy) to Netlify with the spec's three toasts: "Deployment Started" at once,
 * then "Deployment Successful" or "Deployment Failed" once the deploy has finished:
 * a publish answered 202 is still deploying, so it is followed until it ends. A failure carries
 * the server's reason; a missing or rejected Netlify token also links to the profile. `busy`
 * holds while the publish is in flight or the project's latest deploy still runs.
 */
export function useDeploy(project: Pick<TProject, 'id' | 'deployment'>) {
  const publish = usePublishProject();
  const queryClient = useQueryClient();
  const { busy } = useDeployProgress(project);
  const navigate = useNavigate();

  function showFailure(failure: ReturnType<typeof publishFailure>) {
    toast.error(failure.title, {
      message: failure.message,
      ...(failure.profile && {
        duration: ACTION_TOAST_MS,
        action: {
          label: 'Open profile settings',
          href: PROFILE_PATH,
          onNavigate: () => void navigate(PROFILE_PATH),
        },
      }),
    });
  }

  async function deploy() {
    toast.info(MSG.deploymentStarted);
    let result;
    try {
      result = await publish.mutateAsync(project.id);
    } catch (error) {
      console.error(MSG.publishFailed, error);
      showFailure(publishFailure(error));
      return;
    }
    const finished = isDeployActive(result.deployment.state)
      ? await waitForDeployment(queryClient, project.id)
      : result.deployment;
    // Not readable any more (project deleted, signed out): the screens say what they know.
    if (!finished) return;
    if (finished.state === 'error') showFailure(deployFailure(finished));
    else toast.success(MSG.deploymentSuccessful);
  }
  return { deploy: () => void deploy(), busy: busy || publish.isPending };
}

const SITE_DOWNLOAD_FAILED = 'Download Failed';
const SITE_DOWNLOAD_FAILED_BODY = 'Failed to download the site. Please try again.';

/** Download Site: the built site as a ZIP, "Site Downloaded" or "Download Failed" with why. */
export function useSiteDownload(projectId: string) {
  const download = useDownloadSite(projectId);
  async function run() {
    try {
      const { note } = await download.mutateAsync();
      // Saved, but short of something: the same title, the server's sentence in place of the
      // usual one, long enough on screen to read a file name.
      if (note)
        toast.warning(splitTitle(MSG.siteDownloaded).title, { message: note, duration: 15_000 });
      else toast.success(MSG.siteDownloaded);
    } catch (error) {
      toast.error(SITE_DOWNLOAD_FAILED, {
        message: serverMessage(error) ?? SITE_DOWNLOAD_FAILED_BODY,
      });
    }
  }
  return { download: () => void run(), busy: download.isPending };
}

/**
 * Deletes a Netlify address: the server's message on success, "Failed to delete netlify url"
 * (with the server's reason) on failure, rethrown so the confirm dialog stays open.
 */
export function useNetlifyUrlDelete(projectId: string) {
  const remove = useDeleteNetlifySite(projectId);
  return async (siteUrl: string) => {
    try {
      const answer = await remove.mutateAsync(siteUrl);
      toast.success(answer?.message || MSG.netlifySiteDeleted, { message: '' });
    } catch (error) {
      console.error(MSG.deleteNetlifyFailed, error);
      toast.error(MSG.deleteNetlifyFailed, { message: serverMessage(error) ?? '' });
      throw error;
    }
  };
}
