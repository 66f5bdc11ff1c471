import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { publishingApi } from '@cityforge/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isDeployActive } from '@cityforge/shared';
import type { TDeployment, TProject } from '@cityforge/shared';
import { call, isApiError } from '../../../lib/api';
import {
  activeDeployView,
  DEPLOY_POLL_MS,
  deployJustFinished,
  latestDeployment,
} from '../deploy-status';
import { projectKeys, refreshProjectViews } from '../../../lib/project-cache';
import { usePublishPending } from './publish-project';

/** GET /api/projects/{id}/deployment/ → {data: TDeployment | null}: the latest deploy. */
export async function getDeployment(id: string, signal?: AbortSignal): Promise<TDeployment | null> {
  const { data } = await call(publishingApi.deployment, { params: { id }, signal });
  return data;
}

/**
 * Polled about once a second while `polling`. The answer that shows the deploy finished
 * refreshes the project (its link, status and history changed), once, however many components
 * watch the same deploy.
 */
export function deploymentQueryOptions(queryClient: QueryClient, id: string, polling: boolean) {
  const queryKey = projectKeys.deployment(id);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<TDeployment | null>(queryKey);
      const next = await getDeployment(id, signal);
      if (deployJustFinished(previous, next)) void refreshProjectViews(queryClient);
      return next;
    },
    enabled: polling,
    staleTime: 0,
    refetchInterval: polling ? DEPLOY_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** Consecutive failed reads after which a wait gives up (the server is gone for now). */
const WAIT_READ_FAILURES = 5;

/**
 * Follows a deploy its publish request left running (the server answered 202) until it
 * finishes; answers the finished deploy, or null when it can no longer be read (the project
 * went, the session ended, or the server stayed unreachable). Reads share the cache and the
 * in-flight request with the screen's own poll, so following it costs no extra calls.
 */
export async function waitForDeployment(
  queryClient: QueryClient,
  id: string,
): Promise<TDeployment | null> {
  let failures = 0;
  for (;;) {
    try {
      const deployment = await queryClient.fetchQuery({
        ...deploymentQueryOptions(queryClient, id, true),
        staleTime: DEPLOY_POLL_MS,
      });
      failures = 0;
      if (!deployment || !isDeployActive(deployment.state)) return deployment;
    } catch (error) {
      const answered = isApiError(error) && error.status >= 400 && error.status < 500;
      if (answered || ++failures >= WAIT_READ_FAILURES) return null;
    }
    await new Promise((resolve) => setTimeout(resolve, DEPLOY_POLL_MS));
  }
}

export function useDeploymentPoll(id: string, polling: boolean) {
  const queryClient = useQueryClient();
  return useQuery(deploymentQueryOptions(queryClient, id, polling));
}

/**
 * The project's latest deploy as the screens show it: the cached copy or the poll, whichever is
 * newer, and the running view (null when nothing runs). `poll` is set by the one component per
 * screen that shows the progress; others (buttons) only read what it fetched.
 */
export function useDeployProgress(project: Pick<TProject, 'id' | 'deployment'>, poll = false) {
  const publishing = usePublishPending(project.id);
  const running = publishing || isDeployActive(project.deployment?.state);
  const query = useDeploymentPoll(project.id, poll && running);
  const deployment = latestDeployment(project.deployment, query.data);
  const view = activeDeployView(deployment, publishing);
  return { deployment, view, busy: view !== null };
}
