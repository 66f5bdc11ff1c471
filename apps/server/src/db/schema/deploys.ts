import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TDeployState } from '@cityforge/shared';
import { belongsTo, moment, rowId, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * One publish of a project to Netlify. The row is the deploy's progress (the card and
 * detail poll it) and its outcome; `heartbeatAt` moves while a worker runs it, so a deploy
 * whose worker died can be told from one that is merely slow.
 */
export const deploys = pgTable(
  'deploys',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    state: text('state').$type<TDeployState>().notNull().default('queued'),
    filesTotal: integer('files_total').notNull().default(0),
    filesToUpload: integer('files_to_upload').notNull().default(0),
    filesUploaded: integer('files_uploaded').notNull().default(0),
    /** What went wrong, for the owner; errorKind picks the HTTP answer of a waiting publish. */
    error: text('error'),
    errorKind: text('error_kind').$type<'token' | 'netlify' | 'build' | 'interrupted'>(),
    /** What a deploy that went out left behind (images the file store lacks), for the owner. */
    note: text('note'),
    /** What IndexNow was told and how it answered, for the deploy line; null when not asked. */
    indexNow: text('index_now'),
    netlifyDeployId: text('netlify_deploy_id'),
    siteUrl: text('site_url'),
    startedAt: moment('started_at').notNull().defaultNow(),
    heartbeatAt: moment('heartbeat_at').notNull().defaultNow(),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    index('deploys_project_started_idx').on(t.projectId, t.startedAt),
    // At most one running deploy per project: a second publish is refused, not interleaved.
    uniqueIndex('deploys_one_active_uq')
      .on(t.projectId)
      .where(sql`state in ('queued', 'building', 'uploading', 'processing')`),
  ],
);
export type DeployRow = typeof deploys.$inferSelect;

/**
 * What the last deploy of a project sent to its Netlify site: per file, the digest of what it
 * was made from and the SHA1 of what it was. The next deploy renders only the files whose
 * inputs changed and takes every other file's SHA1 from here (publishing/build-memo.ts).
 */
export const siteMemos = pgTable('site_memos', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** The Netlify site the files went to: another site holds none of them. */
  siteId: text('site_id').notNull(),
  /**
   * JSON of site path → [input digest, SHA1 of the file]: text, not jsonb, because it is only
   * ever read and written whole, and jsonb's parsing of ~13,000 entries is most of its cost.
   */
  files: text('files').notNull(),
  updatedAt: updatedAt(),
});
export type SiteMemoRow = typeof siteMemos.$inferSelect;

/**
 * Every address a deploy of the project published, kept for good: what page it was (its kind,
 * and the city and service it belongs to) and, once the address is gone from the site, where
 * it now leads. Search engines and links remember an address long after one deploy; each
 * deploy compares its pages with these to write the site's 301s (publishing/site-redirects.ts).
 */
export const siteAddresses = pgTable(
  'site_addresses',
  {
    projectId: belongsTo('project_id', () => projects.id),
    /** The page's address on the site ('/', '/states/texas/travis-county/austin'). */
    path: text('path').notNull(),
    /** 'homepage', 'main', 'service', 'hub', 'city', or a page under a city ('city-service'). */
    kind: text('kind').notNull(),
    /** The city the page is of; no foreign key: the city may be gone, its address is not. */
    cityId: uuid('city_id'),
    /** For a page of a service in a city: the service it is of. */
    serviceSlug: text('service_slug'),
    /** Null while the address is a page of the last deploy; else the address it leads to. */
    redirectTo: text('redirect_to'),
    /** When the address stopped being a page (the first deploy without it). */
    redirectedAt: moment('redirected_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'site_addresses_pkey', columns: [t.projectId, t.path] })],
);
export type SiteAddressRow = typeof siteAddresses.$inferSelect;
