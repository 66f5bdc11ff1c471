import { useEffect, useRef } from 'react';
import { toast } from '../../components/ui/toast';
import { serverMessage } from '../../lib/api-errors';

interface FailingQuery {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
}

/**
 * Toasts a query's failure once per failed fetch: re-renders of the same failure stay quiet,
 * a Retry that fails again says so again. The server's own words, when it sent any, go in the
 * message line under the catalogue title.
 */
export function useErrorToast(query: FailingQuery, title: string): void {
  const toastedAt = useRef(0);
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || toastedAt.current === errorUpdatedAt) return;
    toastedAt.current = errorUpdatedAt;
    const detail = serverMessage(error);
    toast.error(title, { message: detail && detail !== title ? detail : '' });
  }, [isError, error, errorUpdatedAt, title]);
}
