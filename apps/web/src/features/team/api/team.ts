import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokensApi, invitationsApi, workspacesApi } from '@cityforge/shared';
import type { TWorkspaceRole } from '@cityforge/shared';
import { call } from '../../../lib/api';

export const workspacesKey = ['workspaces'] as const;
const membersKey = (id: string) => ['workspaces', id, 'members'] as const;
const invitationsKey = (id: string) => ['workspaces', id, 'invitations'] as const;
const tokensKey = (id: string) => ['workspaces', id, 'api-tokens'] as const;

/** GET /api/workspaces/: the caller's workspaces, their role in each, which is current. */
export function useWorkspaces() {
  return useQuery({ queryKey: workspacesKey, queryFn: () => call(workspacesApi.list) });
}

export function useMembers(id: string) {
  return useQuery({
    queryKey: membersKey(id),
    queryFn: () => call(workspacesApi.members, { params: { id } }),
  });
}

export function useInvitations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(id),
    queryFn: () => call(invitationsApi.list, { params: { id } }),
    enabled,
  });
}

export function useApiTokens(id: string, enabled: boolean) {
  return useQuery({
    queryKey: tokensKey(id),
    queryFn: () => call(apiTokensApi.list, { params: { id } }),
    enabled,
  });
}

/** A mutation that refreshes one of the workspace's lists once it lands. */
function useTeamMutation<I, O>(key: readonly unknown[], fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useChangeRole(id: string) {
  return useTeamMutation(membersKey(id), (input: { userId: string; role: TWorkspaceRole }) =>
    call(workspacesApi.changeRole, {
      params: { id, userId: input.userId },
      body: { role: input.role },
    }),
  );
}

export function useRemoveMember(id: string) {
  return useTeamMutation(membersKey(id), (userId: string) =>
    call(workspacesApi.removeMember, { params: { id, userId } }),
  );
}

export function useInvite(id: string) {
  return useTeamMutation(invitationsKey(id), (body: { email: string; role: TWorkspaceRole }) =>
    call(invitationsApi.create, { params: { id }, body }),
  );
}

export function useRevokeInvitation(id: string) {
  return useTeamMutation(invitationsKey(id), (invitationId: string) =>
    call(invitationsApi.revoke, { params: { id, invitationId } }),
  );
}

export function useResendInvitation(id: string) {
  return useTeamMutation(invitationsKey(id), (invitationId: string) =>
    call(invitationsApi.resend, { params: { id, invitationId } }),
  );
}

export function useCreateApiToken(id: string) {
  return useTeamMutation(tokensKey(id), (name: string) =>
    call(apiTokensApi.create, { params: { id }, body: { name } }),
  );
}

export function useRevokeApiToken(id: string) {
  return useTeamMutation(tokensKey(id), (tokenId: string) =>
    call(apiTokensApi.revoke, { params: { id, tokenId } }),
  );
}

/** GET /api/invitations/:token/, without a session (the accept page works signed out). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitations', token],
    queryFn: () => call(invitationsApi.preview, { params: { token }, auth: false }),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(invitationsApi.accept, { params: { token } }),
    // The joined workspace is now the current one: every cached list was another's.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
