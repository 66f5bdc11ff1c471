import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  cities,
  pageReviews,
  pages,
  plans,
  projectClients,
  projects,
  serviceCityPages,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
  type NotificationPrefsRow,
  type WorkspaceRow,
} from '../../db/schema/index.ts';
import { isSubscribed } from '../users/index.ts';
import { awaitingApprovalSql } from '../pages/index.ts';

export type Recipient = { email: string; firstName: string };
export type Pref = keyof NotificationPrefsRow;

/** Who is told what, a workspace's brand, and the figures the mails carry. */
export function createNotificationsRepo(db: Db) {
  const recipient = { email: users.email, firstName: users.firstName };
  return {
    async project(projectId: string) {
      const [row] = await db
        .select({ project: projects, workspace: workspaces })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .where(eq(projects.id, projectId));
      return row ?? null;
    },
    /** Staff of the workspace (editors and up) who keep this e-mail on. */
    staffWanting(workspaceId: string, pref: Pref): Promise<Recipient[]> {
      return db
        .select(recipient)
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            inArray(workspaceMembers.role, ['owner', 'admin', 'editor']),
            sql`(${workspaceMembers.notify} ->> ${pref})::boolean is not false`,
          ),
        );
    },
    /** The clients the project is shared with who keep review mails on. */
    clientsWanting(projectId: string, workspaceId: string): Promise<Recipient[]> {
      return db
        .select(recipient)
        .from(projectClients)
        .innerJoin(users, eq(users.id, projectClients.userId))
        .innerJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.userId, projectClients.userId),
            eq(workspaceMembers.workspaceId, workspaceId),
          ),
        )
        .where(
          and(
            eq(projectClients.projectId, projectId),
            eq(workspaceMembers.role, 'client'),
            sql`(${workspaceMembers.notify} ->> 'clientReview')::boolean is not false`,
          ),
        );
    },
    /** Pages of the project that failed to be written. */
    async failedCount(projectId: string): Promise<number> {
      const failed = (t: typeof pages | typeof cities | typeof serviceCityPages) =>
        db
          .select({ n: count() })
          .from(t as typeof pages)
          .where(and(eq(t.projectId, projectId), eq(t.status, PAGE_STATUS.failed)));
      const counts = await Promise.all([failed(pages), failed(cities), failed(serviceCityPages)]);
      return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
    },
    /** Written pages whose current version awaits the client's approval. */
    async awaitingCount(projectId: string): Promise<number> {
      const awaiting = async (kind: 'page' | 'city' | 'serviceCity') => {
        const t = { page: pages, city: cities, serviceCity: serviceCityPages }[kind];
        const [row] = await db
          .select({ n: count() })
          .from(t as typeof pages)
          .where(
            and(
              eq(t.projectId, projectId),
              eq(t.status, PAGE_STATUS.completed),
              sql`${t.contentHtml} is not null`,
              awaitingApprovalSql(kind),
            ),
          );
        return row?.n ?? 0;
      };
      const counts = await Promise.all([
        awaiting('page'),
        awaiting('city'),
        awaiting('serviceCity'),
      ]);
      return counts.reduce((a, b) => a + b, 0);
    },
    async review(reviewId: string) {
      const [row] = await db
        .select({
          review: pageReviews,
          byName: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, '')`,
        })
        .from(pageReviews)
        .leftJoin(users, eq(users.id, pageReviews.userId))
        .where(eq(pageReviews.id, reviewId));
      return row ?? null;
    },
    /** The reviewed page's name: a main page's, a place's, or a service in a place. */
    async pageName(kind: string, pageId: string): Promise<string> {
      const result = await db.execute(sql`
        select name from pages where id = ${pageId} and ${kind} = 'page'
        union all select name from cities where id = ${pageId} and ${kind} = 'city'
        union all select p.name || ' in ' || c.name from service_city_pages s
          join pages p on p.id = s.service_page_id join cities c on c.id = s.city_id
          where s.id = ${pageId} and ${kind} = 'serviceCity'`);
      return rowsOf<{ name: string }>(result)[0]?.name ?? 'A page';
    },
    async prefs(workspaceId: string, userId: string): Promise<NotificationPrefsRow | null> {
      const [row] = await db
        .select({ notify: workspaceMembers.notify })
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        );
      return row?.notify ?? null;
    },
    async setPrefs(workspaceId: string, userId: string, notify: NotificationPrefsRow) {
      await db
        .update(workspaceMembers)
        .set({ notify })
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        );
    },
    async workspace(workspaceId: string): Promise<WorkspaceRow | null> {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      return row ?? null;
    },
    async setBranding(
      workspaceId: string,
      patch: Partial<Pick<WorkspaceRow, 'name' | 'logoUrl' | 'accentColor' | 'showPoweredBy'>>,
    ) {
      if (Object.keys(patch).length)
        await db.update(workspaces).set(patch).where(eq(workspaces.id, workspaceId));
    },
    /** Whether the account pays: a subscription that grants access, to a plan with a price. */
    async paysFor(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ status: subscriptions.status, price: plans.priceCents })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, accountId));
      return Boolean(row && isSubscribed(row) && row.price > 0);
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
