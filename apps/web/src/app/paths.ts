import { matchPath } from 'react-router';

/** Every route of the web app, as react-router patterns. */
export const ROUTES = {
  login: '/login',
  signup: '/signup',
  verifyEmail: '/verify-email',
  requestPasswordReset: '/request-password-reset',
  resetPassword: '/reset-password',
  paymentSuccess: '/payment-success',
  projects: '/projects',
  newProject: '/projects/new',
  projectDetail: '/project/:id/detail',
  projectHomepage: '/project/:id/homepage',
  previewPage: '/project/:id/page/:slug',
  previewService: '/project/:id/service/:slug',
  previewStates: '/project/:id/states',
  previewCounties: '/project/:id/counties/:stateId',
  previewCities: '/project/:id/cities/:countyId',
  previewCity: '/project/:id/city/:cityId',
  previewServiceCity: '/project/:id/city/:cityId/service/:service',
  projectSettings: '/projects/:id/settings',
  editHomepage: '/projects/:id/edit',
  editPage: '/projects/:id/page/:slug/edit',
  editService: '/projects/:id/service/:slug/edit',
  editCity: '/projects/:id/city/:cityId/edit',
  editServiceCity: '/projects/:id/city/:cityId/service/:service/edit',
  upload: '/upload',
  adminUsers: '/admin/users',
  profile: '/profile',
  plans: '/plans',
  team: '/team',
  acceptInvitation: '/invitations/:token',
  review: '/review',
  reviewProject: '/review/:id',
  workspaceSettings: '/workspace/settings',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Sign-in screens: no header on login and signup, and signed-in users are sent away. */
export const AUTH_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signup,
  ROUTES.verifyEmail,
  ROUTES.requestPasswordReset,
  ROUTES.resetPassword,
];

/** Reachable without signing in. */
export const PUBLIC_PATHS: readonly string[] = [...AUTH_PATHS, ROUTES.paymentSuccess];

/** Reachable while signed in without a subscription. */
export const UNSUBSCRIBED_PATHS: readonly string[] = [
  ROUTES.plans,
  ROUTES.profile,
  ROUTES.paymentSuccess,
];

/** Drops a trailing slash (but keeps "/") so "/login/" counts as "/login". */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

export function isAuthPath(path: string): boolean {
  return AUTH_PATHS.includes(normalisePath(path));
}

export function matchRoute(path: string): RouteName | null {
  const clean = normalisePath(path);
  for (const [name, pattern] of Object.entries(ROUTES) as [RouteName, string][]) {
    if (matchPath({ path: pattern, end: true }, clean)) return name;
  }
  return null;
}

export type ScreenKind =
  | 'auth'
  | 'project-list'
  | 'project-detail'
  | 'project-settings'
  | 'project-edit'
  | 'profile'
  | 'admin'
  | 'upload';

const KIND_BY_ROUTE: Partial<Record<RouteName, ScreenKind>> = {
  login: 'auth',
  signup: 'auth',
  verifyEmail: 'auth',
  requestPasswordReset: 'auth',
  resetPassword: 'auth',
  paymentSuccess: 'auth',
  projects: 'project-list',
  newProject: 'project-settings',
  projectDetail: 'project-detail',
  projectHomepage: 'project-detail',
  previewPage: 'project-detail',
  previewService: 'project-detail',
  previewStates: 'project-detail',
  previewCounties: 'project-detail',
  previewCities: 'project-detail',
  previewCity: 'project-detail',
  previewServiceCity: 'project-detail',
  projectSettings: 'project-settings',
  editHomepage: 'project-edit',
  editPage: 'project-edit',
  editService: 'project-edit',
  editCity: 'project-edit',
  editServiceCity: 'project-edit',
  upload: 'upload',
  adminUsers: 'admin',
  profile: 'profile',
  plans: 'profile',
  team: 'profile',
  acceptInvitation: 'auth',
};

/** The loading placeholder to show for a path; unknown paths use the project list's. */
export function screenKind(path: string): ScreenKind {
  const route = matchRoute(path);
  return (route && KIND_BY_ROUTE[route]) ?? 'project-list';
}
