import {
  MSG,
  type TReview,
  type TReviewBoard,
  type TReviewPage,
  type TReviewState,
  type TSubmitReview,
} from '@cityforge/shared';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { Access, RoleIn } from '../projects/index.ts';
import { publishedUrl } from '../publishing/index.ts';
import type { Notify } from '../../jobs/notify.ts';
import type { ReviewPageRow, ReviewRepo, ReviewRow } from './review.repo.ts';

function stateOf(row: Pick<ReviewPageRow, 'version' | 'decision' | 'decidedVersion'>) {
  if (!row.decision || row.decidedVersion !== row.version) return 'awaiting' as const;
  return row.decision as TReviewState;
}

function presentReview(row: ReviewRow, currentVersion: string | null): TReview {
  return {
    id: row.id,
    pageKind: row.pageKind,
    pageId: row.pageId,
    version: row.version,
    decision: row.decision,
    comment: row.comment,
    by: row.by,
    at: row.createdAt.toISOString(),
    current: row.version === currentVersion,
  };
}

/**
 * Client review: the written pages of a project and where each stands, and a client's
 * decision on the version of a page it looked at. Staff read it all; only a client the
 * project is shared with decides (staff approving their own work would defeat it).
 */
export function createReviewService(deps: {
  access: Access;
  repo: ReviewRepo;
  notify: Notify;
  /** Who decides: a client of the project's workspace. */
  roleIn: RoleIn;
}) {
  const { repo } = deps;
  return {
    async board(actor: Actor, id: string): Promise<TReviewBoard> {
      const project = await deps.access(actor, id, 'review');
      const [rows, reviews] = await Promise.all([repo.writtenPages(id), repo.list(id)]);
      const latest = new Map<string, ReviewRow>();
      for (const r of reviews) if (!latest.has(r.pageId)) latest.set(r.pageId, r);
      const pages: TReviewPage[] = rows.map((row) => {
        const last = latest.get(row.pageId);
        return {
          pageKind: row.pageKind,
          pageId: row.pageId,
          name: row.name,
          cityId: row.cityId,
          service: row.service,
          version: row.version,
          state: stateOf(row),
          latest: last ? presentReview(last, row.version) : null,
        };
      });
      const count = (s: TReviewState) => pages.filter((p) => p.state === s).length;
      return {
        projectId: project.id,
        projectName: project.name,
        requireClientApproval: project.requireClientApproval,
        liveUrl: publishedUrl(project) ?? null,
        pages,
        counts: {
          awaiting: count('awaiting'),
          approved: count('approved'),
          changesRequested: count('changes_requested'),
        },
      };
    },
    async list(actor: Actor, id: string, pageId?: string): Promise<TReview[]> {
      await deps.access(actor, id, 'review');
      const rows = await repo.list(id, pageId);
      const current = new Map<string, string | null>();
      for (const r of rows)
        if (!current.has(r.pageId))
          current.set(r.pageId, await repo.versionOf(id, r.pageKind, r.pageId));
      return rows.map((r) => presentReview(r, current.get(r.pageId) ?? null));
    },
    async submit(actor: Actor, id: string, input: TSubmitReview): Promise<TReview> {
      const project = await deps.access(actor, id, 'review');
      if ((await deps.roleIn(project.workspaceId, actor.id)) !== 'client')
        throw forbidden(MSG.reviewClientsOnly);
      const version = await repo.versionOf(id, input.pageKind, input.pageId);
      if (!version) throw notFound(MSG.reviewPageNotFound);
      if (input.version && input.version !== version)
        throw new AppError('conflict', MSG.reviewPageChanged);
      const row = await repo.add({
        projectId: id,
        pageKind: input.pageKind,
        pageId: input.pageId,
        version,
        decision: input.decision,
        comment: input.comment ?? '',
        userId: actor.id,
      });
      await deps.notify({ event: 'clientReview', projectId: id, reviewId: row.id });
      const by = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
      return presentReview({ ...row, by }, version);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
