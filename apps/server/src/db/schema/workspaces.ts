import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer', 'client'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Which e-mails a member gets; each can be turned off on the member's own row. */
export type NotificationPrefsRow = {
  runFinished: boolean;
  deployFailed: boolean;
  syncWaiting: boolean;
  clientReview: boolean;
};

/**
 * A workspace is an account's: `accountId` is the user whose keys, plan, monthly allowance
 * and spending caps the workspace's projects use, and who pays. Every user has exactly one
 * (made at sign-up); others join it as members.
 */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Branding shown to the workspace's clients, in the app and in every e-mail to them. */
  logoUrl: text('logo_url'),
  accentColor: text('accent_color'),
  /** "Powered by CityForge" on the client's view; only a paid plan may turn it off. */
  showPoweredBy: boolean('show_powered_by').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WorkspaceRow = typeof workspaces.$inferSelect;

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    notify: jsonb('notify')
      .$type<NotificationPrefsRow>()
      .notNull()
      .default({ runFinished: true, deployFailed: true, syncWaiting: true, clientReview: true }),
    /** When the member last chose this workspace; the latest is used without a header. */
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;

/** An e-mailed invitation to join a workspace with a role; the token is stored hashed. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_invitations_workspace_idx').on(t.workspaceId)],
);
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;

/**
 * Personal API tokens: one acts as its creator, with the creator's role, in its workspace
 * only. Stored as SHA-256 hashes; the token itself is answered once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_workspace_idx').on(t.workspaceId, t.userId),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
