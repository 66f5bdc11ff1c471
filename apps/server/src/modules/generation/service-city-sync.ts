import type { PgBoss } from 'pg-boss';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { ProjectRow, ServicePagesRow, UserRow } from '../../db/schema/index.ts';
import type { ServerKeys } from '../models/index.ts';
import { offeredServices, serviceMatcher, type CheckCityPageLimit } from '../locations/index.ts';
import type { JobRef, PagesRepo, NewServiceCityPage, ServiceCityRepo } from '../pages/index.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import { publishChange } from './change-feed.ts';
import { sendPageJobs } from './page-jobs.ts';

const pairKey = (cityId: string, servicePageId: string) => `${cityId}|${servicePageId}`;

/**
 * Keeps a project's service-city pages to the pairs its places offer: a page for each
 * (service, place) the setting and the sheet's Services cells allow, queued when missing;
 * a page whose pair is no longer offered goes (the site's redirects remember its address).
 */
export function createServiceCitySync(deps: {
  db: Db;
  boss: PgBoss;
  serverKeys: ServerKeys;
  pagesRepo: PagesRepo;
  serviceCityRepo: ServiceCityRepo;
  projectsRepo: Pick<ProjectsRepo, 'servicesOf'>;
  /** The plan's monthly page allowance, checked in the transaction that adds the pages. */
  checkPageLimit: CheckCityPageLimit;
  settle: (projectId: string) => Promise<unknown>;
}) {
  const repo = deps.serviceCityRepo;

  /** What the setting asks for against what exists: the pages to add and those to remove. */
  async function plan(project: ProjectRow, setting: ServicePagesRow, tx: Executor) {
    const services = await deps.projectsRepo.servicesOf(project.id, tx);
    const match = serviceMatcher(services);
    const wanted = new Map<string, NewServiceCityPage>();
    if (setting.enabled && services.length)
      for (const place of await repo.citiesOffering(project.id, tx))
        for (const service of offeredServices(setting, services, place.services, match))
          wanted.set(pairKey(place.id, service.id), {
            projectId: project.id,
            cityId: place.id,
            servicePageId: service.id,
            status: PAGE_STATUS.queued,
            model: place.model,
            prompt: place.prompt,
          });
    const existing = await repo.pairsOf(project.id, tx);
    const gone = existing.filter((p) => !wanted.delete(pairKey(p.cityId, p.servicePageId)));
    return { missing: [...wanted.values()], gone, kept: existing.length - gone.length };
  }

  /**
   * Inside the caller's transaction (an upload's, or the setting's own): removes the pages no
   * longer offered and adds the missing ones, counted against the plan's monthly allowance
   * like city pages (over it, the transaction rolls back). Answers the pages to send.
   */
  async function syncIn(
    tx: Executor,
    who: { actor: UserRow; owner: UserRow },
    project: ProjectRow,
    setting: ServicePagesRow = project.servicePages,
  ) {
    const { missing, gone } = await plan(project, setting, tx);
    await repo.remove(
      project.id,
      gone.map((p) => p.id),
      tx,
    );
    const added = await repo.insert(missing, tx);
    await deps.checkPageLimit(who.actor, who.owner.id, project.id, added.length, tx);
    if (added.length) await deps.pagesRepo.setProjectInProgress(project.id, tx);
    return { added, removed: gone.length };
  }

  /** The added pages' jobs, once their transaction committed; else the project may settle. */
  async function send(project: ProjectRow, owner: UserRow, added: JobRef[]) {
    if (!added.length) return deps.settle(project.id);
    await sendPageJobs(deps.boss, {
      owner,
      pages: added,
      target: 'service-city',
      serverKeys: deps.serverKeys,
    });
    await publishChange(deps.db, {
      projectId: project.id,
      kind: 'project',
      id: project.id,
      status: PROJECT_STATUS.inProgress,
    });
  }

  return {
    syncIn,
    send,

    /** How many pages the setting would add and remove, for the screen before it is saved. */
    async preview(project: ProjectRow, setting: ServicePagesRow) {
      const { missing, gone, kept } = await plan(project, setting, deps.db);
      return { adding: missing.length, removing: gone.length, total: kept + missing.length };
    },

    /** Brings the pages in line with the setting about to be saved, in its own transaction. */
    async sync(actor: UserRow, owner: UserRow, project: ProjectRow, setting: ServicePagesRow) {
      const done = await deps.db.transaction((tx) =>
        syncIn(tx, { actor, owner }, project, setting),
      );
      await send(project, owner, done.added);
      return { added: done.added.length, removed: done.removed };
    },
  };
}
export type ServiceCitySync = ReturnType<typeof createServiceCitySync>;
