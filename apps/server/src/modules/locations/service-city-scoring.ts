import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TCityFact } from '@cityforge/shared';
import type { ServiceCityRepo } from '../pages/index.ts';
import type { FactsRepo } from './facts.repo.ts';
import { measureWritten } from './page-scores.ts';
import { placesIndex, type PhraseIndex } from './page-substance.ts';
import { PAGES_PER_READ } from './score-reads.ts';
import { countyNames } from './place-mentions.ts';
import { scoreSiblings, type SiblingScore } from './similarity.ts';

type Scored = { id: string; cityId: string; servicePageId: string; signature: Uint32Array };

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
 */
export async function scoreServiceCities(
  repos: { serviceCities: ServiceCityRepo; facts: FactsRepo },
  projectId: string,
): Promise<number> {
  const ids = await repos.serviceCities.writtenIds(projectId);
  if (!ids.length) return 0;
  const names = await repos.serviceCities.placeNames(projectId);
  const places = placesIndex([
    ...new Set(names.flatMap((r) => [r.name, ...countyNames(r.county), r.stateName])),
  ]);
  const pages: Measured[] = [];
  for (let i = 0; i < ids.length; i += PAGES_PER_READ) {
    // A turn of the event loop between slices: on the embedded database a read answers
    // without one, and this runs on the thread that answers requests.
    if (i > 0) await nextTurn();
    const slice = ids.slice(i, i + PAGES_PER_READ);
    const rows = new Map(
      (await repos.serviceCities.forScoring(projectId, slice)).map((row) => [row.id, row]),
    );
    const facts = await repos.facts.ofCities([...new Set([...rows.values()].map((r) => r.cityId))]);
    for (const id of slice) {
      const row = rows.get(id);
      if (row) pages.push(measure(row, facts.get(row.cityId) ?? [], places));
    }
  }
  const sameService = scoreGroups(pages, (p) => p.servicePageId);
  const samePlace = scoreGroups(pages, (p) => p.cityId);
  await repos.serviceCities.setQuality(
    pages.map((p) => ({
      id: p.id,
      ...higher(sameService.get(p.id), samePlace.get(p.id)),
      localShare: p.substance.localShare,
      wordCount: p.substance.words,
      factsStated: p.substance.factsStated,
      stuffing: p.substance.stuffing,
    })),
  );
  return pages.length;
}

type ScoringRow = Awaited<ReturnType<ServiceCityRepo['forScoring']>>[number];
type Measured = Scored & { substance: ReturnType<typeof measureWritten>['substance'] };

/** One page measured: its signature (its place's names and its service's masked) and substance. */
function measure(row: ScoringRow, firsthand: TCityFact[], places: PhraseIndex): Measured {
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
