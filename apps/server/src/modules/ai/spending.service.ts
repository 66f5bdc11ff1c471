import type { Access } from '../projects/index.ts';
import type { TMonthSpend } from '@cityforge/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { capOf } from '../../lib/usd.ts';
import { monthKeyUtc, monthStartUtc } from '../../lib/utc-month.ts';
import type { PagesRepo } from '../pages/index.ts';
import type { SpendRepo } from './spend.repo.ts';

// Calls cost fractions of a cent; six decimals keep them and drop float4's noise.
const micro = (usd: number) => Math.round(usd * 1e6) / 1e6;

/** This month's spend against the caps, as the settings and profile screens show it. */
export function createSpendingService(deps: {
  spend: Pick<SpendRepo, 'spent'>;
  repo: Pick<PagesRepo, 'heldCount'>;
  access: Access;
}) {
  async function monthSpend(
    scope: { projectId: string } | { userId: string },
    capUsd: number | null,
  ): Promise<TMonthSpend> {
    const now = new Date();
    const [spent, held] = await Promise.all([
      deps.spend.spent(scope, monthStartUtc(now)),
      deps.repo.heldCount('projectId' in scope ? scope : { ownerId: scope.userId }),
    ]);
    return {
      month: monthKeyUtc(now),
      spentUsd: micro(spent),
      capUsd: capOf(capUsd),
      heldPages: held,
    };
  }

  return {
    async ofProject(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'read');
      return { data: await monthSpend({ projectId: project.id }, project.spendingCapUsd) };
    },
    async ofAccount(user: UserRow) {
      return { data: await monthSpend({ userId: user.id }, user.spendingCapUsd) };
    },
  };
}
export type SpendingService = ReturnType<typeof createSpendingService>;
