import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/module.ts';
import type { MailBrand, MailQueue } from '../mail/index.ts';
import { createApiTokensRepo } from './api-tokens.repo.ts';
import { createApiTokensService } from './api-tokens.service.ts';
import { createInvitationsRepo } from './invitations.repo.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createMembershipRepo } from './membership.repo.ts';
import { teamRoutes } from './team.routes.ts';

/** A workspace's team from outside: invitations by e-mail, and its members' API tokens. */
export function createTeamModule(deps: {
  db: Db;
  config: Pick<Config, 'appUrl'>;
  mailQueue: MailQueue;
  brandOf: (workspaceId: string) => Promise<MailBrand | null>;
}) {
  const { db } = deps;
  const membership = createMembershipRepo(db);
  const invitations = createInvitationsService({
    db,
    appUrl: deps.config.appUrl,
    repo: createInvitationsRepo(db),
    membership,
    mailQueue: deps.mailQueue,
    brandOf: deps.brandOf,
  });
  const apiTokens = createApiTokensService({ repo: createApiTokensRepo(db), membership });
  return {
    invitations,
    apiTokens,
    routes: [route(teamRoutes, { invitations, apiTokens })],
  };
}
export type TeamModule = ReturnType<typeof createTeamModule>;
