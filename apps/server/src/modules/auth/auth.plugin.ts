import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_PREFIX, MSG, WORKSPACE_HEADER, badIdMessage } from '@cityforge/shared';
import { badRequest, forbidden, notFound, unauthenticated } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { RequestWorkspace } from '../../lib/request-user.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Jwt } from './jwt.ts';
import type { UsersRepo } from '../users/index.ts';
import type { ApiTokenAuthRepo } from './api-token.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { UserRow } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireSuperuser: (request: FastifyRequest) => Promise<void>;
  }
}

// lastActivity is written at most once per window per user, not on every request.
const ACTIVITY_WINDOW_MS = 5 * 60 * 1000;
// An API token's lastUsedAt likewise, at most once a minute per token.
const TOKEN_USE_WINDOW_MS = 60 * 1000;

type Deps = { jwt: Jwt; usersRepo: UsersRepo; authRepo: AuthRepo; apiTokens: ApiTokenAuthRepo };

export const authPlugin = fp(async (app: FastifyInstance, deps: Deps) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionFamily', null);
  app.decorateRequest('apiTokenId', null);
  app.decorateRequest('workspace', null);

  /** The `X-Workspace-Id` header: null when absent; a malformed one is refused. */
  function namedWorkspace(request: FastifyRequest): string | null {
    const value = request.headers[WORKSPACE_HEADER];
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string' || !isUuid(value)) throw badRequest(badIdMessage('workspace'));
    return value;
  }

  /** The request's workspace: the header's (which must be one of the user's), else the last chosen. */
  async function resolveWorkspace(
    request: FastifyRequest,
    user: UserRow,
  ): Promise<RequestWorkspace | null> {
    const named = namedWorkspace(request);
    const found = await deps.authRepo.requestWorkspace(user, named);
    if (!found && named) throw notFound(MSG.workspaceNotFound);
    return found ? { ...found, pinned: named !== null } : null;
  }

  /**
   * A personal API token acts as its creator with their current role, in the token's
   * workspace only (pinned: a header naming another is refused as not theirs).
   */
  async function tokenUser(request: FastifyRequest, token: string) {
    const holder = await deps.apiTokens.holder(sha256(token));
    if (!holder || !holder.user.isActive) throw unauthenticated(MSG.apiTokenInvalid);
    const named = namedWorkspace(request);
    if (named && named !== holder.workspace.id) throw notFound(MSG.workspaceNotFound);
    const workspace = { ...holder.workspace, pinned: true };
    request.user = { ...holder.user, workspace };
    request.workspace = workspace;
    request.apiTokenId = holder.tokenId;
    const at = new Date();
    if (at.getTime() - (holder.lastUsedAt?.getTime() ?? 0) > TOKEN_USE_WINDOW_MS) {
      await deps.apiTokens.touch(holder.tokenId, at, new Date(at.getTime() - TOKEN_USE_WINDOW_MS));
    }
  }

  async function requireUser(request: FastifyRequest) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) throw unauthenticated(MSG.notAuthenticated);
    if (token.startsWith(API_TOKEN_PREFIX)) return tokenUser(request, token);
    const claims = await deps.jwt.verify(token);
    if (claims === 'expired') throw unauthenticated(MSG.sessionExpired);
    if (!claims) throw unauthenticated(MSG.sessionExpired);
    // Logout and refresh-token reuse revoke the session family; its access tokens die with it.
    const user = await deps.authRepo.sessionUser(claims.sub, claims.fam);
    if (!user || !user.isActive) throw unauthenticated(MSG.sessionExpired);
    const workspace = await resolveWorkspace(request, user);
    request.user = { ...user, workspace };
    request.workspace = workspace;
    request.sessionFamily = claims.fam;
    const last = user.lastActivityAt?.getTime() ?? 0;
    if (Date.now() - last > ACTIVITY_WINDOW_MS) {
      await deps.usersRepo.touchActivity(user.id, new Date());
    }
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireSuperuser', async (request: FastifyRequest) => {
    await requireUser(request);
    // The superuser's screens are a person's, signed in: never reached with an API token.
    if (!request.user?.isSuperuser || request.apiTokenId) throw forbidden();
  });
});
