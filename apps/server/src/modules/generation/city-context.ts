import type { TCityFact } from '@cityforge/shared';

/**
 * Everything a city page may say about its place, gathered from the project's own data and
 * the GeoNames record the city resolved to, and the facts the customer gave for it. Writers (a
 * model or the offline writer) get this and nothing else local, so a page can be specific
 * without inventing facts.
 */
export type NearbyCity = {
  name: string;
  stateId: string;
  /** Great-circle distance, rounded to whole miles. */
  miles: number;
  /** Site path of its page. */
  href: string;
};

/** The one service a service-city page is about, and what its own page says of it. */
export type ServiceFocus = { name: string; slug: string; summary: string };

export type CityContext = {
  /** The name the page uses (the spreadsheet's display name, else the city's). */
  name: string;
  slug: string;
  stateId: string;
  stateName: string;
  /** As people write it: "Travis County", "Orleans Parish". */
  county: string;
  /** Counties the city reaches into besides its own (the county of its centre). */
  otherCounties: string[];
  zips: string[];
  /** Nearest other cities of the project, nearest first. */
  nearby: NearbyCity[];
  /** How many cities of the project share this county (this one included). */
  countyCities: number;
  /** The business's services, as its homepage lists them. */
  services: Array<{ title: string; description: string }>;
  /** The user's 'AI Processing Instructions' for the upload. */
  prompt: string;
  /**
   * What the customer told us about the place (the sheet's fact columns), in the sheet's
   * order: the only first-hand claims a page may make, each stated as given.
   */
  facts: TCityFact[];
  /** 0 for the first version; each regeneration asks for a fresh wording. */
  revision: number;
  /** A service-city page: the service it is about (the others are not offered here). */
  service?: ServiceFocus;
  /** Site paths of the page and of the pages above it. */
  paths: { states: string; state: string; county: string; self: string };
};
