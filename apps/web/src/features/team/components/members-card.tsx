import { useState } from 'react';
import type { TMember, TWorkspace, TWorkspaceRole } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useEnterWorkspace } from '../../workspace/use-enter-workspace';
import { useChangeRole, useMembers, useRemoveMember } from '../api/team';
import { grantableRoles, managesTeam, memberActions, ROLE_LABELS } from '../team-rules';
import { ShareProjectsDialog } from './share-projects-dialog';

function RoleSelect({
  member,
  roles,
  onChange,
}: {
  member: TMember;
  roles: TWorkspaceRole[];
  onChange: (role: TWorkspaceRole) => void;
}) {
  const options = roles.includes(member.role) ? roles : [member.role, ...roles];
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={member.role}
      onChange={(e) => onChange(e.target.value as TWorkspaceRole)}
      className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
    >
      {options.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

const sharedText = (client: TMember) => {
  const n = client.sharedProjectIds.length;
  return n ? `${n} project${n === 1 ? '' : 's'} shared` : 'No project shared yet';
};

/** One member: who, their role (a select for those who may change it), and what may be done. */
function MemberRow({
  member,
  workspace,
  userId,
  onRole,
  onShare,
  onRemove,
}: {
  member: TMember;
  workspace: TWorkspace;
  userId: string;
  onRole: (role: TWorkspaceRole) => void;
  onShare: () => void;
  onRemove: () => void;
}) {
  const can = memberActions(workspace.role, userId, member);
  return (
    <li className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-zinc-900">
          {member.fullName || member.email}
          {member.userId === userId ? ' (you)' : ''}
        </p>
        <p className="truncate text-xs text-zinc-500">{member.email}</p>
        {member.role === 'client' ? (
          <p className="text-xs text-zinc-500">{sharedText(member)}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {can.changeRole ? (
          <RoleSelect member={member} roles={grantableRoles(workspace.role)} onChange={onRole} />
        ) : (
          <Badge variant={member.role === 'owner' ? 'brand' : 'default'}>
            {ROLE_LABELS[member.role]}
          </Badge>
        )}
        {member.role === 'client' && managesTeam(workspace.role) ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Projects shared with ${member.email}`}
            onClick={onShare}
          >
            Projects
          </Button>
        ) : null}
        {can.remove || can.leave ? (
          <Button size="sm" variant="outline" onClick={onRemove}>
            {can.leave ? 'Leave' : 'Remove'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The workspace's members: role select, remove, and leave for the caller's own row; for a
 * client, the projects shared with them.
 */
export function MembersCard({ workspace, userId }: { workspace: TWorkspace; userId: string }) {
  const enter = useEnterWorkspace();
  const members = useMembers(workspace.id);
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const [removing, setRemoving] = useState<TMember | null>(null);
  const [sharingWith, setSharingWith] = useState<string | null>(null);
  const list = members.data?.data ?? [];
  const sharing = list.find((m) => m.userId === sharingWith && m.role === 'client');

  const onRole = (member: TMember, role: TWorkspaceRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const res = await remove.mutateAsync(removing.userId);
      toast.success(res.message);
      // Left: the tab goes back to the workspace the server now takes as current.
      if (removing.userId === userId) enter(null);
    } catch (e) {
      toast.error(errorMessage(e));
      throw e;
    }
  };

  return (
    <Card>
      <CardHeader title="Members" description="Everyone in this workspace and their role." />
      <ul className="divide-y divide-zinc-100" aria-label="Members">
        {list.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            workspace={workspace}
            userId={userId}
            onRole={(role) => onRole(member, role)}
            onShare={() => setSharingWith(member.userId)}
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
      {sharing ? (
        <ShareProjectsDialog
          workspace={workspace}
          client={sharing}
          onClose={() => setSharingWith(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={removing?.userId === userId ? 'Leave this workspace?' : 'Remove this member?'}
        description={
          removing?.userId === userId
            ? `You will no longer see ${workspace.name}'s projects.`
            : `${removing?.email ?? ''} will no longer see this workspace's projects; their API tokens stop working.`
        }
        confirmLabel={removing?.userId === userId ? 'Leave' : 'Remove'}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
