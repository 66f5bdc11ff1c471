import type { TCityFact } from '@cityforge/shared';
import type { ServiceCityRepo } from '../pages/index.ts';
import type { FactsRepo } from './facts.repo.ts';
import { measureWritten } from './page-scores.ts';
import { placesIndex } from './page-substance.ts';
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

/** Cities whose facts are read per query: a big project's ids stay well under any bind limit. */
const FACTS_BATCH = 1000;

async function factsOf(facts: FactsRepo, ids: string[]): Promise<Map<string, TCityFact[]>> {
  const all = new Map<string, TCityFact[]>();
  for (let i = 0; i < ids.length; i += FACTS_BATCH)
    for (const [id, list] of await facts.ofCities(ids.slice(i, i + FACTS_BATCH))) all.set(id, list);
  return all;
}

/**
 * Scores a project's written service-city pages as city pages are scored, with their siblings
 * being the pages of the same service in the other places (a service's page swapped from city
 * to city) and the pages of the place's other services (one place's services told alike): a
 * page's similarity is the higher of the two. Local substance as for its city's page.
 */
export async function scoreServiceCities(
  repos: { serviceCities: ServiceCityRepo; facts: FactsRepo },
  projectId: string,
): Promise<number> {
  const rows = (await repos.serviceCities.forScoring(projectId)).filter((r) => r.contentHtml);
  if (!rows.length) return 0;
  const places = placesIndex([
    ...new Set(rows.flatMap((r) => [r.name, ...countyNames(r.county), r.stateName])),
  ]);
  const facts = await factsOf(repos.facts, [...new Set(rows.map((r) => r.cityId))]);
  const pages = rows.map((row) => {
    // The service's own name is masked too: "Roof repair in Kyle" and "Gutter cleaning in
    // Kyle" written alike are one page with the service swapped.
    const { signature, substance } = measureWritten(
      { ...row, contentHtml: row.contentHtml! },
      facts.get(row.cityId) ?? [],
      { places },
      [row.service],
    );
    return {
      id: row.id,
      cityId: row.cityId,
      servicePageId: row.servicePageId,
      signature,
      substance,
    };
  });
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
