import { Check, Sparkles } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TPlan } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import type { PlanAction } from '../plan-action';

interface PlanCardProps {
  plan: TPlan;
  action: PlanAction;
  /** This card's button is waiting for the server. */
  busy: boolean;
  /** Another card's button is busy: hold this one. */
  locked: boolean;
  onSubscribe: () => void;
  onManage: () => void;
}

export function PlanCard({ plan, action, busy, locked, onSubscribe, onManage }: PlanCardProps) {
  const current = action === 'current' || action === 'manage';
  const noteId = `plan-${plan.id}-note`;
  return (
    <article
      aria-labelledby={`plan-${plan.id}-name`}
      data-testid={`plan-${plan.name.toLowerCase()}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-card',
        plan.isPopular ? 'border-brand-300 ring-2 ring-brand-500/15' : 'border-zinc-200',
        current && 'border-emerald-300',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={`plan-${plan.id}-name`} className="text-lg font-semibold capitalize">
          {plan.name}
        </h3>
        <div className="flex flex-wrap justify-end gap-1.5">
          {plan.isPopular ? (
            <Badge variant="brand" icon={<Sparkles className="size-3" aria-hidden="true" />}>
              Most popular
            </Badge>
          ) : null}
          {current ? <Badge variant="success">Your plan</Badge> : null}
        </div>
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight text-zinc-950">
          {formatMoney(plan.price)}
        </span>
        <span className="text-sm text-zinc-500">/ {plan.interval}</span>
      </p>
      <p className="mt-3 text-sm text-zinc-600">{plan.description}</p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2 text-zinc-700">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-2">
        {action === 'current' ? (
          <Button variant="secondary" className="w-full" disabled>
            Current plan
          </Button>
        ) : action === 'manage' ? (
          <Button
            variant="outline"
            className="w-full"
            loading={busy}
            disabled={locked}
            onClick={onManage}
          >
            Manage Subscription
          </Button>
        ) : (
          <Button
            variant={plan.isPopular ? 'primary' : 'outline'}
            className="w-full"
            loading={busy}
            disabled={locked || action === 'unavailable'}
            aria-describedby={action === 'unavailable' ? noteId : undefined}
            onClick={onSubscribe}
          >
            Subscribe
          </Button>
        )}
        {action === 'unavailable' ? (
          <p id={noteId} className="text-xs text-zinc-500">
            {MSG.paymentsNotConfigured}
          </p>
        ) : null}
      </div>
    </article>
  );
}
