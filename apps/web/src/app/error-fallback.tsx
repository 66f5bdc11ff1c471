import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { Button, buttonClasses } from '../components/ui/button';
import { reportError } from '../lib/error-reporting';

/**
 * The app's last resort: "Something went wrong", "Please try refreshing the page.", Try again,
 * Go to Projects.
 */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-card"
      >
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold">{MSG.somethingWrong}</h1>
        <p className="mt-2 text-zinc-600">{MSG.tryRefreshing}</p>
        <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          {/* A plain link: the router itself may be what failed. */}
          <a href="/projects" className={buttonClasses('outline')}>
            Go to Projects
          </a>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      </div>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
    reportError(error);
  }

  override render() {
    if (this.state.error) return <ErrorFallback onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The router's errorElement: a screen that threw, or a lazy chunk that failed to load. */
export function RouteErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
    reportError(error);
  }, [error]);
  return <ErrorFallback onRetry={() => window.location.reload()} />;
}
