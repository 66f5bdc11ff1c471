import { OFFLINE_MODEL_ID } from '@cityforge/shared';
import type { PageRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import { monthKeyUtc, monthStartUtc } from '../../lib/utc-month.ts';
import type { PagesRepo } from '../pages/index.ts';
import type { CapLock } from './cap-lock.ts';
import type { PriceablePage, SpendRepo } from './spend.repo.ts';

export type CapScope = 'project' | 'account';

/** The job of the page a gate claims: which row, of which table. */
export type PageJobRef = { pageId: string; target: 'page' | 'city' | 'service-city' };

/**
 * What one page is expected to cost (USD), null when its model has no price: the estimator's
 * (generation's estimate.ts), bound by the module, so the caps never price a page a second way.
 */
export type PageCost = (page: PriceablePage) => Promise<number | null>;

/** Floating sums of float4 costs: a cap met to the last fraction of a cent is not passed. */
const SLACK_USD = 1e-9;

/** Which cap the next page would pass, the project's before the account's; null: neither. */
export function capPassed(
  caps: { project: number | null; account: number | null },
  spent: { project: number; account: number },
  next: number,
): CapScope | null {
  if (caps.project !== null && spent.project + next > caps.project + SLACK_USD) return 'project';
  if (caps.account !== null && spent.account + next > caps.account + SLACK_USD) return 'account';
  return null;
}

const hasCap = (project: ProjectRow, owner: UserRow) =>
  project.spendingCapUsd !== null || owner.spendingCapUsd !== null;

/** A job's claim, as the cap check answers it. */
export type GateAnswer =
  /** Claimed: the site page's row (null for a city page, which the worker reads itself). */
  | { page: PageRow | null }
  /** Not written: back in the queue, held until the cap allows it (pages.repo HELD_REASON). */
  | { held: CapScope; month: string }
  /** Done already, deleted, or another job holds it. */
  | null;

/**
 * The monthly spending caps' check before a page's model call: the project's spend
 * this month (UTC) and the account's across its projects, plus what the pages being written
 * will cost, plus this page's expected cost, against each cap. The offline draft costs 0 and is
 * never stopped; a model without a price is not either (its spend cannot be counted).
 */
export function createSpendingGate(deps: {
  repo: Pick<PagesRepo, 'claimPage' | 'claimCity' | 'hold'>;
  spend: SpendRepo;
  pageCost: PageCost;
  lock: CapLock;
}) {
  const { spend } = deps;

  /** Which cap `next` would pass if written now, counting the owner's pages in flight. */
  async function wouldPass(
    found: { project: ProjectRow; owner: UserRow },
    next: PriceablePage,
    now: Date,
    except?: string,
  ): Promise<CapScope | null> {
    const { project, owner } = found;
    if (!hasCap(project, owner)) return null;
    // Pages of one kind and model cost alike: each is priced once per check.
    const prices = new Map<string, Promise<number>>();
    const cost = (page: PriceablePage) => {
      const key = `${page.projectId} ${page.model} ${page.kind}`;
      let price = prices.get(key);
      if (!price) prices.set(key, (price = deps.pageCost(page).then((usd) => usd ?? 0)));
      return price;
    };
    const since = monthStartUtc(now);
    const [nextUsd, standing] = await Promise.all([
      cost(next),
      spend.standing({ projectId: project.id, ownerId: owner.id, except }, since),
    ]);
    const reserved = { project: 0, account: 0 };
    for (const flight of standing.flights) {
      const usd = await cost(flight);
      reserved.account += usd;
      if (flight.projectId === project.id) reserved.project += usd;
    }
    return capPassed(
      { project: project.spendingCapUsd, account: owner.spendingCapUsd },
      {
        project: standing.project + reserved.project,
        account: standing.account + reserved.account,
      },
      nextUsd,
    );
  }

  async function plainClaim(data: PageJobRef, jobId: string): Promise<GateAnswer> {
    if (data.target === 'page') {
      const page = await deps.repo.claimPage(data.pageId, jobId);
      return page ? { page } : null;
    }
    return (await deps.repo.claimCity(data.pageId, jobId, undefined, data.target))
      ? { page: null }
      : null;
  }

  return {
    wouldPass,

    /**
     * Claims the job's page, then checks the caps (under the owner's cap lock, so the claim
     * and the check of one page are never interleaved with another's): a page that would pass
     * one goes back to the queue, held. Without a cap, only the claim.
     */
    async claim(
      found: { project: ProjectRow; owner: UserRow },
      data: PageJobRef,
      jobId: string,
    ): Promise<GateAnswer> {
      if (!hasCap(found.project, found.owner)) return plainClaim(data, jobId);
      return deps.lock(found.owner.id, async () => {
        const claimed = await plainClaim(data, jobId);
        if (!claimed || !('page' in claimed)) return claimed;
        const model = claimed.page?.model ?? (await spend.cityModel(data.pageId));
        if (!model || model === OFFLINE_MODEL_ID) return claimed;
        // One instant for the month whose spend decides and for the hold's stamp.
        const now = new Date();
        const next: PriceablePage = {
          projectId: found.project.id,
          model,
          kind: claimed.page?.kind ?? 'city',
        };
        const held = await wouldPass(found, next, now, data.pageId);
        if (!held) return claimed;
        await deps.repo.hold(data.target, data.pageId, jobId, now);
        return { held, month: monthKeyUtc(now) };
      });
    },
  };
}
export type SpendingGate = ReturnType<typeof createSpendingGate>;
