import { QUALITY_GATE_DEFAULTS, SIMILARITY_THRESHOLD } from '@cityforge/shared';
import { describe, expect, it } from 'vitest';
import type { CityContext } from '../src/modules/generation/city-context.ts';
import { ZPageContent, type TPageContent } from '../src/modules/pages/content.ts';
import { writeOfflineCityContent } from '../src/modules/generation/offline/index.ts';
import { offlineServices, type OfflineProject } from '../src/modules/generation/offline/index.ts';
import {
  estimateJaccard,
  exactJaccard,
  placeMasks,
  scoreSiblings,
  shingleSet,
  signatureOf,
  visibleText,
} from '../src/modules/locations/similarity.ts';
import { slugify } from '../src/lib/slugify.ts';
import { localSubstance, placesIndex } from '../src/modules/locations/page-substance.ts';
import { miles as milesBetween } from '../src/modules/generation/city-page.ts';
import { cityPageOf } from '../src/modules/generation/offline/city/page.ts';
import * as cityArea from '../src/modules/generation/offline/phrases/city-area.ts';
import * as cityBenefits from '../src/modules/generation/offline/phrases/city-benefits.ts';
import * as cityCta from '../src/modules/generation/offline/phrases/city-cta.ts';
import * as cityExtras from '../src/modules/generation/offline/phrases/city-extras.ts';
import * as cityGeneralFaqs from '../src/modules/generation/offline/phrases/city-general-faqs.ts';
import * as cityHeadlines from '../src/modules/generation/offline/phrases/city-headlines.ts';
import * as cityIntro from '../src/modules/generation/offline/phrases/city-intro.ts';
import * as cityLocalFaqs from '../src/modules/generation/offline/phrases/city-local-faqs.ts';
import * as cityProcess from '../src/modules/generation/offline/phrases/city-process.ts';
import * as cityServices from '../src/modules/generation/offline/phrases/city-services.ts';
import {
  FRANKLIN,
  MARICOPA,
  TRAVIS,
  WAKE,
  WILLIAMSON,
  type Place,
} from './fixtures/offline-city-places.ts';

// Real places from the GeoNames postal data the upload resolves against: name, latitude,
// longitude and ZIP codes. Houston's 178 ZIP codes are abbreviated to its 77001-77099 range.
type Row = [name: string, lat: number, lon: number, zips: string];

const HARRIS: Row[] = [
  ['Alief', 29.7111, -95.5963, '77411'],
  ['Barker', 29.7844, -95.6849, '77413'],
  ['Baytown', 29.7555, -94.9432, '77520 77521 77522 77523'],
  ['Bellaire', 29.7681, -95.4477, '77401 77402'],
  ['Channelview', 29.7914, -95.1317, '77530'],
  ['Crosby', 29.9249, -95.0578, '77532'],
  ['Cypress', 29.9431, -95.6785, '77410 77429 77433'],
  ['Deer Park', 29.6826, -95.1222, '77536'],
  ['Galena Park', 29.7392, -95.24, '77547'],
  ['Highlands', 29.8296, -95.0393, '77562'],
  ['Hockley', 30.0729, -95.8104, '77447'],
  ['Houston', 29.7979, -95.4191, 'HOUSTON'],
  ['Huffman', 30.0565, -95.1051, '77336'],
  ['Hufsmith', 30.1222, -95.5966, '77337'],
  ['Humble', 29.9895, -95.2449, '77338 77346 77347 77396'],
  ['Katy', 29.7928, -95.7963, '77449 77450 77491 77492 77493 77494'],
  ['Kingwood', 30.0491, -95.2093, '77325 77339 77345'],
  ['La Porte', 29.6771, -95.0353, '77571 77572'],
  ['North Houston', 29.834, -95.4342, '77315'],
  ['Pasadena', 29.6566, -95.1574, '77501 77502 77503 77504 77505 77506 77507 77508'],
  ['Seabrook', 29.5832, -95.037, '77586'],
  ['South Houston', 29.6601, -95.2258, '77587'],
  [
    'Spring',
    30.1258,
    -95.4606,
    '77373 77379 77380 77381 77382 77383 77386 77387 77388 77389 77391 77393',
  ],
  ['Tomball', 30.0677, -95.6511, '77375 77377'],
  ['Webster', 29.5564, -95.144, '77598'],
];

