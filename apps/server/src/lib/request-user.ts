import type { FastifyRequest } from 'fastify';
import type { UserRow, WorkspaceRole } from '../db/schema/index.ts';
import { unauthenticated } from './errors.ts';

/**
 * The workspace a signed-in request acts in, and the caller's role there. `accountId` is the
 * workspace's account: whose keys, plan and allowance its projects use. `pinned` when the
 * request named it (an `X-Workspace-Id` header or an API token): then only that workspace's
 * projects are found.
 */
export type RequestWorkspace = {
  id: string;
  role: WorkspaceRole;
  accountId: string;
  pinned: boolean;
};

/** A signed-in user as routes hand it to services: the row and the request's workspace. */
export type Actor = UserRow & { workspace?: RequestWorkspace | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth module's hook on routes that require one. */
    user: Actor | null;
    sessionFamily: string | null;
    /** The personal API token the request was made with; null for a session's. */
    apiTokenId: string | null;
    /** The workspace the request acts in (null without a session or a membership). */
    workspace: RequestWorkspace | null;
  }
}

/** The signed-in user of a route behind requireUser, carrying the request's workspace. */
export function currentUser(request: FastifyRequest): Actor {
  if (!request.user) throw unauthenticated();
  return request.user;
}
