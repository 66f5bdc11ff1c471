import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokensApi, invitationsApi, workspacesApi } from '@cityforge/shared';
import type { TWorkspaceRole } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';
import { getProjects } from '../../../lib/project-list';

const membersKey = (id: string) => ['workspaces', id, 'members'] as const;
const invitationsKey = (id: string) => ['workspaces', id, 'invitations'] as const;
const tokensKey = (id: string) => ['workspaces', id, 'api-tokens'] as const;

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

/** The signed-in invitee joins; the page then moves the tab into the joined workspace. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: () => call(invitationsApi.accept, { params: { token } }),
  });
}

/** Shares a project of the workspace with one of its clients, or stops sharing it. */
export function useShareWithClient(id: string) {
  return useTeamMutation(
    membersKey(id),
    (input: { projectId: string; userId: string; shared: boolean }) => {
      const params = { id: input.projectId, userId: input.userId };
      return input.shared
        ? call(workspacesApi.shareWithClient, { params })
        : call(workspacesApi.unshareWithClient, { params });
    },
  );
}

/** The workspace's projects matching a name (the first page), to share with a client. */
export function useWorkspaceProjects(query: string) {
  const params = { query, page: 1 };
  return useQuery({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => getProjects(params, signal),
    placeholderData: keepPreviousData,
  });
}
