import { z } from 'zod';
import { ZProjectDetail, ZServiceCityNode } from './projects.ts';
import { QUALITY_REASONS, QUALITY_VERDICTS, ZProjectGate } from './quality.ts';

/** How many of a city's ZIPs the detail screen lists before "+N". */
export const CITY_ZIPS_SHOWN = 4;

/**
 * A city as the detail screen shows it: no slug, model or usage (the row shows none), its
 * first ZIPs only, and the name of the sibling it is too similar to (which may sit in a county
 * the screen has not fetched).
 */
export const ZLeanCity = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Its first CITY_ZIPS_SHOWN ZIPs; zipCount says how many it has in all. */
  zips: z.array(z.string()),
  zipCount: z.number().int(),
  /** Highest share of 5-word shingles shared with a sibling page (0-1); null until scored. */
  similarity: z.number().nullable(),
  /** similarity is above SIMILARITY_THRESHOLD. */
  tooSimilar: z.boolean(),
  similarToName: z.string().nullable(),
  /** Facts the customer gave for the place (its local proof). */
  factCount: z.number().int(),
  /** Its facts, photo or overrides changed after the page was written: rewrite it. */
  factsChanged: z.boolean(),
  /** The quality gate's verdict on the written page. */
  quality: z.object({
    verdict: z.enum(QUALITY_VERDICTS),
    reasons: z.array(z.enum(QUALITY_REASONS)),
    /** Share of its statements that state a fact of its place (0-1); null until scored. */
    localShare: z.number().nullable(),
    wordCount: z.number().int().nullable(),
    /** Its sentences that only list places or ZIP codes; null until scored. */
    stuffing: z.number().int().nullable(),
  }),
  /** Its pages for the services it offers, in the services' order. */
  servicePages: z.array(ZServiceCityNode),
});
export type TLeanCity = z.infer<typeof ZLeanCity>;

const ZLeanCounty = z.object({
  id: z.string(),
  name: z.string(),
  cityCount: z.number().int(),
  /** Its city pages the quality gate holds back. */
  heldCount: z.number().int(),
  /** Null for a big project: fetch them when the county is opened (projectsApi.detailCounty). */
  cities: z.array(ZLeanCity).nullable(),
});
const ZLeanState = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  cityCount: z.number().int(),
  counties: z.array(ZLeanCounty),
});
export type TLeanCounty = z.infer<typeof ZLeanCounty>;
export type TLeanState = z.infer<typeof ZLeanState>;

/**
 * The project detail as its screen reads it (the spec's answer, projectsApi.detail, stays as
 * the spec defines it for API users): the same project, pages and menu, and a tree of counts
 * whose counties carry their cities only up to the server's DETAIL_INLINE_CITIES.
 */
export const ZLeanProjectDetail = ZProjectDetail.omit({ states: true }).extend({
  /** Completed city pages flagged too similar: what "Regenerate N similar pages" requeues. */
  similarCities: z.number().int(),
  /** City pages the quality gate holds back: published noindex, out of the sitemap. */
  heldBackCities: z.number().int(),
  /** Written city pages whose scores are still coming: the screen polls until they arrive. */
  scoringCities: z.number().int(),
  /** Failed city pages: what Retry Project writes again (with the failed site pages). */
  failedCities: z.number().int(),
  /** City pages with at least one fact ("38 of 120 city pages have local proof"). */
  citiesWithFacts: z.number().int(),
  /** Written city pages marked as changed: what "Rewrite changed pages" queues. */
  factsChangedCities: z.number().int(),
  /** Written service-city pages of those places marked alike: rewritten with them. */
  factsChangedServicePages: z.number().int(),
  /** The project's thresholds, and its fact names for the screen's "add a … for Kyle". */
  qualityGate: ZProjectGate,
  states: z.array(ZLeanState),
});
export type TLeanProjectDetail = z.infer<typeof ZLeanProjectDetail>;
