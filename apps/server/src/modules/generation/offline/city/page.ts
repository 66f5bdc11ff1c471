/**
 * What one city page is written from: the business's voice, the city's record (county, ZIP
 * codes, nearby cities of the project with distances), the upload's instructions, and a
 * chooser seeded by the city, so each slot of the page picks its own phrasing.
 */

import type { TCityFact } from '@cityforge/shared';
import type { CityContext, NearbyCity } from '../../city-context.ts';
import { asksFrom, factsFrom } from '../brief.ts';
import { offlineServices } from '../services.ts';
import { chooser, listOf, lower, type Chooser } from '../text.ts';
import { voiceOf, type OfflineProject, type Voice } from '../voice.ts';

export type CityPage = Voice & {
  serviceType: string;
  city: string;
  /** "TX" */
  stateCode: string;
  /** "Texas", or the state code when the name is unknown. */
  state: string;
  /** "Harris County", or "" when unknown. */
  county: string;
  /** Counties the city reaches into besides `county`. */
  otherCounties: string[];
  zips: string[];
  nearby: NearbyCity[];
  /** How many cities of the project share the county, this one included. */
  countyCities: number;
  /** Statements about the business to place on the page. */
  facts: string[];
  /** Topics the owner asked every page to mention. */
  topics: string[];
  /** What the customer told us about the place: each is stated on the page (proof.ts). */
  firsthand: TCityFact[];
  choose: Chooser;
};

export function cityPageOf(project: OfflineProject, city: CityContext): CityPage {
  const asks = asksFrom(city.prompt);
  const own = [...factsFrom(city.prompt), ...asks.facts];
  // A service-city page words itself apart from its city's page and the city's other services.
  const service = city.service ? `|${city.service.slug}` : '';
  const choose = chooser(`${city.slug}|${city.stateId}|${city.revision}${service}`);
  // The owner's general brief is on the homepage already: at most one of its statements, a
  // different one per city, so the brief is echoed without repeating on every page.
  const general = own.length ? [] : choose.some('brief', factsFrom(project.prompt), 1);
  const given = city.services.filter((s) => s.title.trim());
  const services = (given.length ? given : offlineServices(project)).slice(0, 12).map((s) => ({
    title: s.title.trim(),
    description: s.description.trim(),
  }));
  return {
    ...voiceOf(project, services),
    serviceType: project.serviceType,
    city: city.name.trim(),
    stateCode: city.stateId.trim(),
    state: city.stateName.trim() || city.stateId.trim(),
    county: city.county.trim(),
    otherCounties: city.otherCounties.map((c) => c.trim()).filter(Boolean),
    zips: [...new Set(city.zips.map((z) => z.trim()).filter(Boolean))],
    nearby: city.nearby.filter((n) => n.name.trim()),
    countyCities: city.countyCities,
    facts: [...own, ...general].slice(0, 6),
    topics: asks.topics,
    firsthand: city.facts.filter((f) => f.value.trim()),
    choose,
  };
}

/**
 * ZIP codes a sentence names: more would make it a list of ZIP codes, which the quality gate
 * (and Google) reads as keyword stuffing; the page's ZIP chips list them all.
 */
const MAX_ZIPS = 4;

/** "ZIP code 43402", "ZIP codes 43402 and 43403", "ZIP codes 77001, 77002, 77003, 77004 and 174 more". */
export function zipPhrase(zips: string[]): string {
  if (zips.length === 1) return `ZIP code ${zips[0]}`;
  if (zips.length <= MAX_ZIPS) return `ZIP codes ${listOf(zips)}`;
  return `ZIP codes ${zips.slice(0, MAX_ZIPS).join(', ')} and ${zips.length - MAX_ZIPS} more`;
}

function milesText(miles: number): string {
  if (miles < 1) return 'under a mile';
  if (miles === 1) return '1 mile';
  return `${Math.round(miles)} miles`;
}

/** The nearest cities by name and distance, in one of a few formats. */
export function nearbyList(p: CityPage, salt: string, max: number): string {
  const count = Math.min(p.nearby.length, max);
  const shown = p.nearby.slice(0, count).map((n) => ({
    name: n.stateId && n.stateId !== p.stateCode ? `${n.name}, ${n.stateId}` : n.name,
    miles: milesText(n.miles),
  }));
  const format = p.choose.one(`${salt}-format`, [0, 1, 2, 3]);
  if (format === 0) return listOf(shown.map((n) => `${n.name} (${n.miles})`));
  if (format === 1) return listOf(shown.map((n) => `${n.name} at ${n.miles}`));
  if (format === 2) return listOf(shown.map((n) => `${n.name} (${n.miles} away)`));
  // "Round Rock, 16 miles away; Pflugerville, 12 miles away; and Cedar Park, 20 miles away"
  const parts = shown.map((n) => `${n.name}, ${n.miles} away`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join('; ')}; and ${parts[parts.length - 1]}`;
}

/** n of the business's services, a different n per page and slot. */
export function serviceList(p: CityPage, salt: string, n: number): string {
  return listOf(p.choose.some(salt, p.services, n).map((s) => lower(s.title)));
}
