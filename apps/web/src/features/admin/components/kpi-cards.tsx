import type { ReactNode } from 'react';
import { CreditCard, DollarSign, UserCheck, Users } from 'lucide-react';
import { ACTIVE_USER_DAYS, MSG } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useAdminKpis } from '../api/get-kpis';
import { useErrorToast } from '../use-error-toast';

function KpiCard({
  label,
  value,
  hint,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  icon: ReactNode;
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
        {icon}
      </div>
    </Card>
  );
}

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
      <Alert
        variant="error"
        testId="kpis-error"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => void kpis.refetch()}
            loading={kpis.isFetching}
          >
            Retry
          </Button>
        }
      >
        {MSG.fetchKpisFailed}
      </Alert>
    );
  }

  const k = kpis.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <KpiCard
        label="Total Users"
        value={formatNumber(k.totalUsers)}
        icon={<Users aria-hidden="true" />}
        testId="kpi-total-users"
      />
      <KpiCard
        label="Active Users"
        value={formatNumber(k.totalActiveUsers)}
        hint={`seen in the last ${ACTIVE_USER_DAYS} days`}
        icon={<UserCheck aria-hidden="true" />}
        testId="kpi-active-users"
      />
      <KpiCard
        label="Paid Users"
        value={formatNumber(k.totalPaidUsers)}
        icon={<CreditCard aria-hidden="true" />}
        testId="kpi-paid-users"
      />
      <KpiCard
        label="Total Revenue"
        value={formatMoney(k.totalRevenue)}
        icon={<DollarSign aria-hidden="true" />}
        testId="kpi-total-revenue"
      />
    </div>
  );
}
