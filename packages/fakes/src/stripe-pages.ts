import type { StripeObject, StripeState } from './stripe-state.ts';

/**
 * The hosted pages a browser lands on when the product redirects to Stripe: checkout, the
 * billing portal and a hosted invoice. They are deliberately plain — an e2e test only needs
 * to see the price, press "Pay", and come back.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (amount: number, currency: string) =>
  `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><main>${body}</main></body></html>`;

export function checkoutPage(state: StripeState, session: StripeObject): string {
  const extras = state.sessionExtras.get(session.id);
  const price = extras ? state.prices.get(extras.priceId) : undefined;
  const product = price ? state.products.get(price.product) : undefined;
  const name = escapeHtml(product?.name ?? price?.nickname ?? 'Subscription');
  const amount = price
    ? `${money(price.unit_amount, price.currency)} / ${escapeHtml(price.recurring?.interval ?? 'once')}`
    : '';
  if (session.status !== 'open')
    return page(
      'Checkout',
      `<h1>${name}</h1><p data-testid="checkout-status">This checkout is ${escapeHtml(session.status)}.</p>`,
    );
  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
    : '';
  return page(
    `Pay for ${product?.name ?? 'subscription'}`,
    `<h1>${name}</h1><p data-testid="checkout-price">${amount}</p>` +
      `<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">` +
      `<button type="submit">Pay</button></form>${cancel}`,
  );
}

export function portalPage(session: StripeObject): string {
  const back = session.return_url
    ? `<a href="${escapeHtml(session.return_url)}">Return to CityForge</a>`
    : '';
  return page(
    'Billing portal',
    `<h1>Billing portal</h1><p>${escapeHtml(session.customer)}</p>${back}`,
  );
}

export function invoicePage(invoice: StripeObject): string {
  return page(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escapeHtml(invoice.number)}</h1>` +
      `<p>${money(invoice.amount_due, invoice.currency)} — ${escapeHtml(invoice.status)}</p>`,
  );
}
