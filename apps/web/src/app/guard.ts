import {
  normalisePath,
  isAuthPath,
  matchRoute,
  PUBLIC_PATHS,
  ROUTES,
  UNSUBSCRIBED_PATHS,
} from './paths';
import { afterSignIn } from '../features/auth/components/login-page';

export interface GuardUser {
  isSuperuser: boolean;
  isSubscribed: boolean;
  adminBypass: boolean;
}

export interface GuardInput {
  path: string;
  /** The address's query: a sign-in screen's `next` names the invitation it was opened for. */
  search?: string;
  user: GuardUser | null;
  /** true while the stored session is still being checked at startup. */
  loading: boolean;
}

function rules({
  path,
  search,
  user,
}: {
  path: string;
  search?: string;
  user: GuardUser | null;
}): string | null {
  const clean = normalisePath(path);
  const route = matchRoute(clean);
  // "/" and unknown paths.
  if (!route) return user ? ROUTES.projects : ROUTES.login;
  // An invitation's page works for anyone: signed out it offers to sign in, signed in to accept.
  if (route === 'acceptInvitation') return null;
  if (!user) return PUBLIC_PATHS.includes(clean) ? null : ROUTES.login;
  // Signed in from an invitation's "Sign in to accept": back to it, plan or no plan.
  if (isAuthPath(clean)) {
    const next = afterSignIn(new URLSearchParams(search ?? '').get('next'));
    if (next !== ROUTES.projects) return next;
  }
  if (route === 'adminUsers' && !user.isSuperuser) return ROUTES.projects;
  if (user.adminBypass) {
    return isAuthPath(clean) || route === 'paymentSuccess' ? ROUTES.projects : null;
  }
  // A client reviews and sets their e-mails under their agency's plan, not one of their own.
  const ownPlanless =
    route === 'review' || route === 'reviewProject' || route === 'workspaceSettings';
  if (!user.isSubscribed)
    return UNSUBSCRIBED_PATHS.includes(clean) || ownPlanless ? null : ROUTES.plans;
  return isAuthPath(clean) ? ROUTES.projects : null;
}

/**
 * The route guard, as a pure decision: where to send the visitor, or null to stay.
 * Nothing moves while the session is loading. A redirect target is itself checked, so an
 * unsubscribed user sent to /projects lands on /plans in one step.
 */
export function guardRedirect(input: GuardInput): string | null {
  if (input.loading) return null;
  let target = rules(input);
  for (let hops = 0; target !== null && hops < 3; hops += 1) {
    const next = rules({ path: target, user: input.user });
    if (next === null || next === target) break;
    target = next;
  }
  return target;
}

/** While there is no user and the path is not an auth path, a full-screen "Loading..." shows. */
export function showFullScreenLoading(input: GuardInput): boolean {
  return input.loading && !input.user && !isAuthPath(input.path);
}
