import type { UserRow } from '../../db/schema/index.ts';
import type { UsersRepo } from '../users/index.ts';
import type { AuthRepo } from './auth.repo.ts';

/** The operator's account: ADMIN_EMAIL/ADMIN_PASSWORD at boot and `npm run create-admin`. */
export function superuserOps(deps: {
  usersRepo: UsersRepo;
  authRepo: AuthRepo;
  now: () => Date;
  /** The auth service's hash, at PASSWORD_HASH_COST. */
  hash: (password: string) => Promise<string>;
}) {
  const { usersRepo, authRepo, now, hash } = deps;
  return {
    /**
     * ADMIN_EMAIL/ADMIN_PASSWORD at boot (`setPassword: false`) and `npm run create-admin`
     * (`true`). At boot the variable only creates the account: an admin who changed the
     * password keeps it across restarts, whatever the environment still says.
     */
    async ensureSuperuser(
      email: string,
      password: string,
      opts: { setPassword: boolean },
    ): Promise<{ user: UserRow; created: boolean }> {
      const existing = await usersRepo.findByEmail(email.toLowerCase());
      // Admin bypass too: an operator must reach administration without buying a plan.
      const flags = {
        isSuperuser: true,
        adminBypass: true,
        isActive: true,
        emailVerifiedAt: existing?.emailVerifiedAt ?? now(),
      };
      if (!existing) {
        const passwordHash = await hash(password);
        const user = await usersRepo.create({
          email: email.toLowerCase(),
          firstName: 'Admin',
          lastName: '',
          passwordHash,
          ...flags,
        });
        return { user, created: true };
      }
      const passwordHash = opts.setPassword ? await hash(password) : undefined;
      const user = await usersRepo.update(existing.id, {
        ...flags,
        ...(passwordHash && { passwordHash }),
      });
      if (passwordHash) await authRepo.revokeAllForUser(existing.id, now());
      return { user, created: false };
    },
  };
}
