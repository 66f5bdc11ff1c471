import type { Db } from '../../db/client.ts';
import { route } from '../../lib/module.ts';
import type { Access, RoleIn } from '../projects/index.ts';
import type { Notify } from '../../jobs/notify.ts';
import { createReviewRepo } from './review.repo.ts';
import { reviewRoutes } from './review.routes.ts';
import { createReviewService } from './review.service.ts';

/** Client review: clients approve or ask for changes page by page; deploys follow. */
export function createReviewModule(deps: {
  db: Db;
  access: Access;
  notify: Notify;
  roleIn: RoleIn;
}) {
  const repo = createReviewRepo(deps.db);
  const service = createReviewService({ ...deps, repo });
  return { repo, service, routes: [route(reviewRoutes, { reviewService: service })] };
}
export type ReviewModule = ReturnType<typeof createReviewModule>;
