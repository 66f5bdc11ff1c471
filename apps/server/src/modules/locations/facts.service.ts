import type { Access, Need } from '../projects/index.ts';
import type { z } from 'zod';
import type { TCityFacts, ZPutCityFacts } from '@cityforge/shared';
import type { CityRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { imageSrc } from '../../lib/image-names.ts';
import { addressRefusal } from '../../lib/public-fetch.ts';
import { columnFor, isNotFactColumn } from './columns.ts';
import { factKey, photoAddressProblem } from './fact-columns.ts';
import { sendPhotoJobs } from './photo.job.ts';
import type { PlaceWriteDeps } from './upload-store.ts';

type Deps = PlaceWriteDeps & { access: Access };
type PutInput = z.output<typeof ZPutCityFacts>;

const SPACES = /[\s\p{Cc}]+/gu;
/** As the upload cleans a cell: a value reads the same on the page, in the export and back. */
const clean = (text: string) => text.replace(SPACES, ' ').trim();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function present(city: CityRow, facts: TCityFacts['facts']): TCityFacts {
  return {
    facts,
    photo: city.photoUrl,
    photoSrc: city.photoKey ? imageSrc(city.photoKey) : null,
    photoNote: city.photoNote,
    pageTitle: city.pageTitle,
    metaDescription: city.metaDescription,
    services: city.services,
    changed: city.factsChangedAt !== null,
  };
}

/** The facts panel: one place's facts, photo and overrides, read and replaced. */
export function createFactsService(deps: Deps) {
  async function cityOf(user: UserRow, projectId: string, cityId: string, need: Need) {
    const project = await deps.access(user, projectId, need);
    const found = await deps.repo.findCity(project.id, cityId);
    if (!found) throw notFound('City not found.');
    return { project, city: found.city };
  }

  async function read(city: CityRow): Promise<TCityFacts> {
    const facts = await deps.factsRepo.ofCities([city.id]);
    return present(city, facts.get(city.id) ?? []);
  }

  /** The photo address as it will be stored, or a 400 that says why it cannot be. */
  async function photoOf(given: string | null): Promise<string | null> {
    if (!given) return null;
    const refused = async () =>
      photoAddressProblem(given) ??
      (await addressRefusal(given, { trustedHosts: deps.trustedHosts }).then(
        (why) => why && `The photo's address is refused: ${why}.`,
      ));
    const why = await refused();
    if (why) throw new AppError('validation', why, { photo: [why] });
    return given;
  }

  /**
   * Facts as stored: cleaned and keyed. Two that are one fact (factKey), or a name the sheet
   * reads as a column of its own (City, Photo, Page URL...), are a 400 on that name: the
   * export would write it where the upload never takes it back as a fact.
   */
  function factsOf(input: PutInput['facts']) {
    const seen = new Set<string>();
    return input.map(({ name, value }, i) => {
      const fact = { key: factKey(clean(name)), name: clean(name), value: clean(value) };
      const refuse = (message: string) =>
        new AppError('validation', message, { [`facts.${i}.name`]: [message] });
      if (columnFor(fact.name) || isNotFactColumn(fact.name))
        throw refuse(
          `"${fact.name}" is a column of its own in the sheet; name the fact otherwise.`,
        );
      if (seen.has(fact.key))
        throw refuse(`Two facts are named "${fact.name}"; give each its own name.`);
      seen.add(fact.key);
      return fact;
    });
  }

  return {
    async get(user: UserRow, projectId: string, cityId: string): Promise<TCityFacts> {
      return read((await cityOf(user, projectId, cityId, 'read')).city);
    },

    /**
     * Replaces the place's facts (and its photo, and the overrides given). A written page
     * whose facts changed is marked until it is rewritten; a new photo address is fetched
     * by its job, sent with the change.
     */
    async put(user: UserRow, projectId: string, cityId: string, input: PutInput) {
      const { project, city } = await cityOf(user, projectId, cityId, 'edit');
      const facts = factsOf(input.facts);
      const photoUrl = await photoOf(input.photo);
      const overrides = {
        photoUrl,
        ...(input.pageTitle !== undefined && { pageTitle: clean(input.pageTitle ?? '') || null }),
        ...(input.metaDescription !== undefined && {
          metaDescription: clean(input.metaDescription ?? '') || null,
        }),
        ...(input.services !== undefined && { services: input.services }),
      };
      const changedOverrides = Object.entries(overrides).some(
        ([key, value]) => !same(value, city[key as keyof typeof overrides]),
      );
      await deps.db.transaction(async (tx) => {
        const factsChanged = await deps.factsRepo.replace(project.id, city.id, facts, tx);
        if (changedOverrides) await deps.factsRepo.setOverrides(city.id, overrides, tx);
        if (factsChanged || changedOverrides) await deps.factsRepo.markChanged([city.id], tx);
        const photos = await deps.photosRepo.toFetch(project.id, { cityIds: [city.id] }, tx);
        await sendPhotoJobs(deps.boss, project.id, photos, tx);
      });
      return read((await cityOf(user, projectId, cityId, 'edit')).city);
    },
  };
}
export type FactsService = ReturnType<typeof createFactsService>;
