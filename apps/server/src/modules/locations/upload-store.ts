import type { PgBoss } from 'pg-boss';
import type { Executor } from '../../db/client.ts';
import type { FactsRepo, FactToStore } from './facts.repo.ts';
import type { CityToStore, LocationsRepo } from './locations.repo.ts';
import { sendPhotoJobs } from './photo.job.ts';
import type { PhotosRepo } from './photos.repo.ts';
import type { Gathered } from './upload-gather.ts';

export type UploadStoreDeps = {
  repo: LocationsRepo;
  factsRepo: FactsRepo;
  photosRepo: PhotosRepo;
  boss: PgBoss;
};

/** The upload's facts, one row per place and fact, keyed by the place each resolved to. */
export function factsToStore(cities: Gathered[], stored: CityToStore[]): FactToStore[] {
  const facts: FactToStore[] = [];
  cities.forEach((city, i) => {
    const place = stored[i]!.placeKey;
    for (const fact of city.extras.facts) facts.push({ place, ...fact });
  });
  return facts;
}

/**
 * Stores an upload inside its transaction: states, counties and cities (locations.repo),
 * then the places' facts merged. Existing places whose facts, photo, page title, meta
 * description or services changed are marked on their written pages; the photos to fetch are
 * asked for with the rows that name them. Answers what was added, and how many existing
 * places changed (their ZIP codes included).
 */
export async function storeUpload(
  deps: UploadStoreDeps,
  projectId: string,
  stored: CityToStore[],
  facts: FactToStore[],
  tx: Executor,
) {
  const result = await deps.repo.store(projectId, stored, tx);
  const factsChanged = await deps.factsRepo.mergeUpload(projectId, facts, tx);
  const added = new Set(result.added.map((c) => c.id));
  const changed = [...new Set([...result.extrasChanged, ...factsChanged])].filter(
    (id) => !added.has(id),
  );
  await deps.factsRepo.markChanged(changed, tx);
  const withPhoto = stored.filter((s) => s.city.photoUrl).map((s) => s.placeKey);
  const photos = await deps.photosRepo.toFetch(projectId, { placeKeys: withPhoto }, tx);
  await sendPhotoJobs(deps.boss, projectId, photos, tx);
  return {
    ...result,
    updated: new Set([...changed, ...result.zipsChanged]).size,
    photos: photos.length,
  };
}
