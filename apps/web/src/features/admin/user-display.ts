import { isInProgress } from '@cityforge/shared';
import type { TAdminUser } from '@cityforge/shared';
import type { BadgeVariant } from '../../components/ui/badge';

type Named = Pick<TAdminUser, 'fullName' | 'firstName' | 'lastName'>;

/** The user's name as the server composed it, else the two parts, else null. */
export function userName(user: Named): string | null {
  const full = user.fullName.trim() || `${user.firstName} ${user.lastName}`.trim();
  return full || null;
}

/** Dialog titles: "Projects of Jane Doe", or of the e-mail for users without a name. */
export function userLabel(user: Named & Pick<TAdminUser, 'email'>): string {
  return userName(user) ?? user.email;
}

/** Subscription statuses that grant access read as success; trouble in amber, endings in red. */
export function subscriptionVariant(status: string): BadgeVariant {
  const s = status.toLowerCase();
  if (s === 'active' || s === 'trialing') return 'success';
  if (s === 'past_due' || s === 'incomplete' || s === 'unpaid') return 'warning';
  if (s === 'canceled' || s === 'cancelled' || s === 'incomplete_expired') return 'danger';
  return 'default';
}

/** "past_due" → "past due" for badges. */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Project status badges as on the project detail screen: Created/Published green, In progress amber, Error red. */
export function projectStatusVariant(status: string): BadgeVariant {
  const s = status.toLowerCase();
  if (isInProgress(status)) return 'warning';
  if (s === 'error') return 'danger';
  if (s === 'created' || s === 'published') return 'success';
  return 'default';
}

/** "3 projects · 1 deployment". */
export function projectSummary(user: Pick<TAdminUser, 'projectStatus'>): string {
  const { totalProjects: p, totalDeployments: d } = user.projectStatus;
  return `${p} ${p === 1 ? 'project' : 'projects'} · ${d} ${d === 1 ? 'deployment' : 'deployments'}`;
}
