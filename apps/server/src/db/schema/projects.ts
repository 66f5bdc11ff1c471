import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, moment, rowId, updatedAt } from './columns.ts';
import { pageJob, writtenPage } from './page-columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export type HeaderLinkRow = { name: string; link: string; show: boolean };
/**
 * Service-city pages: whether the project makes them, for which of its services (their
 * slugs), and whether a place whose sheet row names no services offers all of them or none.
 */
export type ServicePagesRow = {
  enabled: boolean;
  services: 'all' | string[];
  unlisted: 'all' | 'none';
};

export const projects = pgTable(
  'projects',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    /** The workspace the project belongs to; `userId` is that workspace's account. */
    workspaceId: belongsTo('workspace_id', () => workspaces.id),
    /** The member who made the project (null once that person's account is gone). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Nothing is published until the workspace's client approved it. */
    requireClientApproval: boolean('require_client_approval').notNull().default(false),
    name: text('name').notNull(),
    serviceType: text('service_type').notNull(),
    model: text('model').notNull(),
    prompt: text('prompt').notNull().default(''),
    contactPhoneNumber: text('contact_phone_number').notNull().default(''),
    email: text('email').notNull().default(''),
    clientDomain: text('client_domain'),
    isDomainVerified: boolean('is_domain_verified').notNull().default(false),
    createServicePages: boolean('create_service_pages').notNull().default(false),
    servicePages: jsonb('service_pages')
      .$type<ServicePagesRow>()
      .notNull()
      .default({ enabled: false, services: 'all', unlisted: 'none' }),
    status: text('status').notNull(),
    metaTagsTemplate: text('meta_tags_template').notNull().default(''),
    trackingCodeHead: text('tracking_code_head').notNull().default(''),
    trackingCodeBody: text('tracking_code_body').notNull().default(''),
    headerLinks: jsonb('header_links').$type<HeaderLinkRow[]>().notNull().default([]),
    netlifySiteId: text('netlify_site_id'),
    netlifySiteUrl: text('netlify_site_url'),
    netlifySiteUrlHistory: jsonb('netlify_site_url_history')
      .$type<string[]>()
      .notNull()
      .default([]),
    hasSiteMap: boolean('has_site_map').notNull().default(false),
    deploymentStatus: text('deployment_status'),
    /**
     * The quality gate: city pages below it are published noindex and left out of
     * the sitemap. A null threshold means the shipped default (QUALITY_GATE_DEFAULTS), so a
     * better default reaches every project that did not choose its own.
     */
    qualityGate: boolean('quality_gate').notNull().default(true),
    gateMaxSimilarity: real('gate_max_similarity'),
    gateMinLocalShare: real('gate_min_local_share'),
    gateMinWords: integer('gate_min_words'),
    /** Tell IndexNow what a deploy changed, when the site is on a verified custom domain. */
    indexNow: boolean('index_now').notNull().default(true),
    /** The site's IndexNow key, made on first use and kept (the key file carries it). */
    indexNowKey: text('index_now_key'),
    /** Staged releases: city pages released per day; null releases every page at once. */
    releasePerDay: integer('release_per_day'),
    /** When the day's batch goes out, HH:MM in releaseTimeZone. */
    releaseTime: text('release_time').notNull().default('09:00'),
    releaseTimeZone: text('release_time_zone').notNull().default('UTC'),
    releasePaused: boolean('release_paused').notNull().default(false),
    nextReleaseAt: moment('next_release_at'),
    /** The most the project may spend on AI calls in a calendar month (USD); null: none. */
    spendingCapUsd: real('spending_cap_usd'),
    /** The month (YYYY-MM, UTC) the owner was last mailed that this project's cap was reached. */
    capMailedMonth: text('cap_mailed_month'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_user_created_idx').on(t.userId, t.createdAt),
    index('projects_workspace_created_idx').on(t.workspaceId, t.createdAt),
    // The release check every minute looks for the staged projects whose batch is due.
    index('projects_next_release_idx')
      .on(t.nextReleaseAt)
      .where(sql`${t.nextReleaseAt} is not null`),
  ],
);
export type ProjectRow = typeof projects.$inferSelect;

/** The projects shared with a workspace's clients: a client sees only these. */
export const projectClients = pgTable(
  'project_clients',
  {
    projectId: belongsTo('project_id', () => projects.id),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_clients_user_idx').on(t.userId),
  ],
);

/** Homepage, main and service pages of a project (city pages live with their city). */
export const pages = pgTable(
  'pages',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    kind: text('kind', { enum: ['homepage', 'main', 'service'] }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...writtenPage(),
    ...pageJob(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pages_project_idx').on(t.projectId, t.kind, t.sortOrder),
    uniqueIndex('pages_project_kind_slug_uq').on(t.projectId, t.kind, t.slug),
  ],
);
export type PageRow = typeof pages.$inferSelect;
