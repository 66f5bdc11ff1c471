import type { ReactNode } from 'react';
import { CreditCard, DollarSign, UserCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ACTIVE_USER_DAYS, MSG } from '@cityforge/shared';
import { RetryAlert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useAdminKpis } from '../api/get-kpis';
import { useErrorToast } from '../use-error-toast';

function KpiCard({
  label,
  value,
  hint,
  icon: Icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-5" data-testid={testId}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-zinc-500">{label}</p>
        <p className="mt-1.5 truncate text-2xl font-semibold text-zinc-950 tabular-nums">{value}</p>
        {hint ? <p className="mt-1 text-xs text-zinc-500">{hint}</p> : null}
      </div>
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 [&_svg]:size-5">
        <Icon aria-hidden="true" />
      </div>
    </Card>
  );
}

// The cards in order: which figure of the answer each shows, under what label and icon.
const KPIS = [
  { id: 'total-users', figure: 'totalUsers', label: 'Total Users', icon: Users },
  {
    id: 'active-users',
    figure: 'totalActiveUsers',
    label: 'Active Users',
    icon: UserCheck,
    hint: `seen in the last ${ACTIVE_USER_DAYS} days`,
  },
  { id: 'paid-users', figure: 'totalPaidUsers', label: 'Paid Users', icon: CreditCard },
  { id: 'total-revenue', figure: 'totalRevenue', label: 'Total Revenue', icon: DollarSign },
] as const;

/** Total, active and paid users and total revenue. */
export function KpiCards() {
  const kpis = useAdminKpis();
  useErrorToast(kpis, MSG.fetchKpisFailed);

  if (kpis.isPending) {
    return (
      <div
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
        role="status"
        aria-label="Loading statistics"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-16" />
          </Card>
        ))}
      </div>
    );
  }

  if (kpis.isError) {
    return (
      <RetryAlert testId="kpis-error" onRetry={() => kpis.refetch()} retrying={kpis.isFetching}>
        {MSG.fetchKpisFailed}
      </RetryAlert>
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {KPIS.map(({ id, figure, ...card }) => (
        <KpiCard
          key={id}
          testId={`kpi-${id}`}
          value={
            figure === 'totalRevenue'
              ? formatMoney(kpis.data[figure])
              : formatNumber(kpis.data[figure])
          }
          {...card}
        />
      ))}
    </div>
  );
}
