import {
  MSG,
  type TBranding,
  type TNotificationPrefs,
  type TUpdateBranding,
} from '@cityforge/shared';
import type { z } from 'zod';
import type { ZUpdateNotificationPrefs } from '@cityforge/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { WorkspacesService } from '../workspaces/index.ts';
import type { NotificationsRepo } from './notifications.repo.ts';
import type { MailBrand } from '../mail/index.ts';

/**
 * A workspace's brand, read by any of its members (clients see it on their view) and written
 * by its admins, and each member's own choice of e-mails. "Powered by" may be hidden on a paid
 * plan only; a workspace whose plan lapsed shows it again.
 */
export function createBrandingService(deps: {
  repo: NotificationsRepo;
  memberOf: WorkspacesService['memberOf'];
}) {
  const { repo } = deps;

  /** The workspace the path names: any member reads (`null`), admins write (`manage`). */
  const workspaceOf = (actor: Actor, id: string, need: 'manage' | null) =>
    deps.memberOf(actor, id, need);

  /** The brand as it shows (null: no such workspace). */
  async function brandOf(id: string): Promise<TBranding | null> {
    const row = await repo.workspace(id);
    if (!row) return null;
    const paid = await repo.paysFor(row.accountId);
    return {
      name: row.name,
      logoUrl: row.logoUrl,
      accentColor: row.accentColor,
      showPoweredBy: row.showPoweredBy || !paid,
      canHidePoweredBy: paid,
    };
  }

  async function present(id: string): Promise<TBranding> {
    const brand = await brandOf(id);
    if (!brand) throw notFound(MSG.workspaceNotFound);
    return brand;
  }

  return {
    /** The brand every mail to the workspace's clients carries (null: no such workspace). */
    brandOf: (id: string): Promise<MailBrand | null> => brandOf(id),

    async get(actor: Actor, id: string): Promise<TBranding> {
      await workspaceOf(actor, id, null);
      return present(id);
    },
    async update(actor: Actor, id: string, input: TUpdateBranding): Promise<TBranding> {
      await workspaceOf(actor, id, 'manage');
      if (input.showPoweredBy === false) {
        const row = await repo.workspace(id);
        if (!row || !(await repo.paysFor(row.accountId)))
          throw badRequest(MSG.poweredByPaidOnly, { showPoweredBy: [MSG.poweredByPaidOnly] });
      }
      await repo.setBranding(id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.logoUrl !== undefined && { logoUrl: input.logoUrl }),
        ...(input.accentColor !== undefined && { accentColor: input.accentColor }),
        ...(input.showPoweredBy !== undefined && { showPoweredBy: input.showPoweredBy }),
      });
      return present(id);
    },
    async prefs(actor: Actor, id: string): Promise<TNotificationPrefs> {
      await workspaceOf(actor, id, null);
      const prefs = await repo.prefs(id, actor.id);
      if (!prefs) throw notFound(MSG.workspaceNotFound);
      return prefs;
    },
    async setPrefs(
      actor: Actor,
      id: string,
      input: z.output<typeof ZUpdateNotificationPrefs>,
    ): Promise<TNotificationPrefs> {
      await workspaceOf(actor, id, null);
      const prefs = await repo.prefs(id, actor.id);
      if (!prefs) throw notFound(MSG.workspaceNotFound);
      const next = { ...prefs, ...input };
      await repo.setPrefs(id, actor.id, next);
      return next;
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
