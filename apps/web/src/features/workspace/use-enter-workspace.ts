import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TWorkspaceRole } from '@cityforge/shared';
import { workspaceChoice } from '../../lib/api';
import { landingOf } from './workspace-rules';

/**
 * Moves this tab into a workspace (null: back to the server's current one): every request
 * names it from now on, nothing cached of the one before stays on screen (projects, members,
 * branding), and the person starts on its landing screen.
 */
export function useEnterWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (workspace: { id: string; role: TWorkspaceRole } | null) => {
      if (workspace) workspaceChoice.set(workspace.id);
      else workspaceChoice.clear();
      queryClient.clear();
      void navigate(landingOf(workspace?.role ?? 'owner'));
    },
    [queryClient, navigate],
  );
}
