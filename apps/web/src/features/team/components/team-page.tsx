import { PageHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Alert } from '../../../components/ui/alert';
import { useAuth } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/api';
import { useCurrentWorkspace } from '../../workspace/api/workspace';
import { holdsTokens, managesTeam, ROLE_LABELS } from '../team-rules';
import { ApiTokensCard } from './api-tokens-card';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';

/** /team: the current workspace's members, invitations and the caller's API tokens. */
export default function TeamPage() {
  const { user } = useAuth();
  const workspaces = useCurrentWorkspace();
  const workspace = workspaces.data;
  if (!user) return null;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Team"
        description={
          workspace
            ? `${workspace.name} · your role: ${ROLE_LABELS[workspace.role]}`
            : 'Who works in this workspace, and your API tokens.'
        }
      />
      {workspaces.isError ? (
        <Alert variant="error">{errorMessage(workspaces.error)}</Alert>
      ) : !workspace ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="space-y-6">
          <MembersCard workspace={workspace} userId={user.id} />
          {managesTeam(workspace.role) ? <InvitationsCard workspace={workspace} /> : null}
          {holdsTokens(workspace.role) ? <ApiTokensCard workspace={workspace} /> : null}
        </div>
      )}
    </div>
  );
}
