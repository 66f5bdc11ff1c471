import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, moment, rowId } from './columns.ts';
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
  id: rowId(),
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
  createdAt: createdAt(),
});
export type WorkspaceRow = typeof workspaces.$inferSelect;

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: belongsTo('workspace_id', () => workspaces.id),
    userId: belongsTo('user_id', () => users.id),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    notify: jsonb('notify')
      .$type<NotificationPrefsRow>()
      .notNull()
      .default({ runFinished: true, deployFailed: true, syncWaiting: true, clientReview: true }),
    /** When the member last chose this workspace; the latest is used without a header. */
    chosenAt: moment('chosen_at'),
    joinedAt: moment('joined_at').notNull().defaultNow(),
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
    id: rowId(),
    workspaceId: belongsTo('workspace_id', () => workspaces.id),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: moment('expires_at').notNull(),
    lastSentAt: moment('last_sent_at').notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    acceptedAt: moment('accepted_at'),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
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
    id: rowId(),
    workspaceId: belongsTo('workspace_id', () => workspaces.id),
    userId: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: moment('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_workspace_idx').on(t.workspaceId, t.userId),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
