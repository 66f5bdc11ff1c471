import type {
  CityContext,
  NearbyCity,
} from '../apps/server/src/modules/generation/city-context.ts';
import type { TPageContent } from '../apps/server/src/modules/pages/content.ts';
import { writeOfflineCityContent } from '../apps/server/src/modules/generation/offline/index.ts';
import type { OfflineProject } from '../apps/server/src/modules/generation/offline/index.ts';
import { getGeoIndex, type Place } from '../apps/server/src/modules/locations/geography-index.ts';
import { miles } from '../apps/server/src/modules/generation/city-page.ts';
import { renderMetaTags } from '../apps/server/src/modules/site/meta.ts';
import {
  cityPath,
  countyPath,
  statePath,
  STATES_PATH,
} from '../apps/server/src/modules/site/paths.ts';
import { slugify } from '../apps/server/src/lib/slugify.ts';
import { renderContent } from '../apps/server/src/modules/site/render-content.ts';
import { cityLocalSections } from '../apps/server/src/modules/site/render-locations.ts';

/**
 * The city pages of the bench site: real GeoNames places spread over every state, each page
 * written by the "Offline draft" model from the city's record (county, ZIPs, nearest cities
 * of the project) and rendered by the product's renderer, as a finished generation stores it.
 */

const NEARBY = 6;
const NEARBY_MAX_MILES = 100;

/** What the Hugo peer needs of each page, handed over as the seed writes it. */
export type SeedPage = {
  path: string;
  title: string;
  description: string;
  html: string;
  /** The listing pages above it (state, county), as [path, title]. */
  parents: Array<[string, string]>;
};

export type WrittenCity = {
  place: Place;
  county: string;
  slug: string;
  contentHtml: string;
  content: TPageContent;
  metaTags: string;
  /** What the writer knew of the place: its service pages are written from it too. */
  context: CityContext;
};

/** `count` places spread evenly over every state (sorted by key, then every k-th). */
export function spreadPlaces(count: number): Place[] {
  const all = [...getGeoIndex().byCityState.values()].flat();
  all.sort((a, b) => a.key.localeCompare(b.key));
  const step = all.length / count;
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)]!);
}

/** GeoNames names counties as people write them ("Travis County", "Acadia Parish"). */
export const countyName = (p: Place) => p.county || 'Unknown County';
export const countyKey = (p: Place) => `${p.stateId}|${countyName(p)}`;

/** One written page per place; `onPage` sees each one (for the Hugo peer). */
export function writeCities(
  business: OfflineProject,
  places: Place[],
  services: CityContext['services'],
  onPage?: (page: SeedPage) => void,
): WrittenCity[] {
  // Slugs and paths first, so every page can link its nearest neighbours.
  const slugs = new Set<string>();
  const located = places.map((p) => {
    const state = { slug: slugify(p.stateName) };
    const county = { slug: slugify(countyName(p)) };
    let slug = slugify(p.city);
    for (let i = 2; slugs.has(`${countyKey(p)}|${slug}`); i++) slug = slugify(`${p.city} ${i}`);
    slugs.add(`${countyKey(p)}|${slug}`);
    return { p, slug, state, county, path: cityPath(state, county, { slug }) };
  });
  const byState = Map.groupBy(located, (l) => l.p.stateId);
  const perCounty = Map.groupBy(located, (l) => countyKey(l.p));

  return located.map((l) => {
    const { p } = l;
    const nearby: NearbyCity[] = byState
      .get(p.stateId)!
      .filter((o) => o !== l)
      .map((o) => ({ name: o.p.city, stateId: o.p.stateId, miles: miles(p, o.p), href: o.path }))
      .filter((c) => c.miles <= NEARBY_MAX_MILES)
      .sort((a, b) => a.miles - b.miles)
      .slice(0, NEARBY);
    const context: CityContext = {
      name: p.city,
      slug: l.slug,
      stateId: p.stateId,
      stateName: p.stateName,
      county: countyName(p),
      otherCounties: p.otherCounties,
      zips: p.zips,
      nearby,
      countyCities: perCounty.get(countyKey(p))!.length,
      services,
      prompt: '',
      facts: [],
      revision: 0,
      paths: {
        states: STATES_PATH,
        state: statePath(l.state),
        county: countyPath(l.state, l.county),
        self: l.path,
      },
    };
    const content = writeOfflineCityContent(business, context);
    const contentHtml = renderContent(
      content,
      { kind: 'city', name: p.city, slug: l.slug, path: l.path },
      business,
      {
        linkServices: true,
        extraSections: cityLocalSections({
          city: p.city,
          county: { name: context.county, href: context.paths.county },
          zips: p.zips,
          nearby,
        }),
      },
    );
    onPage?.({
      path: l.path,
      title: content.meta.title,
      description: content.meta.description,
      html: contentHtml,
      parents: [
        [context.paths.state, p.stateName],
        [context.paths.county, context.county],
      ],
    });
    const metaTags = renderMetaTags(content.meta);
    return {
      place: p,
      county: context.county,
      slug: l.slug,
      contentHtml,
      content,
      metaTags,
      context,
    };
  });
}
