import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  aiUsage,
  cities,
  deploys,
  locationCounties,
  locationStates,
  pages,
  projectClients,
  projects,
  serviceCityPages,
  users,
  type DeployRow,
  type ProjectRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/sql-like.ts';
import { writtenCitySql } from '../pages/city-release.ts';
import { factProjectsOf, heldSql } from '../pages/quality-gate.ts';
import { factCountSql } from './fact-counts.ts';

export type NewProject = typeof projects.$inferInsert;
export type ProjectPatch = Partial<Omit<NewProject, 'id' | 'userId' | 'createdAt'>>;

/** Each city's service pages as the detail lists them, in the services' order. */
function serviceCityRows(db: Db) {
  return (projectId: string) =>
    db
      .select({
        id: serviceCityPages.id,
        cityId: serviceCityPages.cityId,
        service: pages.name,
        slug: pages.slug,
        status: serviceCityPages.status,
        similarity: serviceCityPages.similarity,
        localShare: serviceCityPages.localShare,
        wordCount: serviceCityPages.wordCount,
        stuffing: serviceCityPages.stuffing,
        factsStated: serviceCityPages.factsStated,
        approvedAt: serviceCityPages.approvedAt,
      })
      .from(serviceCityPages)
      .innerJoin(pages, eq(pages.id, serviceCityPages.servicePageId))
      .where(eq(serviceCityPages.projectId, projectId))
      .orderBy(asc(pages.sortOrder), asc(pages.name));
}
export type ServiceCityRow = Awaited<ReturnType<ReturnType<typeof serviceCityRows>>>[number];

/** Which projects a list holds: an account's, a workspace's, those shared with a client. */
export type ListFilter = {
  userId?: string | null;
  workspaceId?: string;
  sharedWith?: string;
  query: string;
};

