import { boolean, integer, jsonb, pgTable, text, uuid, index } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, moment, rowId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  interval: text('interval', { enum: ['month', 'year'] })
    .notNull()
    .default('month'),
  description: text('description').notNull(),
  isPopular: boolean('is_popular').notNull().default(false),
  stripePriceId: text('stripe_price_id'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  // null means unlimited
  limitProjects: integer('limit_projects'),
  limitCityPagesPerMonth: integer('limit_city_pages_per_month'),
  sortOrder: integer('sort_order').notNull().default(0),
});
export type PlanRow = typeof plans.$inferSelect;

/** A user's current subscription (one row per user; Stripe state mirrored by webhooks). */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  status: text('status').notNull(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  startedAt: moment('started_at').notNull().defaultNow(),
  currentPeriodEnd: moment('current_period_end'),
  updatedAt: updatedAt(),
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const invoices = pgTable(
  'invoices',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    description: text('description').notNull(),
    hostedUrl: text('hosted_url'),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Stripe events already handled, by event id: Stripe delivers at least once and retries, so a
 * replayed event must change nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: moment('received_at').notNull().defaultNow(),
});
