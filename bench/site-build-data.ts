import type { Db } from '../apps/server/src/db/client.ts';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  projects,
  workspaces,
} from '../apps/server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createUsersRepo } from '../apps/server/src/modules/users/users.repo.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import {
  offlineServices,
  writeOfflineContent,
  type OfflinePage,
} from '../apps/server/src/modules/generation/offline/index.ts';
import { renderMetaTags } from '../apps/server/src/modules/site/meta.ts';
import { slugify } from '../apps/server/src/lib/slugify.ts';
import { renderContent } from '../apps/server/src/modules/site/render-content.ts';
import { countyKey, spreadPlaces, writeCities, type SeedPage } from './site-build-cities.ts';
import { seedServiceCities } from './site-build-services.ts';

/**
 * A written site as a finished generation leaves it, inserted straight into the database:
 * one agency user, a project with its homepage, About and Contact pages and service pages,
 * and N completed city pages spread over every state (site-build-cities.ts).
 */

const MODEL = 'offline-draft';
const BUSINESS = {
  name: 'Summit Plumbing & Drain',
  serviceType: 'Plumbing',
  prompt:
    'Family-owned plumbers serving homes and small businesses. Upfront prices, tidy technicians.\n' +
    '- Drain Cleaning\n- Water Heater Repair\n- Leak Detection\n- Repiping\n- Sewer Line Repair',
  contactPhoneNumber: '(512) 555-0142',
  email: 'office@summitplumbing.example',
};
const BATCH = 500;

export type SeededSite = {
  projectId: string;
  pages: number;
  cities: number;
  /** Service-city pages: every place's page for each of `services` of its services. */
  serviceCities: number;
  states: number;
  counties: number;
  htmlKb: number;
};

/** An account made the way sign-up makes one: with its own workspace. */
export async function seedUser(db: Db, email: string, password: string) {
  const user = await createUsersRepo(db).create({
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Agency',
    lastName: 'Owner',
    emailVerifiedAt: new Date(),
  });
  return user.id;
}

/** The workspace of an account, where its projects go. */
export async function workspaceOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.accountId, userId));
  return row!.id;
}

async function inBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
}

/**
 * Seeds one project with `count` city pages and, with `servicesPerCity`, that many of its
 * services' pages in every place (service-city pages on, for every service); `onPage` sees
 * every page (for the Hugo peer).
 */
export async function seedSite(
  db: Db,
  userId: string,
  count: number,
  onPage?: (page: SeedPage) => void,
  servicesPerCity = 0,
): Promise<SeededSite> {
  const servicePages = { enabled: servicesPerCity > 0, services: 'all', unlisted: 'all' } as const;
  const [project] = await db
    .insert(projects)
    .values({
      userId,
      workspaceId: await workspaceOf(db, userId),
      ...BUSINESS,
      model: MODEL,
      createServicePages: true,
      status: 'Completed',
      servicePages,
    })
    .returning();
  const projectId = project!.id;
  const services = offlineServices(BUSINESS).slice(0, 5);
  const own: Array<OfflinePage & { path: string }> = [
    { kind: 'homepage', name: 'Homepage', slug: 'homepage', prompt: '', path: '/' },
    { kind: 'main', name: 'About Us', slug: 'about-us', prompt: '', path: '/about-us' },
    { kind: 'main', name: 'Contact Us', slug: 'contact-us', prompt: '', path: '/contact-us' },
    ...services.map((s) => ({
      kind: 'service' as const,
      name: s.title,
      slug: slugify(s.title),
      prompt: s.description,
      path: `/services/${slugify(s.title)}`,
    })),
  ];
  const pageRows = own.map(({ path, ...page }, sortOrder) => {
    const content = writeOfflineContent(BUSINESS, page);
    const contentHtml = renderContent(content, page, BUSINESS, { linkServices: true });
    const { title, description } = content.meta;
    onPage?.({ path, title, description, html: contentHtml, parents: [] });
    return {
      ...page,
      projectId,
      status: 'Completed',
      model: MODEL,
      sortOrder,
      contentHtml,
      content,
      metaTags: renderMetaTags(content.meta),
    };
  });
  const pageIds = await db.insert(pages).values(pageRows).returning({ id: pages.id });

  const places = spreadPlaces(count);
  const stateRows = [...new Map(places.map((p) => [p.stateId, p.stateName]))].map(
    ([code, name]) => ({ projectId, code, name, slug: slugify(name) }),
  );
  const stateIds = new Map<string, string>();
  for (const row of await db.insert(locationStates).values(stateRows).returning())
    stateIds.set(row.code, row.id);
  const countyRows = [...new Set(places.map(countyKey))].map((key) => {
    const [code, name] = key.split('|') as [string, string];
    return { projectId, stateId: stateIds.get(code)!, name, slug: slugify(name) };
  });
  const countyIds = new Map<string, string>();
  await inBatches(countyRows, async (batch) => {
    for (const row of await db.insert(locationCounties).values(batch).returning())
      countyIds.set(`${row.stateId}|${row.name}`, row.id);
  });

  let htmlBytes = 0;
  const written = writeCities(BUSINESS, places, services, onPage);
  const cityRows = written.map((c) => {
    htmlBytes += c.contentHtml.length;
    return {
      projectId,
      countyId: countyIds.get(`${stateIds.get(c.place.stateId)}|${c.county}`)!,
      name: c.place.city,
      slug: c.slug,
      placeKey: c.place.key,
      zips: c.place.zips,
      latitude: c.place.latitude,
      longitude: c.place.longitude,
      status: 'Completed',
      model: MODEL,
      contentHtml: c.contentHtml,
      content: c.content,
      metaTags: c.metaTags,
    };
  });
  const cityIds: string[] = [];
  await inBatches(cityRows, async (batch) => {
    for (const row of await db.insert(cities).values(batch).returning({ id: cities.id }))
      cityIds.push(row.id);
  });
  const serviceRows = pageRows
    .map((row, i) => ({ ...row, id: pageIds[i]!.id }))
    .filter((row) => row.kind === 'service')
    .slice(0, servicesPerCity)
    .map((row) => ({ id: row.id, name: row.name, slug: row.slug, summary: row.prompt }));
  if (serviceRows.length)
    await seedServiceCities(db, BUSINESS, projectId, cityIds, written, serviceRows, onPage);
  return {
    projectId,
    pages: pageRows.length,
    cities: cityRows.length,
    serviceCities: serviceRows.length * cityRows.length,
    states: stateRows.length,
    counties: countyRows.length,
    htmlKb: htmlBytes / cityRows.length / 1024,
  };
}
