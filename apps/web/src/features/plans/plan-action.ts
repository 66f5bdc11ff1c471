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

/** Which button a plan card shows for this user. */
export function planAction(
  plan: Pick<TPlan, 'id' | 'price' | 'purchasable'>,
  user: PlanUser | null,
): PlanAction {
  if (isCurrentPlan(plan, user)) return plan.price > 0 ? 'manage' : 'current';
  return plan.purchasable ? 'subscribe' : 'unavailable';
}
