import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, moment, rowId, updatedAt } from './columns.ts';
import { contentHash, pageJob, placePageState, writtenPage } from './page-columns.ts';
import { pages, projects } from './projects.ts';

export const locationStates = pgTable(
  'location_states',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Path segment of the state's page: /states/{slug}. */
    slug: text('slug').notNull().default(''),
  },
  (t) => [uniqueIndex('location_states_project_code_uq').on(t.projectId, t.code)],
);

export const locationCounties = pgTable(
  'location_counties',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    stateId: belongsTo('state_id', () => locationStates.id),
    name: text('name').notNull(),
    /** Path segment of the county's page: /states/{state}/{slug}. */
    slug: text('slug').notNull().default(''),
  },
  (t) => [uniqueIndex('location_counties_state_name_uq').on(t.stateId, t.name)],
);

/** One city page per city of a project. */
export const cities = pgTable(
  'cities',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    countyId: belongsTo('county_id', () => locationCounties.id),
    name: text('name').notNull(),
    /**
     * The place's name as its sheet row gave it, when `name` is a display name in its stead:
     * the export writes it in the City column so the file resolves to the same place again.
     */
    placeName: text('place_name'),
    slug: text('slug').notNull(),
    /** The place it resolved to (state|county|city): the same city uploaded twice is one. */
    placeKey: text('place_key').notNull().default(''),
    zips: jsonb('zips').$type<string[]>().notNull().default([]),
    /** Counties the city reaches into besides its own (the county of its centre). */
    otherCounties: jsonb('other_counties').$type<string[]>().notNull().default([]),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...writtenPage(),
    contentHash: contentHash(),
    /**
     * The FAQs the page shows, as the scoring read them from its markup, and the content hash
     * they were read from: a build takes them only while that is still the content's hash.
     */
    faqs: jsonb('faqs').$type<Array<{ question: string; answer: string }>>(),
    faqsHash: text('faqs_hash'),
    /** The user's meta-tag template for this city; null when the model writes them. */
    metaTemplate: text('meta_template'),
    /** The sheet's `Page title` and `Meta description` for this place: over the templates. */
    pageTitle: text('page_title'),
    metaDescription: text('meta_description'),
    /** The sheet's `Photo`: the https address given, and the stored copy's key once fetched. */
    photoUrl: text('photo_url'),
    photoKey: text('photo_key'),
    /** Why the photo at photoUrl was not fetched (refused address, not an image, ...). */
    photoNote: text('photo_note'),
    /** The sheet's `Services` for this place, as given; null when the sheet said nothing. */
    services: jsonb('services').$type<string[]>(),
    /** When the place's facts changed after its page was written; null once rewritten. */
    factsChangedAt: moment('facts_changed_at'),
    ...placePageState(),
    ...pageJob(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cities_project_idx').on(t.projectId),
    index('cities_county_idx').on(t.countyId),
    uniqueIndex('cities_project_place_uq').on(t.projectId, t.placeKey),
  ],
);
export type CityRow = typeof cities.$inferSelect;

/**
 * What the customer told us about a place, one row per fact: the sheet's extra columns (the
 * header is the fact's name as written, the cell its value) or the facts panel.
 */
export const cityFacts = pgTable(
  'city_facts',
  {
    /**
     * The city's project, for reading a project's facts by its index. No foreign key of its
     * own: the city's cascades the facts away with their project, and a second check on every
     * one of an upload's 150,000 rows cost a quarter of storing them.
     */
    projectId: uuid('project_id').notNull(),
    cityId: belongsTo('city_id', () => cities.id),
    /** The name compared across uploads: "Jobs completed" and "jobs  completed" are one fact. */
    key: text('key').notNull(),
    /** As the customer wrote it (the latest upload's header). */
    name: text('name').notNull(),
    value: text('value').notNull(),
    /** Order on the page and in the export: the sheet's column order. */
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  // Keyed by place and fact, no surrogate id: an upload writes a row per place and fact
  // (150,000 for a big sheet), and a random uuid's own index made each write cost a third more.
  (t) => [
    primaryKey({ name: 'city_facts_pkey', columns: [t.cityId, t.key] }),
    index('city_facts_project_idx').on(t.projectId),
  ],
);
export type CityFactRow = typeof cityFacts.$inferSelect;

/**
 * One page per (service, city) the place offers: a service page of the project (pages, kind
 * 'service') told for one city. Its identity is the pair (cityId, servicePageId); its address
 * is the city's with the service's slug under it. It goes through the same states, scores and
 * releases as a city page, so the state columns are named and typed as the cities' are.
 */
export const serviceCityPages = pgTable(
  'service_city_pages',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    cityId: belongsTo('city_id', () => cities.id),
    servicePageId: belongsTo('service_page_id', () => pages.id),
    ...writtenPage(),
    contentHash: contentHash(),
    ...placePageState(),
    ...pageJob(),
    /** Set when its place's facts changed after it was written: "Rewrite changed pages". */
    factsChangedAt: moment('facts_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_city_pages_city_service_uq').on(t.cityId, t.servicePageId),
    index('service_city_pages_project_idx').on(t.projectId, t.status),
    index('service_city_pages_service_idx').on(t.servicePageId),
  ],
);
export type ServiceCityPageRow = typeof serviceCityPages.$inferSelect;
