import { useEffect } from 'react';
import { MSG } from '@cityforge/shared';
import { toast } from '../../../components/ui/toast';
import { onWorkspaceLost } from '../../../lib/api';
import { useEnterWorkspace } from '../use-enter-workspace';

/**
 * When the person was removed from the workspace this tab was in, the API client has moved
 * the tab to one they still have: say so, and start over there.
 */
export function WorkspaceWatch() {
  const enter = useEnterWorkspace();
  useEffect(
    () =>
      onWorkspaceLost((now) => {
        toast.error(MSG.workspaceGone, {
          message: `You are now in ${now.name}.`,
          duration: 10_000,
        });
        enter(now);
      }),
    [enter],
  );
  return null;
}
