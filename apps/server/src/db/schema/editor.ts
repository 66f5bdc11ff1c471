import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { belongsTo, createdAt, rowId } from './columns.ts';
import { cities, serviceCityPages } from './locations.ts';
import { pages, projects } from './projects.ts';

/**
 * A saved state of one page (homepage, main or service page) or one city page. The first
 * save of a page also keeps what it replaced, so the generated text can always be loaded back.
 */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    pageId: uuid('page_id').references(() => pages.id, { onDelete: 'cascade' }),
    cityId: uuid('city_id').references(() => cities.id, { onDelete: 'cascade' }),
    serviceCityId: uuid('service_city_id').references(() => serviceCityPages.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    contentHtml: text('content_html').notNull(),
    metaTags: text('meta_tags').notNull().default(''),
    /**
     * A regenerated page waiting beside the current one for the owner to pick; it
     * becomes an ordinary version (false) once picked or set aside.
     */
    proposed: boolean('proposed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('page_versions_page_idx').on(t.pageId, t.createdAt),
    index('page_versions_city_idx').on(t.cityId, t.createdAt),
    index('page_versions_service_city_idx').on(t.serviceCityId, t.createdAt),
    check(
      'page_versions_one_owner',
      sql`num_nonnulls(${t.pageId}, ${t.cityId}, ${t.serviceCityId}) = 1`,
    ),
  ],
);
export type PageVersionRow = typeof pageVersions.$inferSelect;

/** An image generated for a project; the file lives in DATA_DIR/images/{id}.{ext}. */
export const projectImages = pgTable(
  'project_images',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    prompt: text('prompt').notNull(),
    model: text('model').notNull(),
    /** File name under DATA_DIR/images, e.g. "{id}.png"; also its path on the site: /images/{file}. */
    file: text('file').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /**
     * A place's photo fetched from the address its sheet gave (cities.photo_url); null for an
     * image generated in the editor. Photos stay out of the editor's picker.
     */
    sourceUrl: text('source_url'),
    createdAt: createdAt(),
  },
  (t) => [index('project_images_project_idx').on(t.projectId, t.createdAt)],
);
export type ProjectImageRow = typeof projectImages.$inferSelect;
