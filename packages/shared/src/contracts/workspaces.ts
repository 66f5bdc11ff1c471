import { z } from 'zod';
import { ZId, ZProjectParams } from './common.ts';
import { ZUpdateMe } from './users.ts';

/** Roles in a workspace, most powerful first; `client` sees only the projects shared with it. */
export const WORKSPACE_ROLE_NAMES = ['owner', 'admin', 'editor', 'viewer', 'client'] as const;
export const ZWorkspaceRole = z.enum(WORKSPACE_ROLE_NAMES);
export type TWorkspaceRole = z.infer<typeof ZWorkspaceRole>;

/** The request header that chooses the workspace of one request. */
export const WORKSPACE_HEADER = 'x-workspace-id';

/** A workspace as its member sees it: their role there, and whether it is the current one. */
export const ZWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  role: ZWorkspaceRole,
  current: z.boolean(),
  /** Whether it is the caller's own account's workspace (the one they pay for). */
  own: z.boolean(),
  /** Whether its account holds a plan: its members work under it, with no plan of their own. */
  subscribed: z.boolean(),
  /**
   * Which AI providers its account holds a key for (never the keys): what its projects can be
   * written with. Always false for a client, who never sees keys.
   */
  aiKeys: z.object({ openAi: z.boolean(), openRouter: z.boolean() }),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

export const ZWorkspaceParams = z.object({ id: ZId('workspace') });
export const ZMemberParams = ZWorkspaceParams.extend({ userId: ZId('user') });
export const ZProjectClientParams = ZProjectParams.extend({ userId: ZId('user') });

export const ZChooseWorkspace = z.strictObject({ workspaceId: ZId('workspace') });
export const ZRenameWorkspace = z.strictObject({
  name: z.string().trim().min(1, { error: 'Give the workspace a name' }).max(120),
});

export const ZMember = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: ZWorkspaceRole,
  joinedAt: z.string(),
  /** The workspace's account holder: whose keys and plan the workspace uses; cannot be removed. */
  isAccount: z.boolean(),
  /** For a client: the projects shared with them. */
  sharedProjectIds: z.array(z.string()),
});
export type TMember = z.infer<typeof ZMember>;

export const ZChangeRole = z.strictObject({ role: ZWorkspaceRole });

/**
 * The keys a workspace's projects use: its account's (the account holder's) OpenRouter, OpenAI
 * and Netlify credentials, masked exactly as the profile shows them (`maskSecret`).
 */
export const ZWorkspaceKeys = z.object({
  openRouterApiKey: z.string().nullable(),
  openAiApiKey: z.string().nullable(),
  netlifyAccessToken: z.string().nullable(),
});
export type TWorkspaceKeys = z.infer<typeof ZWorkspaceKeys>;

/**
 * PATCH of the workspace's keys, by the profile's rule for each field: left out, or sent back
 * masked, keeps the stored key; an empty string or null removes it; anything else replaces it.
 */
export const ZUpdateWorkspaceKeys = z.strictObject({
  openRouterApiKey: ZUpdateMe.shape.userOpenRouterApiKey,
  openAiApiKey: ZUpdateMe.shape.userOpenAiApiKey,
  netlifyAccessToken: ZUpdateMe.shape.userNetlifyAccessToken,
});
export type TUpdateWorkspaceKeys = z.infer<typeof ZUpdateWorkspaceKeys>;
