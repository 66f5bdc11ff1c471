import type { Access, ProjectsRepo } from '../projects/index.ts';
import {
  MSG,
  PAGE_STATUS,
  PROJECT_STATUS,
  isInProgress,
  type TSimpleUploadFields,
  type TUploadFields,
  type TUploadReport,
} from '@cityforge/shared';
import type { Executor } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, type AppErrorCode } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { requireUsableModel, type ServerKeys } from '../models/index.ts';
import type { JobRef } from '../pages/index.ts';
import { slugify } from '../../lib/slugify.ts';
import type { CityToStore } from './locations.repo.ts';
import { parseOffThread, type ParseBudget } from './parse-off-thread.ts';
import type { Gathered } from './upload-gather.ts';
import { readUpload } from './upload-read.ts';
import { serviceMatcher, unknownServices } from './service-match.ts';
import { factsByPlace, storeUpload, type PlaceWriteDeps } from './upload-store.ts';
import {
  LocationsFileError,
  type Limits,
  type LocationsFile,
  type LocationsFileErrorCode,
} from './spreadsheet.ts';

/** Ledger entry and the plan's monthly city-page cap, checked inside the upload's transaction. */
export type CheckCityPageLimit = (
  actor: UserRow,
  ownerId: string,
  projectId: string,
  adding: number,
  tx: Executor,
) => Promise<void>;

/** Generation sits above locations: it hands in who pays and how new cities get queued. */
export type CityQueue = {
  ownerOf(user: UserRow, project: ProjectRow): Promise<UserRow>;
  /** With replaceEdits, a page edited by hand gets its rewrite as a proposal. */
  enqueueCities(
    project: ProjectRow,
    owner: UserRow,
    cities: JobRef[],
    opts?: { replaceEdits?: boolean },
  ): Promise<void>;
  /**
   * Service-city pages brought in line with the places' Services, inside the upload's
   * transaction (they count against the allowance with its cities); answers those to send.
   */
  servicePagesIn(
    tx: Executor,
    who: { actor: UserRow; owner: UserRow },
    project: ProjectRow,
  ): Promise<{ added: JobRef[]; removed: number }>;
  /** Their jobs, once the upload committed. */
  sendServicePages(project: ProjectRow, owner: UserRow, added: JobRef[]): Promise<unknown>;
};

/** Cities added by one upload from which the location tables are analyzed again. */
export const ANALYZE_AFTER_ADDED = 50;

type Deps = PlaceWriteDeps & {
  projectsRepo: ProjectsRepo;
  generation: CityQueue;
  serverKeys: ServerKeys;
  access: Access;
  /** Ledger entry and the plan's monthly city-page cap, after the insert in the same transaction. */
  checkCityPageLimit: CheckCityPageLimit;
  limits?: Partial<Limits>;
  /** Time and memory one upload's parse thread may use. */
  parseBudget?: ParseBudget;
  logger: Logger;
};

const STATUS_OF: Record<LocationsFileErrorCode, AppErrorCode> = {
  type: 'unsupported_media_type',
  size: 'payload_too_large',
  rows: 'payload_too_large',
  bomb: 'payload_too_large',
  unreadable: 'bad_request',
  empty: 'bad_request',
  no_rows: 'bad_request',
  no_columns: 'bad_request',
  facts: 'bad_request',
};

/** Uploads (and syncs) wait while the project generates: they would queue pages under it. */
export function assertIdle(
  project: ProjectRow,
  message = 'The project is generating; upload more cities when it finishes.',
) {
  if (isInProgress(project.status)) throw new AppError('conflict', message);
}

/** A refused file refuses the upload; the message names the file when there were several. */
function refusal(error: LocationsFileError, file: LocationsFile, several: boolean): AppError {
  const message = several ? `${file.filename}: ${error.message}` : error.message;
  return new AppError(STATUS_OF[error.code], message, { file: [message] });
}

/** One sentence for an upload none of whose rows became a city. */
export function nothingImported(rowsRead: number, refused: number): string {
  const rows = rowsRead === 1 ? 'the 1 row' : `all ${rowsRead.toLocaleString('en-US')} rows`;
  return refused
    ? `No cities were imported: ${rows} could not be matched to a US city; see the report for each row's reason.`
    : 'No cities were imported: the file has no rows with a city or ZIP code.';
}