export function createProjectsRepo(db: Db) {
  const serviceCitiesOf = serviceCityRows(db);
  return {
    async list(filter: ListFilter, page: number, size: number) {
      const conditions: SQL[] = [];
      if (filter.userId) conditions.push(eq(projects.userId, filter.userId));
      if (filter.workspaceId) conditions.push(eq(projects.workspaceId, filter.workspaceId));
      if (filter.sharedWith)
        conditions.push(
          inArray(
            projects.id,
            db
              .select({ id: projectClients.projectId })
              .from(projectClients)
              .where(eq(projectClients.userId, filter.sharedWith)),
          ),
        );
      if (filter.query) {
        const like = containing(filter.query);
        conditions.push(
          or(
            ilike(projects.name, like),
            ilike(projects.serviceType, like),
            ilike(projects.clientDomain, like),
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(projects).where(where);
      const rows = await db
        .select()
        .from(projects)
        .where(where)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(size)
        .offset((page - 1) * size);
      return { count: total?.n ?? 0, rows };
    },
    async findById(id: string, tx: Executor = db): Promise<ProjectRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1);
      return row ?? null;
    },
    async insert(values: NewProject, tx: Executor = db): Promise<ProjectRow> {
      const [row] = await tx.insert(projects).values(values).returning();
      return row!;
    },
    async update(id: string, patch: ProjectPatch, tx: Executor = db): Promise<ProjectRow> {
      const [row] = await tx
        .update(projects)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(projects.id, id))
        .returning();
      return row!;
    },
    /** A project with its owner in one query (the page worker needs both for every page). */
    async withOwner(projectId: string): Promise<{ project: ProjectRow; owner: UserRow } | null> {
      const [row] = await db
        .select({ project: projects, owner: users })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(eq(projects.id, projectId))
        .limit(1);
      return row ?? null;
    },
    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.delete(projects).where(eq(projects.id, id));
    },
    /** City-page counts for a set of projects, in one query. */
    async cityCounts(projectIds: string[]): Promise<Map<string, number>> {
      if (!projectIds.length) return new Map();
      const rows = await db
        .select({ projectId: cities.projectId, n: count() })
        .from(cities)
        .where(inArray(cities.projectId, projectIds))
        .groupBy(cities.projectId);
      return new Map(rows.map((r) => [r.projectId, r.n]));
    },
    /** City pages of these projects the quality gate holds back, in one query. */
    async heldCounts(projectIds: string[]): Promise<Map<string, number>> {
      if (!projectIds.length) return new Map();
      const factProjects = await factProjectsOf(db, projectIds);
      const rows = await db
        .select({ projectId: cities.projectId, n: count() })
        .from(cities)
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(and(inArray(cities.projectId, projectIds), heldSql({ factProjects })))
        .groupBy(cities.projectId);
      return new Map(rows.map((r) => [r.projectId, r.n]));
    },
    /** Written and released city pages of these projects (the staged ones), in one query. */
    async releaseCounts(projectIds: string[]) {
      if (!projectIds.length) return new Map<string, { written: number; live: number }>();
      const written = writtenCitySql();
      const rows = await db
        .select({
          projectId: cities.projectId,
          written: sql<number>`(count(*) filter (where ${written}))::int`,
          live: sql<number>`(count(*) filter (where ${written} and ${cities.releasedAt} is not null))::int`,
        })
        .from(cities)
        .where(inArray(cities.projectId, projectIds))
        .groupBy(cities.projectId);
      return new Map(rows.map(({ projectId, ...counts }) => [projectId, counts]));
    },
    /** The latest deploy of each project (the cards show its progress or outcome). */
    async latestDeploys(projectIds: string[]): Promise<Map<string, DeployRow>> {
      if (!projectIds.length) return new Map();
      const rows = await db
        .selectDistinctOn([deploys.projectId])
        .from(deploys)
        .where(inArray(deploys.projectId, projectIds))
        .orderBy(deploys.projectId, desc(deploys.startedAt));
      return new Map(rows.map((r) => [r.projectId, r]));
    },
    /**
     * Usage summed per project, call type, model and output mode (the cards show totals, not
     * every call; the mode shows which models needed JSON mode and its repairs).
     */
    async usageByProject(projectIds: string[]) {
      if (!projectIds.length) return [];
      return db
        .select({
          projectId: aiUsage.projectId,
          callType: aiUsage.callType,
          model: aiUsage.model,
          outputMode: aiUsage.outputMode,
          promptTokens: sql<number>`sum(${aiUsage.promptTokens})::int`,
          completionTokens: sql<number>`sum(${aiUsage.completionTokens})::int`,
          totalTokens: sql<number>`sum(${aiUsage.totalTokens})::int`,
          // The calls priced so far (sum skips nulls); null when none of them is.
          costUsd: sql<number | null>`sum(${aiUsage.costUsd})::float8`,
          createdAt: sql<Date>`max(${aiUsage.createdAt})`,
        })
        .from(aiUsage)
        .where(inArray(aiUsage.projectId, projectIds))
        .groupBy(aiUsage.projectId, aiUsage.callType, aiUsage.model, aiUsage.outputMode);
    },
    async usageOfProject(projectId: string) {
      return db
        .select()
        .from(aiUsage)
        .where(eq(aiUsage.projectId, projectId))
        .orderBy(asc(aiUsage.createdAt));
    },
    pagesOf: (projectId: string) =>
      db
        .select()
        .from(pages)
        .where(eq(pages.projectId, projectId))
        .orderBy(asc(pages.sortOrder), asc(pages.createdAt)),
    /** The project's services: its service pages, in menu order. */
    servicesOf: (projectId: string, tx: Executor = db) =>
      tx
        .select({ id: pages.id, name: pages.name, slug: pages.slug })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.kind, 'service')))
        .orderBy(asc(pages.sortOrder), asc(pages.createdAt)),
    async findPage(projectId: string, pageId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(pageId)) return null;
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.id, pageId)))
        .limit(1);
      return row ?? null;
    },
    async deletePage(pageId: string) {
      await db.delete(pages).where(eq(pages.id, pageId));
    },
    async locationTree(projectId: string) {
      const [states, counties, cityRows] = await Promise.all([
        db
          .select()
          .from(locationStates)
          .where(eq(locationStates.projectId, projectId))
          .orderBy(asc(locationStates.name)),
        db
          .select()
          .from(locationCounties)
          .where(eq(locationCounties.projectId, projectId))
          .orderBy(asc(locationCounties.name)),
        // Only what the tree shows: a big project's page HTML would dwarf the answer.
        db
          .select({
            id: cities.id,
            countyId: cities.countyId,
            name: cities.name,
            slug: cities.slug,
            zips: cities.zips,
            status: cities.status,
            failedAt: cities.failedAt,
            failureReason: cities.failureReason,
            model: cities.model,
            similarity: cities.similarity,
            similarTo: cities.similarTo,
            factCount: factCountSql(),
          })
          .from(cities)
          .where(eq(cities.projectId, projectId))
          .orderBy(asc(cities.name)),
      ]);
      return {
        states,
        counties,
        cities: cityRows,
        serviceCities: await serviceCitiesOf(projectId),
      };
    },
    async findCity(projectId: string, cityId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(cityId)) return null;
      const [row] = await db
        .select()
        .from(cities)
        .where(and(eq(cities.projectId, projectId), eq(cities.id, cityId)))
        .limit(1);
      return row ?? null;
    },
    async setCityApproval(cityId: string, approvedAt: Date | null) {
      await db.update(cities).set({ approvedAt }).where(eq(cities.id, cityId));
    },
    /** Removes a city, then its county and state if they were left empty. */
    async deleteCity(cityId: string, countyId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(cities).where(eq(cities.id, cityId));
        const [left] = await tx
          .select({ n: count() })
          .from(cities)
          .where(eq(cities.countyId, countyId));
        if ((left?.n ?? 0) > 0) return;
        const [county] = await tx
          .delete(locationCounties)
          .where(eq(locationCounties.id, countyId))
          .returning({ stateId: locationCounties.stateId });
        if (!county) return;
        const [siblings] = await tx
          .select({ n: count() })
          .from(locationCounties)
          .where(eq(locationCounties.stateId, county.stateId));
        if ((siblings?.n ?? 0) === 0)
          await tx.delete(locationStates).where(eq(locationStates.id, county.stateId));
      });
    },
  };
}
export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
