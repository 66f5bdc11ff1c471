import { Wallet } from 'lucide-react';
import type { TUser } from '@cityforge/shared';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { CAP_LABEL } from '../../../components/spending/cap-field';
import { MonthSpend } from '../../../components/spending/month-spend';
import { formatUsd } from '../../../lib/cost';
import { useAccountSpending } from '../api/get-account-spending';
import { IconTitle } from './icon-title';

/** The account's monthly spending cap and this month's spend across its projects. */
export function SpendingCard({ user }: { user: TUser }) {
  const spend = useAccountSpending();
  return (
    <Card>
      <CardHeader
        title={<IconTitle icon={Wallet}>Spending</IconTitle>}
        description="What the AI calls of all your projects may cost in a calendar month (UTC). A project can have a cap of its own, in its settings."
      />
      <CardBody className="space-y-4">
        <p className="text-sm" data-testid="account-cap">
          <span className="font-medium text-zinc-500">{CAP_LABEL}: </span>
          {user.spendingCapUsd === null ? (
            <span className="text-zinc-500">No cap</span>
          ) : (
            <span className="text-zinc-900">{formatUsd(user.spendingCapUsd)}</span>
          )}
        </p>
        {spend.data ? <MonthSpend spend={spend.data} /> : null}
      </CardBody>
    </Card>
  );
}
