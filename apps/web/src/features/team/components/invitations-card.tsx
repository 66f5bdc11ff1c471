import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TWorkspace, TWorkspaceRole } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useInvitations, useInvite, useResendInvitation, useRevokeInvitation } from '../api/team';
import { grantableRoles, ROLE_HINTS, ROLE_LABELS } from '../team-rules';

function InviteForm({ workspace }: { workspace: TWorkspace }) {
  const invite = useInvite(workspace.id);
  const roles = grantableRoles(workspace.role);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TWorkspaceRole>('editor');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    invite.mutate(
      { email, role },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setEmail('');
        },
        onError: (e) => {
          const field = isApiError(e) ? e.fieldErrors?.email : undefined;
          setError(field ?? errorMessage(e));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_12rem_auto]">
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <SelectField
        label="Role"
        value={role}
        onChange={(e) => setRole(e.target.value as TWorkspaceRole)}
        hint={ROLE_HINTS[role]}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" loading={invite.isPending} className="sm:mt-6">
        Send invitation
      </Button>
    </form>
  );
}

/** The invite form and the invitations waiting for an answer, with resend and revoke. */
export function InvitationsCard({ workspace }: { workspace: TWorkspace }) {
  const pending = useInvitations(workspace.id, true);
  const revoke = useRevokeInvitation(workspace.id);
  const resend = useResendInvitation(workspace.id);
  const done = {
    onSuccess: (res: { message: string }) => toast.success(res.message),
    onError: (e: unknown) => toast.error(errorMessage(e)),
  };
  const list = pending.data?.data ?? [];

  return (
    <Card>
      <CardHeader
        title="Invite someone"
        description="They get a link by e-mail, valid for 7 days, and join once they sign in."
      />
      <CardBody>
        <InviteForm workspace={workspace} />
      </CardBody>
      <div className="border-t border-zinc-100 px-5 py-4 sm:px-6">
        <h3 className="text-sm font-semibold">Pending invitations</h3>
        {list.length === 0 ? (
          <p className="mt-1 text-sm text-zinc-500">No invitation is waiting for an answer.</p>
        ) : (
          <ul className="mt-2 divide-y divide-zinc-100" aria-label="Pending invitations">
            {list.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm text-zinc-900">{inv.email}</p>
                  <p className="text-xs text-zinc-500">
                    {ROLE_LABELS[inv.role]} · expires {formatDate(inv.expiresAt)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => resend.mutate(inv.id, done)}>
                    Resend
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => revoke.mutate(inv.id, done)}>
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
