import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { route } from '../../lib/module.ts';
import { createUsersRepo } from './users.repo.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export function createUsersModule(deps: {
  db: Db;
  cipher: Cipher;
  spendingCapChanged: (user: UserRow) => Promise<void>;
}) {
  const repo = createUsersRepo(deps.db);
  const service = createUsersService({
    usersRepo: repo,
    cipher: deps.cipher,
    spendingCapChanged: deps.spendingCapChanged,
  });
  return { repo, service, routes: [route(usersRoutes, { usersService: service })] };
}
export type UsersModule = ReturnType<typeof createUsersModule>;
