import {
  INVITATION_RESEND_INTERVAL_SECONDS,
  INVITATION_SENDS_PER_DAY,
  INVITATION_TTL_DAYS,
  MSG,
  type TInvitation,
  type TInvitationPreview,
  type TWorkspaceRole,
} from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import type { WorkspaceInvitationRow } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { MailQueue } from '../mail/index.ts';
import { clientInvitationMail, invitationMail, type MailBrand } from '../mail/index.ts';
import { fullName } from '../users/index.ts';
import type { InvitationsRepo } from './invitations.repo.ts';
import type { MembershipRepo } from './membership.repo.ts';
import { requireRoleIn } from './team-access.ts';

type Deps = {
  db: Db;
  appUrl: string;
  repo: InvitationsRepo;
  membership: MembershipRepo;
  mailQueue: MailQueue;
  /** The workspace's brand as mail to its clients shows it (null: no such workspace). */
  brandOf: (workspaceId: string) => Promise<MailBrand | null>;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function presentInvitation(row: WorkspaceInvitationRow): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function stateOf(row: WorkspaceInvitationRow, at: Date): TInvitationPreview['state'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= at ? 'expired' : 'pending';
}

const REFUSAL: Record<Exclude<TInvitationPreview['state'], 'pending'>, () => AppError> = {
  accepted: () => new AppError('conflict', MSG.invitationUsed),
  revoked: () => new AppError('conflict', MSG.invitationWasRevoked),
  expired: () => new AppError('conflict', MSG.invitationExpired),
};

export function createInvitationsService(deps: Deps) {
  const { db, repo, membership, mailQueue } = deps;
  const now = deps.now ?? (() => new Date());

  /** A fresh link for the invitation: its hash stored, the token itself mailed and forgotten. */
  async function mailLink(actor: Actor, row: WorkspaceInvitationRow, token: string) {
    const workspace = await membership.workspace(row.workspaceId);
    const url = `${deps.appUrl}/invitations/${encodeURIComponent(token)}`;
    const invite = {
      workspaceName: workspace?.name ?? '',
      inviterName: fullName(actor) || actor.email,
      role: row.role,
      days: INVITATION_TTL_DAYS,
    };
    // A client hears from the agency alone, in its brand.
    const brand = row.role === 'client' ? await deps.brandOf(row.workspaceId) : null;
    await mailQueue.enqueue(
      brand
        ? clientInvitationMail(brand, row.email, invite, url)
        : invitationMail(row.email, invite, url),
    );
  }

  async function pendingOne(workspaceId: string, invitationId: string) {
    const row = await repo.findInWorkspace(workspaceId, invitationId);
    if (!row || row.acceptedAt || row.revokedAt) throw notFound(MSG.invitationNotFound);
    return row;
  }

  return {
    async invite(
      actor: Actor,
      workspaceId: string,
      input: { email: string; role: TWorkspaceRole },
    ) {
      const role = await requireRoleIn(membership, actor, workspaceId, 'manage');
      if (input.role === 'owner' && role !== 'owner') throw forbidden(MSG.onlyOwnerInvitesOwner);
      const email = input.email.toLowerCase();
      if (await membership.hasMemberWithEmail(workspaceId, email)) {
        throw new AppError('conflict', MSG.invitationAlreadyMember);
      }
      const token = randomToken();
      const at = now();
      const row = await db.transaction(async (tx) => {
        await repo.revokePendingFor(workspaceId, email, at, tx);
        return repo.insert(
          {
            workspaceId,
            email,
            role: input.role,
            tokenHash: sha256(token),
            invitedBy: actor.id,
            expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
            lastSentAt: at,
            sendCount: 1,
            createdAt: at,
          },
          tx,
        );
      });
      await mailLink(actor, row, token);
      return { data: presentInvitation(row), message: MSG.invitationSent };
    },

    async list(actor: Actor, workspaceId: string) {
      await requireRoleIn(membership, actor, workspaceId, 'manage');
      const rows = await repo.listPending(workspaceId, now());
      return { data: rows.map(presentInvitation) };
    },

    async revoke(actor: Actor, workspaceId: string, invitationId: string) {
      await requireRoleIn(membership, actor, workspaceId, 'manage');
      const row = await pendingOne(workspaceId, invitationId);
      await repo.update(row.id, { revokedAt: now() });
      return { message: MSG.invitationRevoked };
    },

    /**
     * Mails a new link, which works for another full term; the earlier one stops working.
     * At most once a minute, and INVITATION_SENDS_PER_DAY sends (the first included) until a
     * day passes without one; the count starts again after such a day.
     */
    async resend(actor: Actor, workspaceId: string, invitationId: string) {
      await requireRoleIn(membership, actor, workspaceId, 'manage');
      const row = await pendingOne(workspaceId, invitationId);
      const at = now();
      if (at.getTime() - row.lastSentAt.getTime() < INVITATION_RESEND_INTERVAL_SECONDS * 1000) {
        throw new AppError('rate_limited', MSG.invitationResendTooSoon);
      }
      const sameDay = at.getTime() - row.lastSentAt.getTime() < DAY_MS;
      if (sameDay && row.sendCount >= INVITATION_SENDS_PER_DAY) {
        throw new AppError('rate_limited', MSG.invitationResendDailyLimit);
      }
      const token = randomToken();
      const updated = await repo.update(row.id, {
        tokenHash: sha256(token),
        expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        lastSentAt: at,
        sendCount: sameDay ? row.sendCount + 1 : 1,
      });
      if (!updated) throw notFound(MSG.invitationNotFound);
      await mailLink(actor, updated, token);
      return { data: presentInvitation(updated), message: MSG.invitationResent };
    },

    async preview(token: string): Promise<{ data: TInvitationPreview }> {
      const found = await repo.findByHash(sha256(token));
      if (!found) throw notFound(MSG.invitationNotFound);
      const { invitation, workspaceName } = found;
      return {
        data: {
          workspaceName,
          role: invitation.role,
          email: invitation.email,
          state: stateOf(invitation, now()),
          expiresAt: invitation.expiresAt.toISOString(),
        },
      };
    },

    /**
     * The signed-in invitee joins with the invited role (a member already keeps theirs), and
     * the workspace becomes their current one. Only the invited address may accept.
     */
    async accept(actor: Actor, token: string) {
      const found = await repo.findByHash(sha256(token));
      if (!found) throw notFound(MSG.invitationNotFound);
      const { invitation } = found;
      const at = now();
      const state = stateOf(invitation, at);
      if (state !== 'pending') throw REFUSAL[state]();
      if (invitation.email !== actor.email.toLowerCase()) throw forbidden(MSG.invitationWrongEmail);
      const role = await db.transaction(async (tx) => {
        if (!(await repo.markAccepted(invitation.id, at, tx))) throw REFUSAL.accepted();
        const joined = {
          workspaceId: invitation.workspaceId,
          userId: actor.id,
          role: invitation.role,
          at,
        };
        return membership.join(joined, tx);
      });
      return {
        message: MSG.invitationAccepted,
        data: { workspaceId: invitation.workspaceId, role },
      };
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
