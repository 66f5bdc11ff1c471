import { useEffect, useRef, useState } from 'react';
import { ExternalLink, Receipt } from 'lucide-react';
import { INVOICES_PAGE_SIZE, MSG } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatMoney } from '../../../lib/format';
import { useInvoices } from '../api/get-invoices';
import { invoiceStatusVariant, pageCount } from '../plan-action';

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
  const pages = pageCount(data?.count ?? 0, INVOICES_PAGE_SIZE);

  return (
    <Card>
      <CardHeader title="Billing history" description="Invoices for your subscription payments." />
      {invoices.isPending ? (
        <div className="space-y-3 p-6" aria-label="Loading billing history">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : invoices.isError && !data ? (
        <div className="p-6">
          <Alert
            variant="error"
            action={
              <Button size="sm" variant="outline" onClick={() => void invoices.refetch()}>
                Retry
              </Button>
            }
          >
            Your billing history could not be loaded.
          </Alert>
        </div>
      ) : !data || data.results.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-zinc-500">
          <Receipt className="size-6 text-zinc-400" aria-hidden="true" />
          No billing history yet. Invoices appear here after your first payment.
        </div>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
                <tr>
                  <th scope="col" className="px-6 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-6 py-3">
                    Description
                  </th>
                  <th scope="col" className="px-6 py-3 text-right">
                    Amount
                  </th>
                  <th scope="col" className="px-6 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-6 py-3">
                    <span className="sr-only">Invoice</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {data.results.map((invoice) => (
                  <tr key={invoice.id} className="hover:bg-zinc-50/60">
                    <td className="px-6 py-3 whitespace-nowrap text-zinc-700">
                      {formatDate(invoice.date)}
                    </td>
                    <td className="px-6 py-3 text-zinc-900">{invoice.description}</td>
                    <td className="px-6 py-3 text-right tabular-nums">
                      {formatMoney(invoice.amount)}
                    </td>
                    <td className="px-6 py-3">
                      <Badge variant={invoiceStatusVariant(invoice.status)} className="capitalize">
                        {invoice.status}
                      </Badge>
                    </td>
                    <td className="px-6 py-3 text-right">
                      {invoice.link ? (
                        <a
                          href={invoice.link}
                          target="_blank"
                          rel="noreferrer noopener"
                          className="inline-flex items-center gap-1 rounded font-medium text-brand-700 hover:underline"
                        >
                          View <ExternalLink className="size-3.5" aria-hidden="true" />
                        </a>
                      ) : (
                        <span className="text-zinc-400">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav
              aria-label="Billing history pages"
              className="flex items-center justify-between gap-3 border-t border-zinc-100 px-6 py-3"
            >
              <p className="text-sm text-zinc-500">
                Page {page} of {pages}
              </p>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
