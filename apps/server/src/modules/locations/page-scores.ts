import { faqsInHtml } from '@cityforge/shared/html';
import type { TCityFact } from '@cityforge/shared';
import type { PageQuality } from './locations.repo.ts';
import {
  localSubstance,
  nearbyIndex,
  placesIndex,
  writtenPage,
  type PhraseIndex,
} from './page-substance.ts';
import { countyNames } from './place-mentions.ts';
import { placeMasks, scoreSiblings, signatureOfText } from './similarity.ts';

/**
 * The measures of the quality gate for every written city page of a project, pure: the
 * project's place names indexed first, then each page measured on its own (its signature for
 * sameness, its local substance, its FAQs), then every signature against every other. Runs in
 * the scoring process (score-worker.ts), never on the thread that answers requests.
 */

/** A written city page's place, as the indexes need it. */
export type ScoringPlace = {
  id: string;
  name: string;
  countyId: string;
  county: string;
  stateName: string;
};

/** A written city page, with what masking and reading its place names needs. */
export type ScoringPage = ScoringPlace & {
  zips: string[];
  otherCounties: string[];
  prompt: string;
  contentHtml: string | null;
  contentHash: string | null;
  stateCode: string;
};

export type ScoringIndexes = {
  /** Per county, the names of its cities: a page's neighbours. */
  counties: Map<string, PhraseIndex>;
  /** Every place a sentence could list: the project's cities, counties and states. */
  places: PhraseIndex;
};

export function scoringIndexes(rows: readonly ScoringPlace[]): ScoringIndexes {
  const namesOfCounty = new Map<string, string[]>();
  for (const row of rows) {
    const names = namesOfCounty.get(row.countyId) ?? [];
    if (!names.length) namesOfCounty.set(row.countyId, names);
    names.push(row.name);
  }
  return {
    counties: new Map([...namesOfCounty].map(([id, names]) => [id, nearbyIndex(names)])),
    places: placesIndex([
      ...new Set(rows.flatMap((r) => [r.name, ...countyNames(r.county), r.stateName])),
    ]),
  };
}

/** One page measured on its own: all of its scores but its similarity to a sibling. */
export type MeasuredPage = Omit<PageQuality, 'similarity' | 'similarTo'> & {
  signature: Uint32Array;
};

/** What a written page is measured on: its place as the page names it, and its HTML. */
export type WrittenPlacePage = Omit<ScoringPage, 'id' | 'countyId' | 'contentHash'> & {
  contentHtml: string;
};

/**
 * A written page's signature (its text with its place's names, and `masksToo`, masked) and its
 * local substance: what city pages and service-city pages are both scored on.
 */
export function measureWritten(
  row: WrittenPlacePage,
  firsthand: TCityFact[],
  indexes: { countyCities?: PhraseIndex; places: PhraseIndex },
  masksToo: string[] = [],
) {
  const page = writtenPage(row.contentHtml);
  const masks = [...placeMasks({ ...row, stateId: row.stateCode }), ...masksToo];
  const substance = localSubstance(
    page.blocks,
    {
      county: row.county,
      otherCounties: row.otherCounties,
      zips: row.zips,
      neighbours: page.nearby,
      instructions: row.prompt,
      own: [row.name, row.stateName, row.stateCode],
      firsthand,
    },
    indexes,
  );
  return { signature: signatureOfText(page.blocks.join('\n'), masks), substance };
}

/** Null for a page with no HTML, which is not scored. */
export function measurePage(
  row: ScoringPage,
  firsthand: TCityFact[],
  indexes: ScoringIndexes,
): MeasuredPage | null {
  if (!row.contentHtml) return null;
  const { signature, substance } = measureWritten(
    { ...row, contentHtml: row.contentHtml },
    firsthand,
    { countyCities: indexes.counties.get(row.countyId), places: indexes.places },
  );
  return {
    id: row.id,
    signature,
    localShare: substance.localShare,
    wordCount: substance.words,
    factsStated: substance.factsStated,
    stuffing: substance.stuffing,
    // Read here, where every written page is read anyway: builds take them from the row.
    faqs: faqsInHtml(row.contentHtml),
    faqsHash: row.contentHash,
  };
}

/** Every page's scores, its closest sibling's similarity with the rest. */
export function finishScores(pages: readonly MeasuredPage[]): PageQuality[] {
  const siblings = scoreSiblings([...pages]);
  return pages.map(({ signature: _, ...page }) => ({ ...siblings.get(page.id)!, ...page }));
}
