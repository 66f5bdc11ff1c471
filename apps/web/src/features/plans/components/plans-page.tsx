import { useState } from 'react';
import { CreditCard } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { RetryAlert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth-store';
import { useCheckout } from '../api/checkout';
import { usePlans } from '../api/get-plans';
import { useManageSubscription } from '../api/manage-subscription';
import { planAction } from '../plan-action';
import { BillingHistory } from './billing-history';
import { PlanCard } from './plan-card';

function failureDetail(error: unknown): { message: string } | undefined {
  return error instanceof Error && error.message ? { message: error.message } : undefined;
}

/** /plans: plan cards and billing history. */
export default function PlansPage() {
  const { user } = useAuth();
  const plans = usePlans();
  const checkout = useCheckout();
  const manage = useManageSubscription();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);

  async function subscribe(planId: string) {
    setBusyPlan(planId);
    try {
      await checkout.mutateAsync(planId);
    } catch (error) {
      toast.error(MSG.subscribeFailed, failureDetail(error));
      setBusyPlan(null);
    }
  }

  async function openPortal(planId: string) {
    setBusyPlan(planId);
    try {
      await manage.mutateAsync();
    } catch (error) {
      toast.error(MSG.manageFailed, failureDetail(error));
      setBusyPlan(null);
    }
  }

  let content;
  if (plans.isPending) {
    content = (
      <div
        className="grid gap-6 md:grid-cols-2 xl:grid-cols-4"
        role="status"
        aria-label="Loading plans"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonCard key={i} className="h-80" />
        ))}
      </div>
    );
  } else if (plans.isError) {
    content = (
      <RetryAlert testId="plans-error" onRetry={() => plans.refetch()}>
        {`${MSG.plansLoadFailed}: ${plans.error.message || MSG.fetchPlansFailed}`}
      </RetryAlert>
    );
  } else if (plans.data.results.length === 0) {
    content = <EmptyState icon={<CreditCard />} title={MSG.noPlans} />;
  } else {
    content = (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {plans.data.results.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={planAction(plan, user)}
            busy={busyPlan === plan.id}
            locked={busyPlan !== null && busyPlan !== plan.id}
            onSubscribe={() => void subscribe(plan.id)}
            onManage={() => void openPortal(plan.id)}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="space-y-10">
      <div>
        <PageHeader
          title="Plans & Billing"
          description={
            user?.isSubscribed || user?.adminBypass
              ? 'Change or manage your plan, and find your past invoices.'
              : 'Choose a plan to start building sites. You can change it at any time.'
          }
        />
        <section aria-label="Plans">{content}</section>
        <p className="mt-4 text-sm text-zinc-500" data-testid="allowance-note">
          A plan&apos;s monthly pages count every city page and every service page of a city (one
          service in one place) written that month.
        </p>
      </div>
      <BillingHistory />
    </div>
  );
}
