import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, moment, rowId } from './columns.ts';
import { users } from './users.ts';

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each login starts a family; every
 * refresh rotates the token within it. Presenting a rotated token again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: createdAt(),
    rotatedAt: moment('rotated_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use, expiring e-mail verification and password-reset tokens, stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Failed sign-ins counted per typed e-mail address (whether or not it has an account, so the
 * count tells nothing) and per client network, each key an HMAC of its value. A key that
 * used its round's budget pauses for a while; see modules/auth/sign-in-throttle.ts.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    /** Attempts counted in this round, those still being checked included. */
    failures: integer('failures').notNull().default(0),
    /** Pauses so far; each is twice the last. */
    rounds: integer('rounds').notNull().default(0),
    pausedUntil: moment('paused_until'),
    lastFailureAt: moment('last_failure_at').notNull(),
  },
  (t) => [index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * Clients that signed in to an account: its owner's networks and browsers. Their attempts on
 * that account skip the pauses others cause; `failures` wrong passwords in a row withdraw one.
 */
export const signInProofs = pgTable(
  'sign_in_proofs',
  {
    userId: belongsTo('user_id', () => users.id),
    /** An HMAC of the client network, or the SHA-256 of the browser's sign-in cookie. */
    proof: text('proof').notNull(),
    failures: integer('failures').notNull().default(0),
    signedInAt: moment('signed_in_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.proof] }),
    index('sign_in_proofs_signed_in_idx').on(t.signedInAt),
  ],
);
