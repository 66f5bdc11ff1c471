import { z } from 'zod';
import { ZData, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../contracts/common.ts';
import { ZWorkspaceParams } from '../contracts/workspaces.ts';
import {
  ZAcceptedInvitation,
  ZApiToken,
  ZApiTokenParams,
  ZCreateApiToken,
  ZCreatedApiToken,
  ZInvitation,
  ZInvitationParams,
  ZInvitationPreview,
  ZInvitationTokenParams,
  ZInviteMember,
} from '../contracts/team.ts';

/** Invitations to a workspace: sent, listed, revoked and resent by its admins. */
export const invitationsApi = {
  /** Admins invite; only an owner invites an owner. The link is e-mailed. */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/workspaces/:id/invitations/',
    params: ZWorkspaceParams,
    body: ZInviteMember,
    responses: { 201: ZData(ZInvitation).extend({ message: z.string() }) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/:id/invitations/',
    params: ZWorkspaceParams,
    responses: { 200: ZData(z.array(ZInvitation)) },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/invitations/:invitationId/',
    params: ZInvitationParams,
    responses: { 200: ZMessage },
  }),
  /** Mails a new link (the old one stops working); limited per minute and per day. */
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/workspaces/:id/invitations/:invitationId/resend/',
    params: ZInvitationParams,
    responses: { 200: ZData(ZInvitation).extend({ message: z.string() }) },
  }),
  /** What the accept page shows, signed in or not. */
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/:token/',
    params: ZInvitationTokenParams,
    responses: { 200: ZData(ZInvitationPreview) },
  }),
  /** The signed-in invitee joins; the workspace becomes their current one. */
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/accept/',
    params: ZInvitationTokenParams,
    responses: { 200: ZAcceptedInvitation },
  }),
};

/** Personal API tokens of the caller in one workspace. */
export const apiTokensApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/workspaces/:id/api-tokens/',
    params: ZWorkspaceParams,
    body: ZCreateApiToken,
    responses: { 201: ZCreatedApiToken },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/:id/api-tokens/',
    params: ZWorkspaceParams,
    responses: { 200: ZData(z.array(ZApiToken)) },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/api-tokens/:tokenId/',
    params: ZApiTokenParams,
    responses: { 200: ZMessage },
  }),
};
