import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TWorkspaceRole } from '@cityforge/shared';
import { workspaceChoice } from '../../lib/api';
import { landingOf } from './workspace-rules';

/**
 * Moves this tab into a workspace (null: back to the server's current one): every request
 * names it from now on, the person starts on its landing screen, and every cached answer is
 * dropped (projects, members, branding were the other workspace's).
 */
export function useEnterWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (workspace: { id: string; role: TWorkspaceRole } | null) => {
      if (workspace) workspaceChoice.set(workspace.id);
      else workspaceChoice.clear();
      // Reset rather than cleared: what stays on screen (the header's switcher) is told, and
      // fetches again in the new workspace, as the screen landed on does.
      void Promise.resolve(navigate(landingOf(workspace?.role ?? 'owner'))).then(() =>
        queryClient.resetQueries(),
      );
    },
    [queryClient, navigate],
  );
}
