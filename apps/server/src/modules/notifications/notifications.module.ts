import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/module.ts';
import type { MailQueue } from '../mail/index.ts';
import type { WorkspacesService } from '../workspaces/index.ts';
import { brandingRoutes } from './branding.routes.ts';
import { createBrandingService } from './branding.service.ts';
import { createNotificationsRepo } from './notifications.repo.ts';
import { registerNotifyWorker } from './notify.worker.ts';

/**
 * What a workspace's people are told by e-mail and how its clients see it: its brand, each
 * member's choice of e-mails, and the worker that turns events (jobs/notify.ts) into mails.
 */
export function createNotificationsModule(deps: {
  db: Db;
  boss: PgBoss;
  config: Pick<Config, 'appUrl'>;
  mailQueue: MailQueue;
  workspaces: Pick<WorkspacesService, 'memberOf'>;
}) {
  const repo = createNotificationsRepo(deps.db);
  const service = createBrandingService({ repo, memberOf: deps.workspaces.memberOf });
  return {
    repo,
    service,
    routes: [route(brandingRoutes, { brandingService: service })],
    async workers() {
      await registerNotifyWorker(deps.boss, {
        repo,
        mailQueue: deps.mailQueue,
        appUrl: deps.config.appUrl,
      });
    },
  };
}
export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
