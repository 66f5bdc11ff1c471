import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { route } from '../../lib/module.ts';
import type { BillingModule } from '../billing/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { UsersRepo } from '../users/index.ts';
import type { WorkspacesRepo } from '../workspaces/index.ts';
import { createAdminRepo } from './admin.repo.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';

export function createAdminModule(deps: {
  db: Db;
  config: Pick<Config, 'PASSWORD_HASH_COST'>;
  cipher: Cipher;
  usersRepo: UsersRepo;
  workspacesRepo: Pick<WorkspacesRepo, 'ofUsers'>;
  billing: Pick<BillingModule, 'service' | 'cancelSubscriptionOf'>;
  /** Revokes the person's Google grant, if any, before their account goes. */
  revokeGoogleOf: (user: UserRow) => Promise<void>;
  /** Runs `drop` (the user's deletion) and removes their projects' stored files (images). */
  dropWithFiles: (owner: { userId: string }, drop: () => Promise<unknown>) => Promise<unknown>;
}) {
  const service = createAdminService({
    adminRepo: createAdminRepo(deps.db),
    usersRepo: deps.usersRepo,
    workspacesOf: (ids) => deps.workspacesRepo.ofUsers(ids),
    cipher: deps.cipher,
    cancelSubscriptionOf: deps.billing.cancelSubscriptionOf,
    revokeGoogleOf: deps.revokeGoogleOf,
    dropWithFiles: deps.dropWithFiles,
    passwordCost: deps.config.PASSWORD_HASH_COST,
  });
  return {
    service,
    routes: [route(adminRoutes, { adminService: service, billingService: deps.billing.service })],
  };
}
