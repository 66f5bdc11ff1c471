import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { MSG } from '@cityforge/shared';
import { toast } from '../../../components/ui/toast';
import { onWorkspaceLost } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-store';
import { useCurrentWorkspace } from '../api/workspace';
import { useEnterWorkspace } from '../use-enter-workspace';
import { clientMayStay } from '../workspace-rules';

/**
 * What the tab's workspace decides about every screen: when the person was removed from it,
 * the API client has moved the tab to one they still have (say so, and start over there); and
 * a client works only in their agency's view, so the staff screens send them to it.
 */
export function WorkspaceGate() {
  const enter = useEnterWorkspace();
  const { user } = useAuth();
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
  return user && !user.isSuperuser ? <ClientScreens /> : null;
}

/** A client of the tab's workspace on a staff screen goes to their review list. */
function ClientScreens() {
  const { pathname } = useLocation();
  const workspace = useCurrentWorkspace();
  if (workspace.data?.role === 'client' && !clientMayStay(pathname))
    return <Navigate to="/review" replace />;
  return null;
}
