import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { onSessionEnd } from '../lib/api';
import { ErrorBoundary } from './error-fallback';
import { createRouter } from './router';

/** Providers (error boundary, query cache, toasts) around the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);

  // A lost session (refresh failed) forgets everything cached for the previous user.
  useEffect(() => onSessionEnd(() => queryClient.clear()), [queryClient]);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
