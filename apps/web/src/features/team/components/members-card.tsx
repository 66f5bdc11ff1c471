import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TMember, TWorkspace, TWorkspaceRole } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useChangeRole, useMembers, useRemoveMember } from '../api/team';
import { grantableRoles, memberActions, ROLE_LABELS } from '../team-rules';

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

/** The workspace's members: role select, remove, and leave for the caller's own row. */
export function MembersCard({ workspace, userId }: { workspace: TWorkspace; userId: string }) {
  const navigate = useNavigate();
  const members = useMembers(workspace.id);
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const [removing, setRemoving] = useState<TMember | null>(null);
  const roles = grantableRoles(workspace.role);

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
      if (removing.userId === userId) void navigate('/projects', { replace: true });
    } catch (e) {
      toast.error(errorMessage(e));
      throw e;
    }
  };

  return (
    <Card>
      <CardHeader title="Members" description="Everyone in this workspace and their role." />
      <ul className="divide-y divide-zinc-100" aria-label="Members">
        {(members.data?.data ?? []).map((member) => {
          const can = memberActions(workspace.role, userId, member);
          return (
            <li
              key={member.userId}
              className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-zinc-900">
                  {member.fullName || member.email}
                  {member.userId === userId ? ' (you)' : ''}
                </p>
                <p className="truncate text-xs text-zinc-500">{member.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {can.changeRole ? (
                  <RoleSelect member={member} roles={roles} onChange={(r) => onRole(member, r)} />
                ) : (
                  <Badge variant={member.role === 'owner' ? 'brand' : 'default'}>
                    {ROLE_LABELS[member.role]}
                  </Badge>
                )}
                {can.remove ? (
                  <Button size="sm" variant="outline" onClick={() => setRemoving(member)}>
                    Remove
                  </Button>
                ) : null}
                {can.leave ? (
                  <Button size="sm" variant="outline" onClick={() => setRemoving(member)}>
                    Leave
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
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
