import { MSG, type TMember, type TWorkspace } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { WorkspaceRole } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import { roleAllows, type Need } from './roles.ts';
import type { MemberRow, MembershipRow, WorkspacesRepo } from './workspaces.repo.ts';

type Membership = MembershipRow;

const fullName = (m: MemberRow) => `${m.firstName} ${m.lastName}`.trim();

function toMember(m: MemberRow, accountId: string, shared: string[]): TMember {
  return {
    userId: m.userId,
    email: m.email,
    fullName: fullName(m),
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
    isAccount: m.userId === accountId,
    sharedProjectIds: m.role === 'client' ? shared : [],
  };
}

/** What a workspace's account holds that its members work under: a plan, AI keys. */
export type AccountState = { subscribed: boolean; aiKeys: TWorkspace['aiKeys'] };
const NO_ACCOUNT: AccountState = {
  subscribed: false,
  aiKeys: { openAi: false, openRouter: false },
};

/** A person's workspaces, switching between them, and a workspace's members and their roles. */
export function createWorkspacesService(deps: {
  db: Db;
  repo: WorkspacesRepo;
  /** Each account's state, by account id (the users module reads it). */
  accountStates: (accountIds: string[]) => Promise<Map<string, AccountState>>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The rows as the caller sees them, with what their accounts hold. */
  async function present(rows: Membership[], actor: Actor, current?: string) {
    const accounts = await deps.accountStates([...new Set(rows.map((r) => r.accountId))]);
    return rows.map((row): TWorkspace => {
      const account = accounts.get(row.accountId) ?? NO_ACCOUNT;
      return {
        id: row.id,
        name: row.name,
        role: row.role,
        current: row.id === (current ?? actor.workspace?.id),
        own: row.accountId === actor.id,
        subscribed: account.subscribed,
        aiKeys: row.role === 'client' ? NO_ACCOUNT.aiKeys : account.aiKeys,
      };
    });
  }

  /**
   * The workspace the path names, with the caller's role there when it allows `need` (any
   * role, a client's too, when `need` is null). Not a member, or a request bound to another
   * workspace: 404. A client 403, a role too small 403 saying so. A superuser acts as owner.
   */
  async function memberOf(actor: Actor, id: string, need: Need | null): Promise<Membership> {
    const found = await repo.withRole(id, actor.id);
    const pinned = actor.workspace?.pinned ? actor.workspace.id : null;
    if (!found || (pinned && pinned !== id)) throw notFound(MSG.workspaceNotFound);
    if (actor.isSuperuser) return { ...found, role: found.role ?? 'owner' };
    const { role } = found;
    if (!role) throw notFound(MSG.workspaceNotFound);
    if (need && role === 'client') throw forbidden();
    if (need && !roleAllows(role, need)) throw forbidden(MSG.roleTooLow);
    return { ...found, role };
  }

  async function memberIn(workspaceId: string, userId: string) {
    const member = (await repo.members(workspaceId)).find((m) => m.userId === userId);
    if (!member) throw notFound(MSG.memberNotFound);
    return member;
  }

  /**
   * Changes one membership in a transaction: a workspace left without an owner, or its account
   * holder moved out of the owner role, is refused and nothing changes.
   */
  async function changing(
    workspace: Membership,
    userId: string,
    change: (tx: Executor) => Promise<void>,
  ) {
    await deps.db.transaction(async (tx) => {
      await change(tx);
      const owners = await repo.ownerCount(workspace.id, tx);
      if (owners === 0) throw new AppError('conflict', MSG.lastOwnerCannotLeave);
      const account = (await repo.members(workspace.id, tx)).find((m) => m.userId === userId);
      if (userId === workspace.accountId && account?.role !== 'owner')
        throw new AppError('conflict', MSG.accountMemberStays);
    });
  }

  return {
    memberOf,

    async list(actor: Actor): Promise<TWorkspace[]> {
      return present(await repo.listFor(actor.id), actor);
    },

    /** Requests without an `X-Workspace-Id` header act in this workspace from now on. */
    async choose(actor: Actor, id: string) {
      const membership = await memberOf(actor, id, null);
      if (!(await repo.choose(id, actor.id, now()))) throw notFound(MSG.workspaceNotFound);
      return { data: (await present([membership], actor, id))[0]!, message: MSG.workspaceSwitched };
    },

    async rename(actor: Actor, id: string, name: string) {
      const membership = await memberOf(actor, id, 'manage');
      await repo.rename(id, name);
      return {
        data: (await present([{ ...membership, name }], actor))[0]!,
        message: MSG.workspaceRenamed,
      };
    },

    async members(actor: Actor, id: string): Promise<TMember[]> {
      const { accountId } = await memberOf(actor, id, 'read');
      const rows = await repo.members(id);
      const clients = rows.filter((m) => m.role === 'client').map((m) => m.userId);
      const shared = await repo.sharedProjects(id, clients);
      return rows.map((m) => toMember(m, accountId, shared.get(m.userId) ?? []));
    },

    /** Admins change roles; the owner role is granted and taken by owners only. */
    async changeRole(actor: Actor, id: string, userId: string, role: WorkspaceRole) {
      const membership = await memberOf(actor, id, 'manage');
      const target = await memberIn(id, userId);
      if ((role === 'owner' || target.role === 'owner') && membership.role !== 'owner')
        throw forbidden(MSG.onlyOwnerGrantsOwner);
      await changing(membership, userId, (tx) => repo.setRole(id, userId, role, tx));
      const shared = await repo.sharedProjects(id, [userId]);
      return {
        data: toMember({ ...target, role }, membership.accountId, shared.get(userId) ?? []),
        message: MSG.memberRoleChanged,
      };
    },

    /** An admin removes a member, or anyone leaves; the account and the last owner stay. */
    async removeMember(actor: Actor, id: string, userId: string) {
      const self = userId === actor.id;
      const membership = await memberOf(actor, id, self ? null : 'manage');
      const target = await memberIn(id, userId);
      if (!self && target.role === 'owner' && membership.role !== 'owner')
        throw forbidden(MSG.onlyOwnerGrantsOwner);
      await changing(membership, userId, (tx) => repo.remove(id, userId, tx));
      return { message: self ? MSG.workspaceLeft : MSG.memberRemoved };
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
