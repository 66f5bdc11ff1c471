import { boolean, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    adminBypass: boolean('admin_bypass').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // AES-256-GCM sealed (lib/crypto.ts) and bound to the row and column; never answered unmasked.
    openAiKeyEnc: text('open_ai_key_enc'),
    openRouterKeyEnc: text('open_router_key_enc'),
    netlifyTokenEnc: text('netlify_token_enc'),
    /** The Google account's offline refresh token (spreadsheets.readonly), sealed like the keys. */
    googleRefreshTokenEnc: text('google_refresh_token_enc'),
    googleConnectedAt: timestamp('google_connected_at', { withTimezone: true }),
    /** The most the account may spend on AI calls in a calendar month (USD); null: none. */
    spendingCapUsd: real('spending_cap_usd'),
    /** The month (YYYY-MM, UTC) the owner was last mailed that the account's cap was reached. */
    capMailedMonth: text('cap_mailed_month'),
    stripeCustomerId: text('stripe_customer_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_joined_at_idx').on(t.joinedAt)],
);
export type UserRow = typeof users.$inferSelect;
