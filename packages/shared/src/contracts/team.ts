import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ZEmail } from './auth.ts';
import { ZId } from './common.ts';
import { ZWorkspaceParams, ZWorkspaceRole } from './workspaces.ts';

/** How long an invitation link works after it was (re)sent. */
export const INVITATION_TTL_DAYS = 7;
/** A resend waits this long after the last send, and an invitation is sent at most so often a day. */
export const INVITATION_RESEND_INTERVAL_SECONDS = 60;
export const INVITATION_SENDS_PER_DAY = 5;
/** What every API token starts with, so a bearer credential is told from a session's at sight. */
export const API_TOKEN_PREFIX = 'cfk_';

export const ZInviteMember = z.strictObject({
  email: ZEmail,
  role: ZWorkspaceRole,
});

export const ZInvitationParams = ZWorkspaceParams.extend({ invitationId: ZId('invitation') });

/** An invitation's link token, as it travels in the e-mailed link. */
export const ZInvitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MSG.invitationNotFound }),
});

/** A pending invitation as the workspace's admins see it. */
export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZWorkspaceRole,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  lastSentAt: z.string(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const INVITATION_STATES = ['pending', 'expired', 'revoked', 'accepted'] as const;

/** What the accept page shows before the invitee signs in. */
export const ZInvitationPreview = z.object({
  workspaceName: z.string(),
  role: ZWorkspaceRole,
  email: z.string(),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZAcceptedInvitation = z.object({
  message: z.string(),
  data: z.object({ workspaceId: z.string(), role: ZWorkspaceRole }),
});

export const ZCreateApiToken = z.strictObject({
  name: z
    .string({ error: MSG.apiTokenNameRequired })
    .trim()
    .min(1, { error: MSG.apiTokenNameRequired })
    .max(80, { error: 'Keep the token name to 80 characters' }),
});

export const ZApiTokenParams = ZWorkspaceParams.extend({ tokenId: ZId('token') });

/** A token as its creator sees it in the list: never the token itself. */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** The answer to creating a token: the only time the token is shown. */
export const ZCreatedApiToken = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
});
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;
