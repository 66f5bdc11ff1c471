import {
  ACTIVE_USER_DAYS,
  ADMIN_USERS_PAGE_SIZE,
  MSG,
  type TAdminCreateUser,
  type TAdminKpis,
  type TAdminUpdateUser,
  type TAdminUser,
} from '@cityforge/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import type { CancelSubscription } from '../billing/index.ts';
import { toUserDto } from '../users/index.ts';
import type { UserPatch, UsersRepo } from '../users/index.ts';
import type { WorkspacesRepo } from '../workspaces/index.ts';
import type { AdminRepo } from './admin.repo.ts';

type Deps = {
  adminRepo: AdminRepo;
  usersRepo: UsersRepo;
  /** Each user's workspaces, shown beside them. */
  workspacesOf: WorkspacesRepo['ofUsers'];
  cipher: Cipher;
  cancelSubscriptionOf: CancelSubscription;
  revokeGoogleOf: (user: UserRow) => Promise<void>;
  /** Deletes the user through `drop` and their projects' stored files with it (images). */
  dropWithFiles: (owner: { userId: string }, drop: () => Promise<unknown>) => Promise<unknown>;
  /** log2 of scrypt's N for new hashes (PASSWORD_HASH_COST). */
  passwordCost: number;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dollars = (cents: number) => cents / 100;
const emailTaken = () => new AppError('conflict', MSG.emailTaken, { email: [MSG.emailTaken] });

/** Superusers' management of accounts; every method assumes the caller is a superuser. */
export function createAdminService(deps: Deps) {
  const { adminRepo, usersRepo, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  async function present(rows: UserRow[]): Promise<TAdminUser[]> {
    const ids = rows.map((r) => r.id);
    const [subs, figures, memberships] = await Promise.all([
      adminRepo.subscriptionsOf(ids),
      adminRepo.figuresOf(ids),
      deps.workspacesOf(ids),
    ]);
    return rows.map((row) => {
      const f = figures.get(row.id)!;
      return {
        ...toUserDto(row, subs.get(row.id) ?? null, cipher),
        revenue: dollars(f.revenueCents),
        usage: f.usage,
        projectStatus: { totalProjects: f.totalProjects, totalDeployments: f.totalDeployments },
        workspaces: (memberships.get(row.id) ?? []).map((w) => ({
          id: w.id,
          name: w.name,
          role: w.role,
          own: w.accountId === row.id,
        })),
      };
    });
  }

  async function existing(id: string): Promise<UserRow> {
    const user = await usersRepo.findById(id);
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  }

  return {
    async kpis(): Promise<TAdminKpis> {
      const since = new Date(now().getTime() - ACTIVE_USER_DAYS * DAY_MS);
      const { revenueCents, ...counts } = await adminRepo.kpis(since);
      return { ...counts, totalRevenue: dollars(revenueCents) };
    },

    async list(search: string, page: number) {
      const { count, rows } = await adminRepo.listUsers(search, page, ADMIN_USERS_PAGE_SIZE);
      return { count, results: await present(rows) };
    },

    /** The administrator vouches for the address: the account is verified and can sign in. */
    async create(input: TAdminCreateUser): Promise<TAdminUser> {
      const email = input.email.trim().toLowerCase();
      refuseCommonPassword(input.password);
      if (await usersRepo.findByEmail(email)) throw emailTaken();
      try {
        const user = await usersRepo.create({
          email,
          passwordHash: await hashPassword(input.password, deps.passwordCost),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          adminBypass: input.adminBypass ?? false,
          emailVerifiedAt: now(),
        });
        return (await present([user]))[0]!;
      } catch (error) {
        // Two creates of one address at once: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    async update(admin: UserRow, id: string, input: TAdminUpdateUser): Promise<TAdminUser> {
      const user = await existing(id);
      // The route guard would send a superuser without a plan to /plans, away from this screen.
      if (user.id === admin.id && input.adminBypass === false)
        throw fieldError('adminBypass', MSG.cannotRemoveOwnBypass);
      const patch: UserPatch = {};
      if (input.firstName !== undefined) patch.firstName = input.firstName;
      if (input.lastName !== undefined) patch.lastName = input.lastName;
      if (input.adminBypass !== undefined) patch.adminBypass = input.adminBypass;
      const updated = Object.keys(patch).length ? await usersRepo.update(user.id, patch) : user;
      return (await present([updated]))[0]!;
    },

    /**
     * Stops their Stripe billing and revokes their Google grant first, then removes the user
     * with everything they own.
     */
    async remove(admin: UserRow, id: string) {
      if (id === admin.id) throw badRequest(MSG.cannotDeleteSelf);
      const user = await existing(id);
      await deps.cancelSubscriptionOf(user.id);
      await deps.revokeGoogleOf(user);
      const deleted = await deps.dropWithFiles({ userId: user.id }, () =>
        adminRepo.deleteUser(user.id),
      );
      if (!deleted) throw notFound(MSG.userNotFound);
      return { message: MSG.userDeletedServer };
    },

    async userExists(id: string): Promise<string> {
      return (await existing(id)).id;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
