import { useEffect, useRef, useState } from 'react';
import { Receipt } from 'lucide-react';
import { INVOICES_PAGE_SIZE, MSG } from '@cityforge/shared';
import { InvoiceTable } from '../../../components/billing/invoice-table';
import { RetryAlert } from '../../../components/ui/alert';
import { Card, CardHeader } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useInvoices } from '../api/get-invoices';

export function BillingHistory() {
  const [page, setPage] = useState(1);
  const invoices = useInvoices(page);
  const toastedAt = useRef(0);

  useEffect(() => {
    if (!invoices.isError || toastedAt.current === invoices.errorUpdatedAt) return;
    toastedAt.current = invoices.errorUpdatedAt;
    toast.error(MSG.billingHistoryFailed, { message: '' });
  }, [invoices.isError, invoices.errorUpdatedAt]);

  const data = invoices.data;

  return (
    <Card>
      <CardHeader title="Billing history" description="Invoices for your subscription payments." />
      {invoices.isPending ? (
        <div className="space-y-3 p-6" role="status" aria-label="Loading billing history">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : invoices.isError && !data ? (
        <div className="p-6">
          <RetryAlert onRetry={() => invoices.refetch()}>
            Your billing history could not be loaded.
          </RetryAlert>
        </div>
      ) : !data || data.results.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-zinc-500">
          <Receipt className="size-6 text-zinc-400" aria-hidden="true" />
          No billing history yet. Invoices appear here after your first payment.
        </div>
      ) : (
        <>
          <InvoiceTable invoices={data.results} variant="card" />
          <Pagination
            page={page}
            pageSize={INVOICES_PAGE_SIZE}
            count={data.count}
            onPageChange={setPage}
            label="Billing history pages"
            className="border-t border-zinc-100 px-6 py-3"
          />
        </>
      )}
    </Card>
  );
}