const lf = (text: string) => text.replace(/\r\n?/g, '\n');

function uniqueSlug(wanted: string, taken: Set<string>): string {
  const base = wanted || 'city';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/**
 * Spreadsheet upload: every file is read and resolved before anything is written, then the
 * states, counties and cities are stored in one transaction and each new city's page is
 * queued. A file that cannot be read refuses the whole upload and changes nothing.
 */
export function createUploadService(deps: Deps) {
  async function parseAll(files: LocationsFile[]) {
    const several = files.length > 1;
    const bytes = files.reduce((n, f) => n + f.data.length, 0);
    deps.logger.info({ files: files.length, bytes }, 'reading uploaded files off the API thread');
    const answers = await parseOffThread(files, deps.limits, deps.parseBudget);
    return answers.map((answer, i) => {
      const file = files[i]!;
      if ('refused' in answer)
        throw refusal(
          new LocationsFileError(answer.refused.code, answer.refused.message),
          file,
          several,
        );
      return { file, parsed: answer.ok };
    });
  }

  async function toStore(
    projectId: string,
    cities: Gathered[],
    fields: TUploadFields,
    model: string,
  ) {
    const existing = await deps.repo.citySlugs(projectId);
    const known = new Set(existing.map((c) => c.key));
    // A city stored under an earlier dataset may carry another county in its key: the place
    // is still the same, so the upload merges into it rather than adding a twin.
    const keyOf = (city: Gathered) =>
      known.has(city.key) ? city.key : (city.altKeys.find((k) => known.has(k)) ?? city.key);
    // Slugs are unique within a county.
    const taken = new Map<string, Set<string>>();
    const slugsIn = (countyKey: string) => {
      let set = taken.get(countyKey);
      if (!set) taken.set(countyKey, (set = new Set()));
      return set;
    };
    for (const c of existing) slugsIn(c.countyKey).add(c.slug);

    const template = fields.handleMetaTagsManually && fields.metaTags ? fields.metaTags : null;
    return cities.map((city): CityToStore => {
      const placeKey = keyOf(city);
      const countyKey = `${city.stateId}|${city.county}`;
      const given = city.sources.find((s) => s.slug)?.slug;
      const display = city.sources.find((s) => s.displayName)?.displayName;
      const name = display ?? city.city;
      const { photo, pageTitle, metaDescription, services } = city.extras;
      return {
        placeKey,
        state: { code: city.stateId, name: city.stateName, slug: slugify(city.stateName) },
        county: { name: city.county, slug: slugify(city.county) || 'county' },
        city: {
          name,
          // An existing city keeps its row (and address); only new ones need a slug.
          slug: known.has(placeKey) ? '' : uniqueSlug(slugify(given ?? name), slugsIn(countyKey)),
          zips: city.zips,
          otherCounties: city.otherCounties,
          latitude: city.latitude,
          longitude: city.longitude,
          status: PAGE_STATUS.queued,
          model,
          prompt: fields.prompt,
          metaTemplate: template,
          placeName: display && display !== city.city ? city.city : null,
          ...(photo ? { photoUrl: photo } : {}),
          ...(pageTitle ? { pageTitle } : {}),
          ...(metaDescription ? { metaDescription } : {}),
          ...(services ? { services } : {}),
        },
      };
    });
  }

  /**
   * An import's files parsed (off the API thread) and resolved, nothing stored yet: the
   * cities it would store, under the place keys the project knows them by.
   */
  async function prepare(project: ProjectRow, files: LocationsFile[], fields: TUploadFields) {
    // A Services cell names the project's services; a name it has none of is noted on its row.
    const match = serviceMatcher(await deps.projectsRepo.servicesOf(project.id));
    const read = await readUpload(await parseAll(files), deps.trustedHosts, (names) =>
      match.size ? unknownServices(names, match) : [],
    );
    const stored = await toStore(project.id, read.cities, fields, fields.model);
    return { read, stored, facts: factsByPlace(read.cities, stored) };
  }
  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /**
   * Stores a prepared import in one transaction (with `alsoInTx`, a sync's removals), checks
   * the month's allowance there, then queues the new cities' pages and the rewrites.
   */
  async function commit(
    args: { user: UserRow; owner: UserRow; project: ProjectRow; fields: TUploadFields },
    { stored, facts }: Prepared,
    alsoInTx?: (tx: Executor) => Promise<unknown>,
  ) {
    const { user, owner, project, fields } = args;
    const result = await deps.db.transaction(async (tx) => {
      const result = await storeUpload(deps, project.id, stored, facts, tx);
      await alsoInTx?.(tx);
      // Over the month's allowance: the throw rolls the whole import back.
      await deps.checkCityPageLimit(user, owner.id, project.id, result.added.length, tx);
      const patch = {
        ...(result.added.length || result.rewritten.length
          ? { status: PROJECT_STATUS.inProgress }
          : {}),
        ...(fields.handleMetaTagsManually && fields.metaTags
          ? { metaTagsTemplate: fields.metaTags }
          : {}),
      };
      if (Object.keys(patch).length) await deps.projectsRepo.update(project.id, patch, tx);
      // Service-city pages follow the places' Services, in the same transaction.
      const services = project.servicePages.enabled
        ? await deps.generation.servicePagesIn(tx, { actor: user, owner }, project)
        : null;
      return { ...result, services };
    });
    await queueStored(project, owner, result, fields.replaceEdits);
    if (result.services)
      await deps.generation.sendServicePages(project, owner, result.services.added);
    const { services: _services, ...counts } = result;
    return { ...counts, added: result.added.length };
  }

  async function queueStored(
    project: ProjectRow,
    owner: UserRow,
    { added, rewritten }: { added: JobRef[]; rewritten: JobRef[] },
    replaceEdits: boolean,
  ) {
    // A bulk import changes what the planner should know about the location tables: the
    // detail screen's per-county counts ran twice as long on stale statistics.
    if (added.length >= ANALYZE_AFTER_ADDED)
      await deps.repo.refreshStatistics().catch((err: unknown) => {
        deps.logger.warn({ err, projectId: project.id }, 'planner statistics not refreshed');
      });
    // A page whose place has a photo on its way waits for it (the photo job sends it), so
    // the page is written with its photo rather than marked for a rewrite when it lands.
    const awaiting = await deps.photosRepo.awaitingPhoto(
      project.id,
      added.map((c) => c.id),
    );
    await deps.generation.enqueueCities(
      project,
      owner,
      added.filter((c) => !awaiting.has(c.id)),
    );
    // New instructions for cities already written: hand edits are kept unless replaced.
    await deps.generation.enqueueCities(project, owner, rewritten, { replaceEdits });
  }

  const service = {
    prepare,
    commit,
    async upload(
      user: UserRow,
      projectId: string,
      files: LocationsFile[],
      fields: TUploadFields,
    ): Promise<TUploadReport> {
      const project = await deps.access(user, projectId, 'edit');
      // Forms send line breaks as CRLF; the template and instructions are stored as typed.
      fields = { ...fields, prompt: lf(fields.prompt), metaTags: lf(fields.metaTags) };
      if (!files.length) throw new AppError('bad_request', MSG.noFilesSelected);
      assertIdle(project);
      const owner = await deps.generation.ownerOf(user, project);
      const model = requireUsableModel(fields.model, owner, deps.serverKeys);

      const prepared = await prepare(project, files, { ...fields, model: model.id });
      const { read } = prepared;
      if (read.cities.length === 0) {
        // Nothing to add or update: refuse, so the screen never says "Upload Complete" over
        // an upload that did nothing, and hand back the rows' reasons to fix them by.
        const none = { added: 0, existing: 0, updated: 0, photos: 0 };
        const message = nothingImported(read.rowsRead, read.refusedRows);
        throw new AppError('unprocessable', message, undefined, {
          report: read.report(none, message),
        });
      }
      const counts = await commit({ user, owner, project, fields }, prepared);
      return read.report(counts, MSG.uploadComplete);
    },

    /** The /upload screen: the project travels in the form; its own model when none is given. */
    async simpleUpload(user: UserRow, files: LocationsFile[], fields: TSimpleUploadFields) {
      const project = await deps.access(user, fields.project, 'edit');
      return service.upload(user, project.id, files, {
        prompt: fields.prompt,
        model: fields.model || project.model,
        handleMetaTagsManually: false,
        metaTags: '',
        replaceEdits: fields.replaceEdits,
      });
    },
  };
  return service;
}
export type UploadService = ReturnType<typeof createUploadService>;
