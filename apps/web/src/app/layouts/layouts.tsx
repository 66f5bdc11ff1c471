import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RoutePlaceholder } from '../loading/route-placeholder';
import { screenKind } from '../paths';
import { WorkspaceGate } from '../../features/workspace/components/workspace-gate';
import { Footer } from './footer';
import { Header } from './header';

function Screen() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<RoutePlaceholder kind={screenKind(pathname)} />}>
      <Outlet />
    </Suspense>
  );
}

/** Header, page, footer: every screen except login, signup and payment-success. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <WorkspaceGate />
      <Header />
      <main id="main" tabIndex={-1} className="container-page flex-1 py-8 outline-none sm:py-10">
        <Screen />
      </main>
      <Footer />
    </div>
  );
}

/** Login and signup: no header, the brand sits on the card; the footer stays. */
export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-brand-50),transparent_60%)]">
      <main className="flex flex-1 flex-col">
        <Screen />
      </main>
      <Footer />
    </div>
  );
}

/** Outside any layout (payment-success, the client's branded view, the visual editor). */
export function NoLayout() {
  return (
    <>
      <WorkspaceGate />
      <Screen />
    </>
  );
}
