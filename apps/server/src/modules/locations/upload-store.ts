import type { PgBoss } from 'pg-boss';
import type { Db, Executor } from '../../db/client.ts';
import type { FactsRepo } from './facts.repo.ts';
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

/**
 * What writing places' facts and photos takes, by an upload or the facts panel: their tables in
 * one transaction, the photo jobs' queue, and the hosts a photo is taken from as they are.
 */
export type PlaceWriteDeps = UploadStoreDeps & {
  db: Db;
  /** FETCH_TRUSTED_HOSTS: photo hosts taken even on private addresses. */
  trustedHosts: readonly string[];
};

/** The upload's facts, one row per place and fact, by the place each resolved to. */
export function factsByPlace(cities: Gathered[], stored: CityToStore[]) {
  const facts = new Map<string, Gathered['extras']['facts']>();
  cities.forEach((city, i) => {
    if (city.extras.facts.length) facts.set(stored[i]!.placeKey, city.extras.facts);
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
  facts: Map<string, Gathered['extras']['facts']>,
  tx: Executor,
) {
  const result = await deps.repo.store(projectId, stored, tx);
  // A place just added has no facts to merge with: its facts go in as they are.
  const addedIds = new Map(result.added.map((c) => [c.placeKey, c.id]));
  const known = [...facts.keys()].filter((key) => !addedIds.has(key));
  const knownIds = await deps.factsRepo.cityIdsOf(projectId, known, tx);
  const rows = (ids: Map<string, string>) =>
    [...ids].flatMap(([key, cityId]) => (facts.get(key) ?? []).map((f) => ({ cityId, ...f })));
  await deps.factsRepo.insertNew(projectId, rows(addedIds), tx);
  const factsChanged = await deps.factsRepo.mergeUpload(projectId, rows(knownIds), tx);
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
