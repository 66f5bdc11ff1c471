import type { BadgeVariant } from '../components/ui/badge';

/**
 * The badge style of an invoice status ('paid' is shown as success); open
 * ones in amber, failed ones in red, anything else neutral. Used by both billing tables.
 */
export function invoiceStatusVariant(
  status: string,
): Extract<BadgeVariant, 'success' | 'warning' | 'danger' | 'default'> {
  const s = status.toLowerCase();
  if (s === 'paid') return 'success';
  if (s === 'open' || s === 'pending' || s === 'draft') return 'warning';
  if (s === 'uncollectible' || s === 'failed' || s === 'void') return 'danger';
  return 'default';
}
