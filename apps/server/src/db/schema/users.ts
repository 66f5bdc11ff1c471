import { boolean, index, pgTable, real, text } from 'drizzle-orm/pg-core';
import { moment, rowId, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: rowId(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    adminBypass: boolean('admin_bypass').notNull().default(false),
    emailVerifiedAt: moment('email_verified_at'),
    // AES-256-GCM sealed (lib/crypto.ts) and bound to the row and column; never answered unmasked.
    openAiKeyEnc: text('open_ai_key_enc'),
    openRouterKeyEnc: text('open_router_key_enc'),
    netlifyTokenEnc: text('netlify_token_enc'),
    /** The Google account's offline refresh token (spreadsheets.readonly), sealed like the keys. */
    googleRefreshTokenEnc: text('google_refresh_token_enc'),
    googleConnectedAt: moment('google_connected_at'),
    /** The most the account may spend on AI calls in a calendar month (USD); null: none. */
    spendingCapUsd: real('spending_cap_usd'),
    /** The month (YYYY-MM, UTC) the owner was last mailed that the account's cap was reached. */
    capMailedMonth: text('cap_mailed_month'),
    stripeCustomerId: text('stripe_customer_id'),
    joinedAt: moment('joined_at').notNull().defaultNow(),
    lastActivityAt: moment('last_activity_at'),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_joined_at_idx').on(t.joinedAt)],
);
export type UserRow = typeof users.$inferSelect;
