import type { TCityFact } from '@cityforge/shared';
import type { PlacePageQuality } from '../pages/lean.ts';
import { measureWritten } from './page-scores.ts';
import { placesIndex, type PhraseIndex } from './page-substance.ts';
import { countyNames } from './place-mentions.ts';
import { PAGES_PER_READ, type ScoreReads, type ServiceScoringPage } from './score-reads.ts';
import { scoreSiblings, type SiblingScore } from './similarity.ts';

type Scored = { id: string; cityId: string; servicePageId: string; signature: Uint32Array };
type Measured = Scored & { substance: ReturnType<typeof measureWritten>['substance'] };

/** The service-city reads of the scoring process (score-reads.ts). */
export type ServiceReads = Pick<ScoreReads, 'serviceIds' | 'servicePlaces' | 'servicePages'>;

/** The higher of two scores (the first on a tie). */
const higher = (a: SiblingScore | undefined, b: SiblingScore | undefined): SiblingScore => {
  const x = a ?? { similarity: 0, similarTo: null };
  return b && b.similarity > x.similarity ? b : x;
};

/** Each group's pages scored among themselves. */
function scoreGroups(pages: Scored[], key: (p: Scored) => string) {
  const groups = Map.groupBy(pages, key);
  const scores = new Map<string, SiblingScore>();
  for (const group of groups.values())
    for (const [id, score] of scoreSiblings(group)) scores.set(id, score);
  return scores;
}

/**
 * Scores a project's written service-city pages as city pages are scored, with their siblings
 * being the pages of the same service in the other places (a service's page swapped from city
 * to city) and the pages of the place's other services (one place's services told alike): a
 * page's similarity is the higher of the two. Local substance as for its city's page. Pages
 * are read and measured a slice at a time, in the order of their ids, as city pages are: only
 * each page's signature and measures are kept, never the project's pages' HTML at once.
 * Runs in the scoring process, beside the city pages' scoring (score-worker.ts).
 */
export async function scoreServiceCities(reads: ServiceReads): Promise<PlacePageQuality[]> {
  const ids = await reads.serviceIds();
  if (!ids.length) return [];
  const names = await reads.servicePlaces();
  const places = placesIndex([
    ...new Set(names.flatMap((r) => [r.name, ...countyNames(r.county), r.stateName])),
  ]);
  const pages: Measured[] = [];
  for (let i = 0; i < ids.length; i += PAGES_PER_READ) {
    const slice = ids.slice(i, i + PAGES_PER_READ);
    const { rows, facts } = await reads.servicePages(slice);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of slice) {
      const row = byId.get(id);
      if (row) pages.push(measure(row, facts.get(row.cityId) ?? [], places));
    }
  }
  const sameService = scoreGroups(pages, (p) => p.servicePageId);
  const samePlace = scoreGroups(pages, (p) => p.cityId);
  return pages.map((p) => ({
    id: p.id,
    ...higher(sameService.get(p.id), samePlace.get(p.id)),
    localShare: p.substance.localShare,
    wordCount: p.substance.words,
    factsStated: p.substance.factsStated,
    stuffing: p.substance.stuffing,
  }));
}

/** One page measured: its signature (its place's names and its service's masked) and substance. */
function measure(row: ServiceScoringPage, firsthand: TCityFact[], places: PhraseIndex): Measured {
  // The service's own name is masked too: "Roof repair in Kyle" and "Gutter cleaning in Kyle"
  // written alike are one page with the service swapped.
  const { signature, substance } = measureWritten(row, firsthand, { places }, [row.service]);
  return {
    id: row.id,
    cityId: row.cityId,
    servicePageId: row.servicePageId,
    signature,
    substance,
  };
}