const WOOD: Row[] = [
  ['Bloomdale', 41.1815, -83.5724, '44817'],
  ['Bowling Green', 41.3792, -83.6439, '43402 43403'],
  ['Bradner', 41.3298, -83.4456, '43406'],
  ['Custar', 41.2953, -83.8349, '43511'],
  ['Cygnet', 41.2401, -83.6433, '43413'],
  ['Dunbridge', 41.4581, -83.6102, '43414'],
  ['Grand Rapids', 41.4379, -83.8552, '43522'],
  ['Haskins', 41.4667, -83.7055, '43525'],
  ['Hoytville', 41.1872, -83.7847, '43529'],
  ['Jerry City', 41.2559, -83.6022, '43437'],
  ['Lemoyne', 41.4959, -83.4741, '43441'],
  ['Luckey', 41.4517, -83.4674, '43443'],
  ['Millbury', 41.5611, -83.4381, '43447'],
  ['Milton Center', 41.3009, -83.8296, '43541'],
  ['North Baltimore', 41.1867, -83.6806, '45872'],
  ['Northwood', 41.608, -83.4806, '43619'],
  ['Pemberville', 41.4023, -83.4736, '43450'],
  ['Perrysburg', 41.55, -83.6099, '43551 43552'],
  ['Portage', 41.3127, -83.6143, '43451'],
  ['Risingsun', 41.2706, -83.4326, '43457'],
  ['Rossford', 41.6049, -83.5638, '43460'],
  ['Rudolph', 41.2967, -83.6832, '43462'],
  ['Stony Ridge', 41.5091, -83.5085, '43463'],
  ['Tontogany', 41.4192, -83.7408, '43565'],
  ['Walbridge', 41.5861, -83.493, '43465'],
  ['Wayne', 41.2993, -83.4701, '43466'],
  ['West Millgrove', 41.2426, -83.4896, '43467'],
  ['Weston', 41.3516, -83.7973, '43569'],
];

const HOUSTON_ZIPS = Array.from({ length: 99 }, (_, i) => String(77001 + i)).filter(
  (z) => z !== '77097',
);

function miles(a: Row, b: Row): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 +
    Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[2] - a[2]) * rad) / 2) ** 2;
  return Math.round(2 * 3958.8 * Math.asin(Math.sqrt(h)));
}

const plumber: OfflineProject = {
  name: 'Gulf Coast Plumbing Co.',
  serviceType: 'Plumbing',
  prompt: 'Licensed plumbers for homes and small businesses.',
  contactPhoneNumber: '(713) 555-0142',
  email: 'office@gulfcoastplumbing.test',
};

const roofer: OfflineProject = {
  name: 'Black Swamp Roofing',
  serviceType: 'Roofing contractor',
  prompt: '',
  contactPhoneNumber: '(419) 555-0188',
  email: '',
};

/** The CityContexts of one county's cities, each with its nearest siblings by distance. */
function county(
  rows: Row[],
  state: { id: string; name: string },
  countyName: string,
  project: OfflineProject,
  prompt = '',
): CityContext[] {
  const services = offlineServices(project);
  return rows.map((row) => {
    const slug = slugify(row[0]);
    const base = `/${state.name.toLowerCase()}/${slugify(countyName)}`;
    return {
      name: row[0],
      slug,
      stateId: state.id,
      stateName: state.name,
      county: countyName,
      facts: [],
      otherCounties: [],
      zips: row[3] === 'HOUSTON' ? HOUSTON_ZIPS : row[3].split(' '),
      nearby: rows
        .filter((other) => other !== row)
        .map((other) => ({
          name: other[0],
          stateId: state.id,
          miles: miles(row, other),
          href: `${base}/${slugify(other[0])}/`,
        }))
        .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name))
        .slice(0, 8),
      countyCities: rows.length,
      services,
      prompt,
      revision: 0,
      paths: {
        states: '/locations/',
        state: `/${state.name.toLowerCase()}/`,
        county: `${base}/`,
        self: `${base}/${slug}/`,
      },
    };
  });
}

const TEXAS = { id: 'TX', name: 'Texas' };
const OHIO = { id: 'OH', name: 'Ohio' };
const harris = county(HARRIS, TEXAS, 'Harris County', plumber);
const wood = county(WOOD, OHIO, 'Wood County', roofer);

