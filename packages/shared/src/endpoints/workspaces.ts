import { z } from 'zod';
import { ZData, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../contracts/common.ts';
import {
  ZChangeRole,
  ZChooseWorkspace,
  ZMember,
  ZMemberParams,
  ZProjectClientParams,
  ZRenameWorkspace,
  ZUpdateWorkspaceKeys,
  ZWorkspace,
  ZWorkspaceKeys,
  ZWorkspaceParams,
} from '../contracts/workspaces.ts';

/** The caller's workspaces, the one requests use without a header, and their members. */
export const workspacesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/',
    responses: { 200: ZData(z.array(ZWorkspace)) },
  }),
  /** Chooses the workspace requests without an `X-Workspace-Id` header use from now on. */
  choose: defineEndpoint({
    method: 'PUT',
    path: '/api/workspaces/current/',
    body: ZChooseWorkspace,
    responses: { 200: ZData(ZWorkspace).extend({ message: z.string() }) },
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/',
    params: ZWorkspaceParams,
    body: ZRenameWorkspace,
    responses: { 200: ZData(ZWorkspace).extend({ message: z.string() }) },
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/:id/members/',
    params: ZWorkspaceParams,
    responses: { 200: ZData(z.array(ZMember)) },
  }),
  /** Admins change roles; only an owner grants the owner role or changes an owner's. */
  changeRole: defineEndpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/members/:userId/',
    params: ZMemberParams,
    body: ZChangeRole,
    responses: { 200: ZData(ZMember).extend({ message: z.string() }) },
  }),
  /** An admin removes a member, or a member leaves; the last owner and the account stay. */
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/members/:userId/',
    params: ZMemberParams,
    responses: { 200: ZMessage },
  }),
  /** The keys the workspace's projects use (its account's), masked; owners and admins only. */
  keys: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/:id/keys/',
    params: ZWorkspaceParams,
    responses: { 200: ZData(ZWorkspaceKeys) },
  }),
  /** Sets, keeps (sent back masked) or removes each key; sealed at rest like the profile's. */
  updateKeys: defineEndpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/keys/',
    params: ZWorkspaceParams,
    body: ZUpdateWorkspaceKeys,
    responses: { 200: ZData(ZWorkspaceKeys).extend({ message: z.string() }) },
  }),
  /** Shares a project with one of the workspace's clients (admins). */
  shareWithClient: defineEndpoint({
    method: 'PUT',
    path: '/api/projects/:id/clients/:userId/',
    params: ZProjectClientParams,
    responses: { 200: ZMessage },
  }),
  unshareWithClient: defineEndpoint({
    method: 'DELETE',
    path: '/api/projects/:id/clients/:userId/',
    params: ZProjectClientParams,
    responses: { 200: ZMessage },
  }),
};
