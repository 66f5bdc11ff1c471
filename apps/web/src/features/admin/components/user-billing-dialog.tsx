import { useState } from 'react';
import { Receipt } from 'lucide-react';
import { INVOICES_PAGE_SIZE, MSG } from '@cityforge/shared';
import type { TAdminUser } from '@cityforge/shared';
import { InvoiceTable } from '../../../components/billing/invoice-table';
import { RetryAlert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUserInvoices } from '../api/get-user-invoices';
import { useErrorToast } from '../use-error-toast';
import { userLabel } from '../user-display';

/** "Billing history of {name}": the user's invoices, a page at a time. */
export function UserBillingDialog({
  user,
  onOpenChange,
}: {
  user: TAdminUser;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const invoices = useUserInvoices(user.id, page);
  useErrorToast(invoices, MSG.adminBillingHistoryFailed);
  const data = invoices.data;

  let content;
  if (invoices.isPending) {
    content = (
      <div className="space-y-3" role="status" aria-label="Loading billing history">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  } else if (invoices.isError && !data) {
    content = (
      <RetryAlert onRetry={() => invoices.refetch()}>{MSG.adminBillingHistoryFailed}</RetryAlert>
    );
  } else if (!data || data.results.length === 0) {
    content = (
      <div
        data-testid="user-invoices-empty"
        className="flex flex-col items-center gap-2 py-10 text-center text-sm text-zinc-500"
      >
        <Receipt className="size-6 text-zinc-400" aria-hidden="true" />
        No invoices yet.
      </div>
    );
  } else {
    content = (
      <InvoiceTable
        invoices={data.results}
        variant="framed"
        stale={invoices.isPlaceholderData}
        rowTestId="user-invoice-row"
      />
    );
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Billing history of ${userLabel(user)}`}
        description="Invoices for this user's subscription payments."
        size="xl"
        className="flex max-h-[calc(100dvh-2rem)] flex-col"
      >
        <div className="mt-4 min-h-0 flex-1 overflow-y-auto">{content}</div>
        {data ? (
          <Pagination
            page={page}
            pageSize={INVOICES_PAGE_SIZE}
            count={data.count}
            onPageChange={setPage}
            label="User invoice pages"
            className="mt-3 shrink-0"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
