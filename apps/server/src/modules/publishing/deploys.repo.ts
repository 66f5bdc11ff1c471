import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { TDeployState } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { deploys, type DeployRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

const ACTIVE: TDeployState[] = ['queued', 'building', 'uploading', 'processing'];

export type DeployPatch = Partial<
  Pick<
    DeployRow,
    | 'state'
    | 'filesTotal'
    | 'filesToUpload'
    | 'filesUploaded'
    | 'error'
    | 'errorKind'
    | 'note'
    | 'indexNow'
    | 'netlifyDeployId'
    | 'siteUrl'
    | 'finishedAt'
  >
>;

/** The deploys' rows: one running deploy per project, its progress, its end. */
export function createDeploysRepo(db: Db) {
  return {
    /**
     * A new deploy, or null while another one of the project is still running. Inside a
     * transaction a null leaves it aborted: the caller must roll it back.
     */
    async startDeploy(projectId: string, tx: Executor = db): Promise<DeployRow | null> {
      try {
        const [row] = await tx.insert(deploys).values({ projectId }).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async findDeploy(id: string, tx: Executor = db): Promise<DeployRow | null> {
      const [row] = await tx.select().from(deploys).where(eq(deploys.id, id)).limit(1);
      return row ?? null;
    },
    /** Which of these deploys are still running (queued or under way). */
    async activeDeployIds(ids: string[], tx: Executor = db): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await tx
        .select({ id: deploys.id })
        .from(deploys)
        .where(and(inArray(deploys.id, ids), inArray(deploys.state, ACTIVE)));
      return new Set(rows.map((r) => r.id));
    },
    async latestDeploy(projectId: string, tx: Executor = db): Promise<DeployRow | null> {
      const [row] = await tx
        .select()
        .from(deploys)
        .where(eq(deploys.projectId, projectId))
        .orderBy(desc(deploys.startedAt))
        .limit(1);
      return row ?? null;
    },
    /** Every write is also a heartbeat: the worker running the deploy is alive. */
    async updateDeploy(id: string, patch: DeployPatch, tx: Executor = db): Promise<void> {
      await tx
        .update(deploys)
        .set({ ...patch, heartbeatAt: new Date() })
        .where(eq(deploys.id, id));
    },
    /**
     * Running deploys of the project whose worker stopped beating before `before` end as
     * interrupted, so they no longer block the next publish.
     */
    async abandonStale(
      projectId: string,
      before: Date,
      message: string,
      tx: Executor = db,
    ): Promise<number> {
      const rows = await tx
        .update(deploys)
        .set({ state: 'error', error: message, errorKind: 'interrupted', finishedAt: new Date() })
        .where(
          and(
            eq(deploys.projectId, projectId),
            inArray(deploys.state, ACTIVE),
            lt(deploys.heartbeatAt, before),
          ),
        )
        .returning({ id: deploys.id });
      return rows.length;
    },

    /** The same for every project: the recovery sweep after a worker died. */
    async abandonAllStale(before: Date, message: string, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(deploys)
        .set({ state: 'error', error: message, errorKind: 'interrupted', finishedAt: new Date() })
        .where(and(inArray(deploys.state, ACTIVE), lt(deploys.heartbeatAt, before)))
        .returning({ id: deploys.id });
      return rows.length;
    },
  };
}
