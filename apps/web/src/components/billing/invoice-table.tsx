import { ExternalLink } from 'lucide-react';
import type { TInvoice } from '@cityforge/shared';
import { Badge } from '../ui/badge';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney } from '../../lib/format';
import { invoiceStatusVariant } from '../../lib/invoice-status';

// The head of each column; the invoice link's is for screen readers only.
const COLUMNS: { label: string; className?: string; srOnly?: boolean }[] = [
  { label: 'Date', className: 'whitespace-nowrap' },
  { label: 'Description' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Status' },
  { label: 'Invoice', srOnly: true },
];

/**
 * Date, description, amount, status and the hosted invoice: the user's own billing history
 * (inside a card, wide padding) and an administrator's view of a user's (framed, compact).
 */
export function InvoiceTable({
  invoices,
  variant,
  stale = false,
  rowTestId,
}: {
  invoices: TInvoice[];
  variant: 'card' | 'framed';
  /** The rows of the previous page, shown while the next one loads. */
  stale?: boolean;
  rowTestId?: string;
}) {
  const cell = variant === 'card' ? 'px-6 py-3' : 'px-4 py-2.5';
  return (
    // Relative: the screen-reader label of a column is positioned absolutely, and only a
    // positioned scroller keeps it inside rather than widening the page on a phone.
    <div
      className={cn(
        'relative overflow-x-auto',
        variant === 'framed' && 'rounded-lg border border-zinc-200',
      )}
    >
      <table
        className={cn('w-full min-w-[36rem] text-left text-sm', stale && 'opacity-60')}
        aria-busy={stale || undefined}
      >
        <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.label} scope="col" className={cn(cell, c.className)}>
                {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-testid={rowTestId} className="hover:bg-zinc-50/60">
              <td className={cn(cell, 'whitespace-nowrap text-zinc-700')}>
                {formatDate(invoice.date)}
              </td>
              <td className={cn(cell, 'text-zinc-900')}>{invoice.description}</td>
              <td className={cn(cell, 'text-right tabular-nums')}>{formatMoney(invoice.amount)}</td>
              <td className={cell}>
                <Badge variant={invoiceStatusVariant(invoice.status)} className="capitalize">
                  {invoice.status}
                </Badge>
              </td>
              <td className={cn(cell, 'text-right')}>
                {invoice.link ? (
                  <a
                    href={invoice.link}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 rounded font-medium text-brand-700 hover:underline"
                  >
                    View <span className="sr-only">invoice of {formatDate(invoice.date)}</span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                ) : (
                  <span className="text-zinc-500">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
