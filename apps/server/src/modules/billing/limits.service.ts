import { MSG, PLAN_LIMIT_MSG } from '@cityforge/shared';
import type { Executor } from '../../db/client.ts';
import type { PlanRow, UserRow } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { isSubscribed } from '../users/index.ts';
import type { BillingRepo } from './billing.repo.ts';
import type { LimitsRepo } from './limits.repo.ts';

type Deps = { limitsRepo: LimitsRepo; billingRepo: BillingRepo };
type Limit = (plan: PlanRow) => number | null;

const byProjects: Limit = (p) => p.limitProjects;
const byCityPages: Limit = (p) => p.limitCityPagesPerMonth;

/** The month the city-page allowance counts in: calendar months in UTC, like invoices. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

function nextMonthLabel(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** null means unlimited. */
const fits = (limit: number | null, needed: number) => limit === null || limit >= needed;
const roomier = (a: number | null, b: number | null) => b !== null && (a === null || a > b);

/**
 * Plan limits (docs/decisions.md, "Plans and their limits"). Superusers and admin-bypass users are
 * exempt; everyone else needs a subscription that grants access (the spec's subscription
 * requirement), whose plan caps projects and city pages per calendar month. Checks run inside
 * the caller's write transaction with the owner's row locked, so the count they see includes
 * the rows being written and concurrent writes queue behind it: a refusal rolls back whole.
 */
export function createLimitsService({ limitsRepo, billingRepo }: Deps) {
  const exempt = (user: UserRow) => user.isSuperuser || user.adminBypass;

  async function activePlan(userId: string, tx: Executor) {
    const sub = await limitsRepo.subscriptionWithPlan(userId, tx);
    return sub && isSubscribed(sub) ? sub.plan : null;
  }

  /** The cheapest dearer plan that makes room for `needed`; else the roomiest dearer one. */
  async function planThatLifts(current: PlanRow, limit: Limit, needed: number, tx: Executor) {
    const dearer = (await billingRepo.listPlans(tx))
      .filter((p) => p.priceCents > current.priceCents && roomier(limit(p), limit(current)))
      .sort((a, b) => a.priceCents - b.priceCents);
    const found = dearer.find((p) => fits(limit(p), needed)) ?? dearer.at(-1);
    return found ? { name: found.name, limit: limit(found) } : null;
  }

  return {
    /** Before a project is inserted, in the same transaction. */
    async checkProject(user: UserRow, tx: Executor): Promise<void> {
      if (exempt(user)) return;
      await limitsRepo.lockUser(user.id, tx);
      const plan = await activePlan(user.id, tx);
      if (!plan) throw forbidden(MSG.choosePlanForProjects);
      const limit = plan.limitProjects;
      if (limit === null) return;
      const owned = await limitsRepo.countProjects(user.id, tx);
      if (owned < limit) return;
      const next = await planThatLifts(plan, byProjects, owned + 1, tx);
      throw forbidden(PLAN_LIMIT_MSG.projects(plan.name, limit, next));
    },

    /**
     * How many more city pages the owner's plan lets in this month (null: no cap), and the
     * refusal an import of `adding` past it gets: the message checkCityPages would give. For
     * an import that takes what fits (a linked sheet's sync); checkCityPages still decides.
     */
    async cityPagesRoom(actor: UserRow, ownerId: string, tx: Executor, now = new Date()) {
      const unlimited = { left: null, refusal: async () => '' };
      if (exempt(actor)) return unlimited;
      const plan = await activePlan(ownerId, tx);
      if (!plan) return { left: 0, refusal: async () => MSG.choosePlanForCityPages };
      const limit = plan.limitCityPagesPerMonth;
      if (limit === null) return unlimited;
      const used = await limitsRepo.countCityPagesSince(ownerId, monthStart(now), tx);
      return {
        left: Math.max(0, limit - used),
        refusal: async (adding: number) => {
          const next = await planThatLifts(plan, byCityPages, used + adding, tx);
          return PLAN_LIMIT_MSG.cityPages(
            plan.name,
            limit,
            used,
            adding,
            nextMonthLabel(now),
            next,
          );
        },
      };
    },

    /**
     * After `adding` city pages were inserted into one of the owner's projects, in the same
     * transaction: writes them to the ledger (exempt users' too, so the figures stay whole),
     * then refuses (and so rolls back both) when the month's total is over the plan's cap.
     */
    async checkCityPages(
      actor: UserRow,
      ownerId: string,
      projectId: string,
      adding: number,
      tx: Executor,
      now = new Date(),
    ): Promise<void> {
      if (adding <= 0) return;
      if (!exempt(actor)) await limitsRepo.lockUser(ownerId, tx);
      await limitsRepo.recordCityPages(ownerId, projectId, adding, tx);
      if (exempt(actor)) return;
      const plan = await activePlan(ownerId, tx);
      if (!plan) throw forbidden(MSG.choosePlanForCityPages);
      const limit = plan.limitCityPagesPerMonth;
      if (limit === null) return;
      const total = await limitsRepo.countCityPagesSince(ownerId, monthStart(now), tx);
      if (total <= limit) return;
      const next = await planThatLifts(plan, byCityPages, total, tx);
      throw forbidden(
        PLAN_LIMIT_MSG.cityPages(
          plan.name,
          limit,
          total - adding,
          adding,
          nextMonthLabel(now),
          next,
        ),
      );
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
