import { lazy, useEffect, useRef } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouteErrorFallback } from './error-fallback';
import { AppLayout, BareLayout, NoLayout } from './layouts/layouts';
import { ROUTES } from './paths';
import { FullScreenLoader } from '../components/ui/spinner';
import { bootstrapSession, useAuth } from '../lib/auth-store';
import { guardRedirect, showFullScreenLoading } from './guard';
// The sign-in screens are where every visit starts, and small: they ship in the main bundle,
// so moving between them never waits for a chunk. Every other screen is its own chunk.
import LoginPage from '../features/auth/components/login-page';
import RequestResetPage from '../features/auth/components/request-reset-page';
import ResetPasswordPage from '../features/auth/components/reset-password-page';
import SignupPage from '../features/auth/components/signup-page';
import VerifyEmailPage from '../features/auth/components/verify-email-page';
import { useCurrentWorkspace, worksUnderPlan } from '../lib/workspaces';

const PaymentSuccessPage = lazy(() => import('../features/plans/components/payment-success-page'));
const PlansPage = lazy(() => import('../features/plans/components/plans-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const TeamPage = lazy(() => import('../features/team/components/team-page'));
const AcceptInvitationPage = lazy(
  () => import('../features/team/components/accept-invitation-page'),
);
const AdminUsersPage = lazy(() => import('../features/admin/components/admin-users-page'));
const UploadPage = lazy(() => import('../features/upload/components/upload-page'));
const PreviewPage = lazy(() => import('../features/previews/components/preview-page'));
const EditorPage = lazy(() => import('../features/editor/components/editor-page'));
const ProjectsPage = lazy(() => import('../features/projects/components/projects-page'));
const NewProjectPage = lazy(() => import('../features/projects/components/new-project-page'));
const ProjectDetailPage = lazy(
  () => import('../features/projects/components/detail/project-detail-page'),
);
const ReviewPage = lazy(() => import('../features/review/components/review-page'));
const ReviewListPage = lazy(() => import('../features/review/components/review-list-page'));
const WorkspaceSettingsPage = lazy(
  () => import('../features/workspace/components/workspace-settings-page'),
);
const ProjectSettingsPage = lazy(
  () => import('../features/projects/components/project-settings-page'),
);

/** Every route change scrolls smoothly to the top. */
function useScrollToTop(pathname: string) {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname]);
}

/**
 * After a move to another screen, a focus that went down with the old screen (the link or
 * button that was pressed) is put on the new screen's content, so the next Tab continues there
 * instead of from nowhere. A focus still in place (autofocus, a header link) is left alone, and
 * so is a page load, where nothing had the focus and it starts at the top as usual.
 */
function useFocusAfterNavigation(pathname: string) {
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (!lastFocused.current || lastFocused.current.isConnected) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The root route: checks the stored session once, then applies the route guard. */
export function RootShell() {
  const { pathname, search } = useLocation();
  const { user, loading } = useAuth();
  useScrollToTop(pathname);
  useFocusAfterNavigation(pathname);

  useEffect(() => {
    void bootstrapSession();
  }, []);

  // A member works under the workspace's plan (its owner pays): without one of their own, the
  // guard waits for the tab's workspace before sending them to the plans screen.
  const unpaid = Boolean(user && !user.isSubscribed && !user.adminBypass);
  const workspace = useCurrentWorkspace(unpaid);
  const guardUser = user && { ...user, isSubscribed: worksUnderPlan(user, workspace.data) };
  const input = {
    path: pathname,
    search,
    user: guardUser,
    loading: loading || (unpaid && workspace.isPending),
  };
  const redirect = guardRedirect(input);
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  if (showFullScreenLoading(input)) return <FullScreenLoader />;
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.signup, element: <SignupPage /> },
        ],
      },
      {
        element: <NoLayout />,
        children: [
          { path: ROUTES.paymentSuccess, element: <PaymentSuccessPage /> },
          // A client's view is in their agency's brand: none of the app's own header.
          { path: ROUTES.review, element: <ReviewListPage /> },
          { path: ROUTES.reviewProject, element: <ReviewPage /> },
          // The visual editor takes the whole window: its own header bar replaces the app's.
          { path: ROUTES.editHomepage, element: <EditorPage kind="homepage" /> },
          { path: ROUTES.editPage, element: <EditorPage kind="page" /> },
          { path: ROUTES.editService, element: <EditorPage kind="service" /> },
          { path: ROUTES.editCity, element: <EditorPage kind="city" /> },
          { path: ROUTES.editServiceCity, element: <EditorPage kind="service-city" /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: ROUTES.verifyEmail, element: <VerifyEmailPage /> },
          { path: ROUTES.requestPasswordReset, element: <RequestResetPage /> },
          { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
          { path: ROUTES.acceptInvitation, element: <AcceptInvitationPage /> },
          { path: ROUTES.team, element: <TeamPage /> },
          { path: ROUTES.projects, element: <ProjectsPage /> },
          { path: ROUTES.newProject, element: <NewProjectPage /> },
          { path: ROUTES.projectDetail, element: <ProjectDetailPage /> },
          { path: ROUTES.projectSettings, element: <ProjectSettingsPage /> },
          { path: ROUTES.workspaceSettings, element: <WorkspaceSettingsPage /> },
          { path: ROUTES.projectHomepage, element: <PreviewPage kind="homepage" /> },
          { path: ROUTES.previewPage, element: <PreviewPage kind="page" /> },
          { path: ROUTES.previewService, element: <PreviewPage kind="service" /> },
          { path: ROUTES.previewStates, element: <PreviewPage kind="states" /> },
          { path: ROUTES.previewCounties, element: <PreviewPage kind="counties" /> },
          { path: ROUTES.previewCities, element: <PreviewPage kind="cities" /> },
          { path: ROUTES.previewCity, element: <PreviewPage kind="city" /> },
          { path: ROUTES.previewServiceCity, element: <PreviewPage kind="service-city" /> },
          { path: ROUTES.upload, element: <UploadPage /> },
          { path: ROUTES.adminUsers, element: <AdminUsersPage /> },
          { path: ROUTES.profile, element: <ProfilePage /> },
          { path: ROUTES.plans, element: <PlansPage /> },
        ],
      },
      // "/" and unknown paths: the guard sends them to /projects or /login.
      { path: '*', element: null },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
