import { API_TOKEN_PREFIX, MSG, type TApiToken } from '@cityforge/shared';
import type { ApiTokenRow } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { ApiTokensRepo } from './api-tokens.repo.ts';
import type { MembershipRepo } from './membership.repo.ts';
import { roleIn } from './team-access.ts';

const present = (row: ApiTokenRow): TApiToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A member's personal tokens in a workspace. Every member but a client may hold them (a
 * viewer's only read); a token is managed from a signed-in session only, so a leaked token
 * cannot mint others or outlive its own revocation.
 */
export function createApiTokensService(deps: { repo: ApiTokensRepo; membership: MembershipRepo }) {
  const { repo, membership } = deps;

  async function holder(actor: Actor, viaToken: boolean, workspaceId: string) {
    const role = await roleIn(membership, actor, workspaceId);
    if (viaToken) throw forbidden(MSG.apiTokenNeedsSession);
    return role;
  }

  return {
    async create(actor: Actor, viaToken: boolean, workspaceId: string, name: string) {
      const role = await holder(actor, viaToken, workspaceId);
      if (role === 'client') throw forbidden(MSG.apiTokenForbiddenForClients);
      const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      const row = await repo.insert({
        workspaceId,
        userId: actor.id,
        name: name.trim(),
        tokenHash: sha256(token),
      });
      return { ...present(row), token };
    },
    async list(actor: Actor, viaToken: boolean, workspaceId: string) {
      await holder(actor, viaToken, workspaceId);
      return { data: (await repo.listOf(workspaceId, actor.id)).map(present) };
    },
    async revoke(actor: Actor, viaToken: boolean, workspaceId: string, tokenId: string) {
      await holder(actor, viaToken, workspaceId);
      // A superuser may revoke anyone's, as support does for a token that leaked.
      const whose = actor.isSuperuser ? null : actor.id;
      if (!(await repo.remove(workspaceId, whose, tokenId))) throw notFound(MSG.apiTokenNotFound);
      return { message: MSG.apiTokenRevoked };
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