/** Everything a visitor reads, meta included, to search it as a whole. */
function text(content: TPageContent): string {
  return [content.meta.title, content.meta.description, visibleText(content)].join('\n');
}

/** Each page's highest similarity to a sibling, on exact Jaccard of masked shingles. */
function siblingScores(project: OfflineProject, cities: CityContext[]): number[] {
  const sets = cities.map((c) =>
    shingleSet(visibleText(writeOfflineCityContent(project, c)), placeMasks(c)),
  );
  return sets.map((a, i) =>
    Math.max(...sets.filter((_, j) => j !== i).map((b) => exactJaccard(a, b))),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('writeOfflineCityContent', () => {
  const samples = [
    [plumber, harris[11]!], // Houston: 98 ZIP codes
    [plumber, harris[2]!], // Baytown
    [plumber, harris[17]!], // La Porte
    [roofer, wood[1]!], // Bowling Green
    [roofer, wood[26]!], // West Millgrove
  ] as const;

  it.each(samples)('writes a complete page that passes the schema (%#)', (project, city) => {
    const content = ZPageContent.parse(writeOfflineCityContent(project, city));
    const all = text(content);
    expect(all).not.toMatch(/undefined|null|NaN|\{list\}|\{t\}|\{T\}|lorem/i);
    expect(content.hero.heading).toContain(city.name);
    expect(content.hero.heading).toMatch(new RegExp(`${city.stateId}|${city.stateName}`));
    expect(content.meta.title).toContain(`${city.name}, ${city.stateId}`);
    expect(content.meta.title.length).toBeLessThanOrEqual(60);
    expect(content.meta.description.length).toBeGreaterThanOrEqual(130);
    expect(content.meta.description.length).toBeLessThanOrEqual(160);
    expect(content.meta.description).toContain(city.name);
    const types = content.sections.map((s) => s.type);
    for (const type of ['text', 'services', 'benefits', 'process', 'faq', 'cta'] as const) {
      expect(types).toContain(type);
    }
    expect(types.at(-1)).toBe('cta');
    expect(all).toContain(project.contactPhoneNumber);
  });

  it.each(samples)('uses the county, the ZIP codes and the nearby cities (%#)', (project, city) => {
    const all = text(writeOfflineCityContent(project, city));
    expect(all).toContain(city.county);
    // A sentence names a few ZIP codes, never a list of them (the page's chips list them all).
    for (const zip of city.zips.slice(0, 4)) expect(all).toContain(zip);
    if (city.zips.length > 4) expect(all).toContain(`and ${city.zips.length - 4} more`);
    const nearest = city.nearby[0]!;
    expect(all).toContain(nearest.name);
    expect(all).toMatch(new RegExp(`${nearest.name}[^.]{0,12}\\b${nearest.miles} miles`));
  });

  it('lists every service of the business, adapted to the city', () => {
    const city = harris[2]!;
    const content = writeOfflineCityContent(plumber, city);
    const services = content.sections.find((s) => s.type === 'services');
    if (services?.type !== 'services') throw new Error('no services section');
    expect(services.items.map((i) => i.title)).toEqual(city.services.map((s) => s.title));
    expect(services.items.some((i) => i.description.includes(city.name))).toBe(true);
  });

  it('asks city-specific questions in its FAQ', () => {
    const questions = [...harris, ...wood].flatMap((city) => {
      const project = city.stateId === 'TX' ? plumber : roofer;
      const faq = writeOfflineCityContent(project, city).sections.find((s) => s.type === 'faq');
      if (faq?.type !== 'faq') throw new Error('no faq section');
      return faq.items.map((f) => f.question);
    });
    expect(questions.some((q) => /ZIP/.test(q))).toBe(true);
    expect(questions.some((q) => /nearby cities|outside|near /.test(q))).toBe(true);
    expect(questions.some((q) => /County/.test(q))).toBe(true);
  });

  it('invents no local facts: no addresses, landmarks, prices, years or reviews', () => {
    for (const city of [...harris, ...wood]) {
      const project = city.stateId === 'TX' ? plumber : roofer;
      for (const revision of [0, 1, 2]) {
        const all = text(writeOfflineCityContent(project, { ...city, revision }));
        expect(all).not.toMatch(
          /\d+\s+\w+\s+(Street|St\.|Avenue|Ave|Road|Rd|Blvd|Boulevard|Drive|Dr\.|Lane|Ln)\b/,
        );
        expect(all).not.toMatch(
          /\$\s?\d|population|residents since|founded|established|years? in business|\d+\+? years|award|review|star rating|landmark|downtown|neighbou?rhood|weather|climate|historic/i,
        );
        // No compass directions: only distances are known.
        expect(all).not.toMatch(/\bmiles? (north|south|east|west)/i);
      }
    }
  });

  it('is deterministic for equal input', () => {
    for (const city of harris.slice(0, 5)) {
      expect(writeOfflineCityContent({ ...plumber }, structuredClone(city))).toEqual(
        writeOfflineCityContent(plumber, city),
      );
    }
  });

  it('words the page afresh for a new revision', () => {
    for (const city of [harris[4]!, wood[9]!]) {
      const project = city.stateId === 'TX' ? plumber : roofer;
      const masks = placeMasks(city);
      const first = writeOfflineCityContent(project, city);
      const second = writeOfflineCityContent(project, { ...city, revision: 1 });
      expect(second).not.toEqual(first);
      const similarity = exactJaccard(
        shingleSet(visibleText(first), masks),
        shingleSet(visibleText(second), masks),
      );
      expect(similarity).toBeLessThan(SIMILARITY_THRESHOLD);
    }
  });

  it('uses statements and requested topics of the upload prompt, never the instructions', () => {
    const prompt = [
      'Mention 24/7 emergency service on every page.',
      'We are a family-run team and answer our own phones.',
      'Write in a friendly tone and optimize for SEO.',
      'Include the ZIP codes and the nearby cities in the FAQ.',
    ].join(' ');
    const city = { ...harris[7]!, prompt };
    const all = text(writeOfflineCityContent(plumber, city));
    expect(all).toContain('24/7 emergency service');
    expect(all).toContain('We are a family-run team and answer our own phones.');
    expect(all).not.toMatch(/friendly tone|SEO|on every page|the ZIP codes and/);
  });

  it('reads the same asks from a 20,000-character prompt padded to make patterns backtrack', () => {
    // Runs of spaces once made the scope and ";" patterns rescan the run from every space.
    const gap = ' '.repeat(6_000);
    const prompt = [
      `Mention 24/7 emergency service${gap}on every page.`,
      'We are a family-run team and answer our own phones.',
      `Write in a friendly tone${gap};${gap}include the ZIP codes.`,
    ].join(' ');
    expect(prompt.length).toBeGreaterThan(18_000);
    const all = text(writeOfflineCityContent(plumber, { ...harris[7]!, prompt }));
    expect(all).toContain('24/7 emergency service');
    expect(all).toContain('We are a family-run team and answer our own phones.');
    expect(all).not.toMatch(/friendly tone|on every page|the ZIP codes/);
  });

  it('writes valid pages with no county, ZIPs, nearby cities, phone or e-mail', () => {
    const bare: OfflineProject = { ...plumber, contactPhoneNumber: '', email: '', prompt: '' };
    const long = 'Extraordinarily Long Business Name '.repeat(8);
    const city: CityContext = {
      ...harris[0]!,
      county: '',
      zips: [],
      nearby: [],
      countyCities: 1,
      services: [],
    };
    for (const [project, c] of [
      [bare, city],
      [{ ...bare, name: long, serviceType: 'Window Washing and Gutter Cleaning' }, city],
      [
        plumber,
        { ...city, name: 'Llanfairpwllgwyngyll Junction Township', county: 'Harris County' },
      ],
    ] as const) {
      for (const revision of [0, 1, 2, 3]) {
        const content = ZPageContent.parse(writeOfflineCityContent(project, { ...c, revision }));
        expect(text(content)).not.toMatch(/undefined|null|\{list\}/);
        expect(content.meta.title.length).toBeLessThanOrEqual(60);
      }
    }
  });

  // The point of the writer: one county's pages must not read as one page with the name
  // swapped. Exact Jaccard of 5-word shingles, each page's own place words masked.
  it.each([
    ['Harris County, TX', plumber, harris],
    ['Wood County, OH', roofer, wood],
  ] as const)('keeps sibling pages of %s apart', (label, project, cities) => {
    const scores = siblingScores(project, cities);
    const max = Math.max(...scores);
    console.info(
      `${label}: ${cities.length} pages, highest sibling similarity ${max.toFixed(3)}, median ${median(scores).toFixed(3)}`,
    );
    expect(max).toBeLessThan(0.35);
    expect(max).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it('keeps sibling pages apart as the signatures see them too', () => {
    const pages = wood.map((c) => ({
      id: c.slug,
      signature: signatureOf(writeOfflineCityContent(roofer, c), placeMasks(c)),
    }));
    const scores = scoreSiblings(pages);
    for (const { similarity, similarTo } of scores.values()) {
      expect(similarTo).not.toBeNull();
      expect(similarity).toBeLessThan(SIMILARITY_THRESHOLD);
    }
    // And the same page written twice is caught.
    const twin = scoreSiblings([...pages, { ...pages[3]!, id: 'copy' }]);
    expect(twin.get('copy')).toEqual({ similarity: 1, similarTo: pages[3]!.id });
    expect(estimateJaccard(pages[3]!.signature, pages[3]!.signature)).toBe(1);
  });
});

// ---------------------------------------------------------------- the phrase tables

// The phrase tables (offline/phrases/city-*.ts) point here: adding or rewording a variant is safe
// as long as these hold; removing variants, or a variant that reads the same on every page,
// is what they catch.

type Project = { label: string; project: OfflineProject; counties: Array<[string, Place[]]> };

const PROJECTS: Array<Project & { state: { id: string; name: string }; prompt: string }> = [
  {
    label: 'plumber, Travis and Williamson County, TX',
    state: TEXAS,
    project: {
      name: 'Hill Country Plumbing',
      serviceType: 'Plumbing',
      prompt: 'Licensed plumbers for homes and small businesses across Central Texas.',
      contactPhoneNumber: '(512) 555-0134',
      email: 'office@hillcountryplumbing.test',
    },
    counties: [
      ['Travis County', TRAVIS],
      ['Williamson County', WILLIAMSON],
    ],
    prompt: '',
  },
  {
    label: 'HVAC, Maricopa County, AZ',
    state: { id: 'AZ', name: 'Arizona' },
    project: {
      name: 'Desert Air Heating & Cooling',
      serviceType: 'HVAC',
      prompt: 'We keep homes cool through Phoenix summers.',
      contactPhoneNumber: '(602) 555-0190',
      email: '',
    },
    counties: [['Maricopa County', MARICOPA]],
    prompt:
      'Mention same-day AC repair on every page. We are family owned and answer our own phones. Write in a friendly tone.',
  },
  {
    label: 'electrician without a phone, Wake County, NC',
    state: { id: 'NC', name: 'North Carolina' },
    project: {
      name: 'Oak City Electric',
      serviceType: 'Electrician',
      prompt: '',
      contactPhoneNumber: '',
      email: 'hello@oakcityelectric.test',
    },
    counties: [['Wake County', WAKE]],
    prompt: '',
  },
  {
    label: 'a trade the catalogue does not know, Franklin County, OH',
    state: OHIO,
    project: {
      name: 'Buckeye Window Washing',
      serviceType: 'Window Washing',
      prompt: '',
      contactPhoneNumber: '(614) 555-0107',
      email: '',
    },
    counties: [['Franklin County', FRANKLIN]],
    prompt: 'Highlight free estimates.',
  },
];

/** A project's cities as CityContexts, as the product builds them: nearest six within 100 miles. */
function projectCities(p: (typeof PROJECTS)[number]): CityContext[] {
  const all = p.counties.flatMap(([countyName, places]) =>
    places.map((place) => ({ countyName, place })),
  );
  const services = offlineServices(p.project);
  const at = (place: Place) => ({ latitude: place[1], longitude: place[2] });
  return all.map(({ countyName, place }) => {
    const slug = slugify(place[0]);
    const base = `/${slugify(p.state.name)}/${slugify(countyName)}`;
    return {
      name: place[0],
      slug,
      stateId: p.state.id,
      stateName: p.state.name,
      county: countyName,
      facts: [],
      otherCounties: place[4]?.split('; ') ?? [],
      zips: place[3].split(' '),
      nearby: all
        .filter((other) => other.place !== place)
        .map((other) => ({
          name: other.place[0],
          stateId: p.state.id,
          miles: milesBetween(at(place), at(other.place)),
          href: `/${slugify(p.state.name)}/${slugify(other.countyName)}/${slugify(other.place[0])}/`,
        }))
        .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name))
        .slice(0, 6)
        .filter((n) => n.miles <= 100),
      countyCities: all.filter((c) => c.countyName === countyName).length,
      services,
      prompt: p.prompt,
      revision: 0,
      paths: {
        states: '/locations/',
        state: `/${slugify(p.state.name)}/`,
        county: `${base}/`,
        self: `${base}/${slug}/`,
      },
    };
  });
}

describe('the offline city phrase tables', () => {
  it('cover a realistic set of 147 cities in five counties of four states', () => {
    const cities = PROJECTS.flatMap(projectCities);
    expect(cities.length).toBeGreaterThanOrEqual(100);
    expect(new Set(cities.map((c) => c.stateId)).size).toBe(4);
  });

  it.each(PROJECTS)('keep every pair of pages of one project apart: $label', (p) => {
    const cities = projectCities(p);
    const sets = cities.map((c) =>
      shingleSet(visibleText(writeOfflineCityContent(p.project, c)), placeMasks(c)),
    );
    const pairs: number[] = [];
    for (let i = 0; i < sets.length; i++) {
      for (let j = i + 1; j < sets.length; j++) pairs.push(exactJaccard(sets[i]!, sets[j]!));
    }
    const max = Math.max(...pairs);
    console.info(
      `${p.label}: ${cities.length} pages, ${pairs.length} pairs, highest ${max.toFixed(3)}, median ${median(pairs).toFixed(3)}`,
    );
    expect(max).toBeLessThan(SIMILARITY_THRESHOLD);
    // The product flags pages by their MinHash signatures: none of these may be flagged.
    const scores = scoreSiblings(
      cities.map((c) => ({
        id: c.slug,
        signature: signatureOf(writeOfflineCityContent(p.project, c), placeMasks(c)),
      })),
    );
    for (const { similarity } of scores.values()) {
      expect(similarity).toBeLessThan(SIMILARITY_THRESHOLD);
    }
  });

  it.each(PROJECTS)('never list places, which the quality gate holds as stuffing: $label', (p) => {
    const cities = projectCities(p);
    const places = placesIndex([
      ...cities.flatMap((c) => [c.name, c.county, c.stateName]),
      ...cities.flatMap((c) => c.nearby.map((n) => n.name)),
    ]);
    for (const city of cities) {
      const blocks = visibleText(writeOfflineCityContent(p.project, city)).split('\n');
      const substance = localSubstance(
        blocks,
        {
          county: city.county,
          otherCounties: city.otherCounties,
          zips: city.zips,
          neighbours: city.nearby.map((n) => n.name),
          instructions: city.prompt,
          own: [city.name, city.stateName, city.stateId],
        },
        { places },
      );
      expect(substance.stuffing, city.name).toBe(0);
      expect(substance.localShare, city.name).toBeGreaterThanOrEqual(
        QUALITY_GATE_DEFAULTS.minLocalShare,
      );
    }
  });

  // Extra arguments of the tables that take more than the page.
  const EXTRA: Record<string, unknown[]> = {
    HERO_SUBHEADINGS: ['Austin and Travis County'],
    INTRO_TOPIC_ASKS: ['free estimates'],
    AREA_ZIP_SENTENCES: ['ZIP codes 78701 and 78702'],
    SERVICES_INTROS: ['emergency plumbing repair', 'sewer line repair'],
    STEP_1_TEXTS: ['78701'],
    ZIP_FAQ_ALSO: [['78702']],
    ZIP_FAQ_QUESTIONS: ['78701'],
    ZIP_FAQ_ANSWERS: ['78701'],
  };
  // The fewest variants each list may have. Lists a page shows on every page hold at least
  // four; two-variant lists are the ones only some pages show.
  const MIN_VARIANTS: Record<string, number> = {
    HERO_HEADINGS: 7,
    HERO_WHERE: 2,
    HERO_SUBHEADINGS: 5,
    HERO_BUTTONS_PHONE: 4,
    HERO_BUTTONS_NO_PHONE: 4,
    META_TITLES: 9,
    META_OPENERS: 4,
    META_EXTRAS: 7,
    META_FILLERS: 4,
    INTRO_HEADINGS: 7,
    INTRO_OPENERS: 8,
    INTRO_SERVICES: 6,
    INTRO_APPROACHES: 7,
    INTRO_NEXT_STEPS: 5,
    INTRO_TOPIC_ASKS: 4,
    AREA_HEADINGS: 7,
    AREA_ZIP_SENTENCES: 6,
    AREA_NO_ZIP_SENTENCES: 2,
    AREA_NO_COUNTY: 2,
    AREA_COUNTY_OF_MANY: 5,
    AREA_COUNTY_OF_ONE: 3,
    AREA_OTHER_COUNTIES: 2,
    AREA_NEARBY: 6,
    AREA_OUTSIDE: 5,
    SERVICES_HEADINGS: 6,
    SERVICES_INTROS: 6,
    // More than the 12 services a page may list, so no two cards of a page read alike.
    SERVICE_PHRASINGS: 13,
    BENEFITS_HEADINGS: 6,
    BENEFITS: 11,
    PROCESS_HEADINGS: 6,
    STEP_1_TITLES: 5,
    STEP_1_TEXTS: 6,
    STEP_2_TITLES: 5,
    STEP_2_TEXTS: 6,
    STEP_3_TITLES: 5,
    STEP_3_TEXTS: 6,
    STEP_4_TITLES: 5,
    STEP_4_TEXTS: 6,
    FAQ_HEADINGS: 6,
    ZIP_FAQ_ALSO: 2,
    ZIP_FAQ_QUESTIONS: 3,
    ZIP_FAQ_ANSWERS: 3,
    NEARBY_FAQ_QUESTIONS: 3,
    NEARBY_FAQ_ANSWERS: 3,
    NEARBY_FAQ_CLOSINGS: 3,
    COUNTY_FAQ_QUESTIONS: 3,
    COUNTY_FAQ_ANSWERS_OF_MANY: 3,
    COUNTY_FAQ_ELSEWHERE: 3,
    COUNTY_FAQ_ANSWERS_OF_ONE: 2,
    BOOKING_FAQ_QUESTIONS: 3,
    BOOKING_FAQ_FIRST_STEPS: 3,
    BOOKING_FAQ_DETAILS: 3,
    GENERAL_FAQS: 7,
    PREPARE_HEADINGS: 2,
    PREPARE_FIRST: 3,
    PREPARE_SECOND: 3,
    HOMES_HEADINGS: 2,
    HOMES_TEXTS: 3,
    CHOOSING_HEADINGS: 2,
    CHOOSING_TEXTS: 3,
    CTA_HEADINGS: 6,
    CTA_TEXTS: 7,
    CTA_BUTTONS_PHONE: 4,
    CTA_BUTTONS_NO_PHONE: 3,
  };
  const MODULES = {
    cityArea,
    cityBenefits,
    cityCta,
    cityExtras,
    cityGeneralFaqs,
    cityHeadlines,
    cityIntro,
    cityLocalFaqs,
    cityProcess,
    cityServices,
  };
  const page = cityPageOf(PROJECTS[0]!.project, projectCities(PROJECTS[0]!)[0]!);
  const tables = Object.values(MODULES).flatMap((module) =>
    Object.entries(module).map(([name, table]): [string, unknown[]] => [
      name,
      typeof table === 'function'
        ? (table as (...args: unknown[]) => unknown[])(page, ...(EXTRA[name] ?? []))
        : (table as unknown[]),
    ]),
  );

  it('have enough variants in every list, none of them repeated', () => {
    expect(tables.length).toBe(Object.keys(MIN_VARIANTS).length);
    for (const [name, variants] of tables) {
      // A new table declares its minimum above.
      expect(MIN_VARIANTS, name).toHaveProperty(name);
      expect(variants.length, name).toBeGreaterThanOrEqual(MIN_VARIANTS[name]!);
      const strings = variants.filter((v): v is string => typeof v === 'string');
      expect(new Set(strings).size, name).toBe(strings.length);
    }
  });

  it('have enough variants inside the benefits and the general questions', () => {
    for (const benefit of cityBenefits.BENEFITS(page)) {
      expect(benefit.titles.length).toBeGreaterThanOrEqual(2);
      expect(benefit.texts.length).toBeGreaterThanOrEqual(3);
    }
    for (const faq of cityGeneralFaqs.GENERAL_FAQS(page)) {
      expect(faq.questions.length, faq.slot).toBeGreaterThanOrEqual(3);
      expect(faq.openings.length, faq.slot).toBeGreaterThanOrEqual(3);
      expect(faq.closings.length, faq.slot).toBeGreaterThanOrEqual(3);
    }
  });
});
