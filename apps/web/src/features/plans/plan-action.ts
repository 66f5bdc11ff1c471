import type { TPlan, TUser } from '@cityforge/shared';

export type PlanAction =
  /** The user's plan, free: nothing to manage. */
  | 'current'
  /** The user's plan, paid: opens the billing portal. */
  | 'manage'
  /** Another plan that can be bought: opens checkout. */
  | 'subscribe'
  /** A paid plan while payments are not configured on this server. */
  | 'unavailable';

type PlanUser = Pick<TUser, 'isSubscribed' | 'subscription'>;

export function isCurrentPlan(plan: Pick<TPlan, 'id'>, user: PlanUser | null): boolean {
  return !!user?.isSubscribed && user.subscription?.plan.id === plan.id;
}

/** Which button a plan card shows for this user (spec part 2 "Plans screen"). */
export function planAction(
  plan: Pick<TPlan, 'id' | 'price' | 'purchasable'>,
  user: PlanUser | null,
): PlanAction {
  if (isCurrentPlan(plan, user)) return plan.price > 0 ? 'manage' : 'current';
  return plan.purchasable ? 'subscribe' : 'unavailable';
}

/** "paid" is shown in the success style; everything else neutral, failures in red. */
export function invoiceStatusVariant(status: string): 'success' | 'warning' | 'danger' | 'default' {
  const s = status.toLowerCase();
  if (s === 'paid') return 'success';
  if (s === 'open' || s === 'pending' || s === 'draft') return 'warning';
  if (s === 'uncollectible' || s === 'failed' || s === 'void') return 'danger';
  return 'default';
}

/** "Page 2 of 5" arithmetic for a paged list, pages from 1. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
