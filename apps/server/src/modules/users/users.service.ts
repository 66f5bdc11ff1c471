import { isMasked, type TUpdateMe, type TUser } from '@cityforge/shared';
import type { Cipher } from '../../lib/crypto.ts';
import { capOf } from '../../lib/usd.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { UserPatch, UsersRepo } from './users.repo.ts';
import { toUserDto } from './users.presenter.ts';

const SECRET_FIELDS = {
  userOpenAiApiKey: 'openAiKeyEnc',
  userOpenRouterApiKey: 'openRouterKeyEnc',
  userNetlifyAccessToken: 'netlifyTokenEnc',
} as const;
export type SecretColumn = (typeof SECRET_FIELDS)[keyof typeof SECRET_FIELDS];
export const SECRET_COLUMNS = Object.values(SECRET_FIELDS);

export function createUsersService(deps: {
  usersRepo: UsersRepo;
  cipher: Cipher;
  /**
   * The account's monthly spending cap changed: pages it held may go on (generation, which
   * sits above users, binds this).
   */
  spendingCapChanged?: (user: UserRow) => Promise<void>;
}) {
  const { usersRepo, cipher } = deps;
  return {
    async present(user: UserRow): Promise<TUser> {
      return toUserDto(user, await usersRepo.subscriptionOf(user.id), cipher);
    },
    async updateMe(user: UserRow, input: TUpdateMe): Promise<TUser> {
      const patch: UserPatch = {};
      if (input.firstName !== undefined) patch.firstName = input.firstName;
      if (input.lastName !== undefined) patch.lastName = input.lastName;
      for (const [field, column] of Object.entries(SECRET_FIELDS) as [
        keyof typeof SECRET_FIELDS,
        (typeof SECRET_FIELDS)[keyof typeof SECRET_FIELDS],
      ][]) {
        const value = input[field];
        if (value === undefined) continue;
        // The masked value echoed back by a form means "unchanged".
        if (value && isMasked(value)) continue;
        patch[column] = value ? cipher.encrypt(value, { userId: user.id, field: column }) : null;
      }
      const capChanged =
        input.spendingCapUsd !== undefined && input.spendingCapUsd !== capOf(user.spendingCapUsd);
      if (capChanged) patch.spendingCapUsd = input.spendingCapUsd;
      const updated = Object.keys(patch).length ? await usersRepo.update(user.id, patch) : user;
      if (capChanged) await deps.spendingCapChanged?.(updated);
      return this.present(updated);
    },
    /** Decrypted keys for server-side use (generation, publishing); never sent to clients. */
    secretsOf(user: UserRow) {
      const open = (field: SecretColumn) => {
        const sealed = user[field];
        return sealed ? cipher.decrypt(sealed, { userId: user.id, field }) : null;
      };
      return {
        openAiKey: open('openAiKeyEnc'),
        openRouterKey: open('openRouterKeyEnc'),
        netlifyToken: open('netlifyTokenEnc'),
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
