import {
  MSG,
  PAGE_STATUS,
  PROJECT_STATUS,
  PROJECTS_PAGE_SIZE,
  isInProgress,
  needsApiKeys,
  type TAiModel,
  type TUpdateProjectSettings,
} from '@cityforge/shared';
import type { z } from 'zod';
import type { ZCreateProject } from '@cityforge/shared';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { capOf } from '../../lib/usd.ts';
import type { Executor } from '../../db/client.ts';
import type { ProjectRow, ServicePagesRow, UserRow } from '../../db/schema/index.ts';
import { keyAccess, type ServerKeys } from '../models/keys.ts';
import { canUse, findModel, MODELS, providerLabel } from '../models/models.ts';
import type { Access } from './access.ts';
import type { Actor } from '../../lib/request-user.ts';
import { requireWorkspaceRole } from '../workspaces/roles.ts';
import { applyVisibleLinks, defaultHeaderLinks } from './header-links.ts';
import { searchSettingsPatch } from './search-settings.ts';
import { releaseSchedulePatch } from './release-plan.ts';
import { gateOf } from '../pages/quality-gate.ts';
import type { ListFilter, NewProject, ProjectPatch, ProjectsRepo } from './projects.repo.ts';
import {
  toProjectDetail,
  toProjectDto,
  toReleaseProgress,
  toSettings,
} from './projects.presenter.ts';
import type { LeanTreeRepo } from './lean-tree.repo.ts';
import { cityTotals, toLeanCity, toLeanDetail } from './lean-tree.presenter.ts';

type Deps = {
  projectsRepo: ProjectsRepo;
  /** The access rule of every project route. */
  access: Access;
  /** A workspace's account (users): its keys and plan make the workspace's projects. */
  accountOf: (userId: string) => Promise<UserRow | null>;
  leanTreeRepo: LeanTreeRepo;
  /** Up to this many cities the lean detail carries them all (DETAIL_INLINE_CITIES). */
  inlineCities: number;
  serverKeys: ServerKeys;
  /** Creates the project with its first pages and queues them (the generation module). */
  createWithPages: (
    values: NewProject,
    owner: UserRow,
    guard: (tx: Executor) => Promise<void>,
  ) => Promise<ProjectRow>;
  /** The plan's project limit, checked inside the creating transaction (billing module). */
  checkProjectLimit: (user: UserRow, tx: Executor) => Promise<void>;
  /** Settles a generating project whose last pending page just went away. */
  settle: (projectId: string) => Promise<unknown>;
  /** Moves a changed client domain onto the project's Netlify site first. */
  syncDomain: (project: ProjectRow, domain: string | null) => Promise<void>;
  /** The monthly spending cap changed: pages it held may go on (the generation module). */
  spendingCapChanged: (project: ProjectRow) => Promise<void>;
  /**
   * Deletes the project through `drop` and its stored files with it (images): a deleted
   * project's pictures must not stay in the store, where their public addresses reach them.
   */
  dropWithFiles: (owner: { projectId: string }, drop: () => Promise<unknown>) => Promise<unknown>;
  /** Service-city pages follow their setting (the generation module). */
  servicePages: ServicePagesHooks;
};
/**
 * What the generation module does for the service-city pages setting: brings the pages in
 * line with a setting about to be saved (refusing it over the plan's allowance), and counts
 * what a setting would add before it is.
 */
export type ServicePagesHooks = {
  changed: (user: UserRow, project: ProjectRow, setting: ServicePagesRow) => Promise<void>;
  preview: (
    project: ProjectRow,
    setting: ServicePagesRow,
  ) => Promise<{ adding: number; removing: number; total: number }>;
};
type CreateInput = z.output<typeof ZCreateProject>;

export function createProjectsService(deps: Deps) {
  const { projectsRepo: repo, leanTreeRepo: tree } = deps;

  const keysOf = (user: UserRow) => keyAccess(user, deps.serverKeys);

  const { access } = deps;

  /** The gate as the project applies it: its thresholds and its places' fact names. */
  const projectGate = async (project: ProjectRow) => ({
    ...gateOf(project),
    factNames: await tree.factNames(project.id),
  });

  /** The setting as stored: the chosen services must be the project's (by slug). */
  async function checkedServicePages(project: ProjectRow, setting: ServicePagesRow) {
    if (setting.services === 'all') return setting;
    const slugs = new Set((await repo.servicesOf(project.id)).map((s) => s.slug));
    const unknown = setting.services.filter((slug) => !slugs.has(slug));
    if (unknown.length)
      throw fieldError('servicePages', `Not services of this project: ${unknown.join(', ')}`);
    return { ...setting, services: [...new Set(setting.services)] };
  }

  /** Release counts of the staged projects among these (no query when none is staged). */
  const releaseCounts = (rows: ProjectRow[]) =>
    repo.releaseCounts(rows.filter((r) => r.releasePerDay !== null).map((r) => r.id));

  async function present(user: UserRow, rows: ProjectRow[]) {
    const ids = rows.map((r) => r.id);
    const [counts, usage, deploys, released, held] = await Promise.all([
      repo.cityCounts(ids),
      user.isSuperuser ? repo.usageByProject(ids) : Promise.resolve([]),
      repo.latestDeploys(ids),
      releaseCounts(rows),
      repo.heldCounts(ids),
    ]);
    return rows.map((r) => {
      const total = counts.get(r.id) ?? 0;
      return toProjectDto(
        r,
        total,
        usage.filter((u) => u.projectId === r.id),
        deploys.get(r.id) ?? null,
        toReleaseProgress(r, total, released.get(r.id)),
        held.get(r.id) ?? 0,
      );
    });
  }

  function assertIdle(project: ProjectRow) {
    if (isInProgress(project.status)) {
      throw new AppError('conflict', 'The project is generating; wait until it finishes.');
    }
  }

  return {
    access,
    present,

    models(user: UserRow): TAiModel[] {
      const available = keysOf(user);
      return MODELS.map((m) => ({
        id: m.id,
        name: m.name,
        provider: m.provider,
        available: canUse(m, available),
      }));
    },

    /**
     * The request workspace's projects (a client's: those shared with them). A superuser may
     * list one account's projects, or every project (`user_id=all`); anyone else may name only
     * themselves, as the list and the project selector do.
     */
    async list(user: Actor, q: { query: string; page: number; user_id?: string }) {
      const named = q.user_id !== undefined && q.user_id !== user.id;
      if (named && !user.isSuperuser) throw forbidden();
      const workspace = user.workspace;
      if (!named && !workspace) return { count: 0, results: [] };
      const filter: ListFilter = named
        ? { userId: q.user_id === 'all' ? null : q.user_id, query: q.query }
        : {
            workspaceId: workspace!.id,
            ...(workspace!.role === 'client' && !user.isSuperuser && { sharedWith: user.id }),
            query: q.query,
          };
      const { count, rows } = await repo.list(filter, q.page, PROJECTS_PAGE_SIZE);
      return { count, results: await present(user, rows) };
    },

    async get(user: UserRow, id: string) {
      const [dto] = await present(user, [await access(user, id, 'read')]);
      return dto!;
    },

    async detail(user: UserRow, id: string) {
      const project = await access(user, id, 'read');
      const [pageRows, tree, usage, deploys, released, held] = await Promise.all([
        repo.pagesOf(project.id),
        repo.locationTree(project.id),
        user.isSuperuser ? repo.usageOfProject(project.id) : Promise.resolve([]),
        repo.latestDeploys([project.id]),
        releaseCounts([project]),
        repo.heldCounts([project.id]),
      ]);
      const release = toReleaseProgress(project, tree.cities.length, released.get(project.id));
      return toProjectDetail(
        project,
        pageRows,
        tree,
        usage,
        deploys.get(project.id) ?? null,
        release,
        held.get(project.id) ?? 0,
      );
    },

    /** The detail as the screen reads it; a big project's counties come without their cities. */
    async leanDetail(user: UserRow, id: string) {
      const project = await access(user, id, 'read');
      const gate = await projectGate(project);
      const [pageRows, states, counties, usage, deploys, facts] = await Promise.all([
        tree.pageSummaries(project.id),
        tree.states(project.id),
        tree.counties(project.id, gate),
        user.isSuperuser ? repo.usageOfProject(project.id) : Promise.resolve([]),
        repo.latestDeploys([project.id]),
        tree.factTotals(project.id),
      ]);
      const total = cityTotals(counties).total;
      const inline = total <= deps.inlineCities;
      const [cityRows, released] = await Promise.all([
        inline ? tree.cities(project.id) : null,
        releaseCounts([project]),
      ]);
      return toLeanDetail(
        project,
        pageRows,
        { states, counties, cityRows, facts },
        usage,
        deploys.get(project.id) ?? null,
        toReleaseProgress(project, total, released.get(project.id)),
        gate,
      );
    },

    async countyCities(user: UserRow, id: string, countyId: string) {
      const project = await access(user, id, 'read');
      const county = await tree.findCounty(project.id, countyId);
      if (!county) throw notFound('County not found.');
      const gate = await projectGate(project);
      return (await tree.cities(project.id, county.id)).map((c) => toLeanCity(c, gate));
    },

    /**
     * Publishes a page the quality gate holds back as it is (or withdraws that): the owner has
     * read it and stands by it. Regenerating the page clears the approval.
     */
    async approveCity(user: UserRow, id: string, cityId: string, approved: boolean) {
      const project = await access(user, id, 'edit');
      const city = await repo.findCity(project.id, cityId);
      if (!city) throw notFound('City not found.');
      if (city.status !== PAGE_STATUS.completed)
        throw new AppError('conflict', MSG.cityNotWrittenYet);
      await repo.setCityApproval(city.id, approved ? new Date() : null);
      const [row] = await tree.cities(project.id, city.countyId, city.id);
      return {
        message: approved ? MSG.cityApproved : MSG.cityApprovalWithdrawn,
        data: toLeanCity(row!, await projectGate(project)),
      };
    },

    /**
     * A project of the request's workspace (an editor's at least), made with the keys and under
     * the plan of the workspace's account, which owns it; the caller is who made it.
     */
    async create(user: Actor, input: CreateInput) {
      const workspace = requireWorkspaceRole(user, 'edit');
      const account =
        workspace.accountId === user.id ? user : await deps.accountOf(workspace.accountId);
      if (!account) throw notFound(MSG.workspaceNotFound);
      const holder = {
        isSuperuser: account.isSuperuser,
        hasOpenAiKey: !!account.openAiKeyEnc,
        hasOpenRouterKey: !!account.openRouterKeyEnc,
      };
      if (needsApiKeys(holder)) {
        throw new AppError('forbidden', MSG.apiKeysRequired);
      }
      const model = findModel(input.model);
      if (!model) throw fieldError('model', MSG.unknownModel);
      if (!canUse(model, keysOf(account))) {
        throw fieldError(
          'model',
          `Add your ${providerLabel(model.provider)} API key in your profile to use ${model.name}.`,
        );
      }
      const project = await deps.createWithPages(
        {
          userId: account.id,
          workspaceId: workspace.id,
          createdBy: user.id,
          name: input.name,
          serviceType: input.serviceType,
          model: model.id,
          prompt: input.prompt,
          contactPhoneNumber: input.contactPhoneNumber,
          email: input.email,
          clientDomain: input.clientDomain || null,
          createServicePages: input.createServicePages,
          status: PROJECT_STATUS.inProgress,
          headerLinks: defaultHeaderLinks(input.createServicePages),
        },
        account,
        (tx) => deps.checkProjectLimit(account, tx),
      );
      // Made by this request: no city, usage, deploy or release of it exists yet, so it is
      // shown without the five queries that would find none (on the embedded database they
      // were a quarter of a creation's time, spent while its pages wait to be written).
      return toProjectDto(project, 0, [], null, toReleaseProgress(project, 0, undefined), 0);
    },

    async remove(user: UserRow, id: string) {
      const project = await access(user, id, 'manage');
      await deps.dropWithFiles({ projectId: project.id }, () => repo.delete(project.id));
      return { message: MSG.projectDeleted };
    },

    async settings(user: UserRow, id: string) {
      return toSettings(await access(user, id, 'read'));
    },

    /** What saving this service-city pages setting would add and remove, and cost in pages. */
    async servicePagesPreview(user: UserRow, id: string, setting: ServicePagesRow) {
      const project = await access(user, id, 'read');
      return deps.servicePages.preview(project, await checkedServicePages(project, setting));
    },

    async updateSettings(user: UserRow, id: string, input: TUpdateProjectSettings) {
      const project = await access(user, id, 'edit');
      const patch: ProjectPatch = {};
      if (input.metaTags !== undefined) patch.metaTagsTemplate = input.metaTags;
      if (input.trackingCodeHead !== undefined) patch.trackingCodeHead = input.trackingCodeHead;
      if (input.trackingCodeBody !== undefined) patch.trackingCodeBody = input.trackingCodeBody;
      if (input.email !== undefined) patch.email = input.email;
      if (input.contactPhoneNumber !== undefined)
        patch.contactPhoneNumber = input.contactPhoneNumber;
      Object.assign(patch, searchSettingsPatch(input));
      Object.assign(patch, releaseSchedulePatch(project, patch));
      const capChanged =
        input.spendingCapUsd !== undefined &&
        input.spendingCapUsd !== capOf(project.spendingCapUsd);
      if (capChanged) patch.spendingCapUsd = input.spendingCapUsd;
      if (input.servicePages) {
        patch.servicePages = await checkedServicePages(project, input.servicePages);
        // Pages first: over the plan's allowance the setting is refused and nothing changes.
        await deps.servicePages.changed(user, project, patch.servicePages);
      }
      if (input.clientDomain !== undefined) {
        await deps.syncDomain(project, input.clientDomain || null);
        Object.assign(patch, domainPatch(project, input.clientDomain || null));
      }
      const updated = Object.keys(patch).length ? await repo.update(project.id, patch) : project;
      if (capChanged) await deps.spendingCapChanged(updated);
      return { data: toSettings(updated), message: MSG.settingsUpdated };
    },

    /** Pauses or resumes a staged release's batches (resuming schedules the next one anew). */
    async setReleasePaused(user: UserRow, id: string, paused: boolean) {
      const project = await access(user, id, 'edit');
      if (project.releasePerDay === null) throw new AppError('conflict', MSG.releaseNotStaged);
      const patch: ProjectPatch = { releasePaused: paused };
      Object.assign(patch, releaseSchedulePatch(project, patch));
      const [data] = await present(user, [await repo.update(project.id, patch)]);
      return { data: data!, message: paused ? MSG.releasePaused : MSG.releaseResumed };
    },

    async updateHeaderLinks(user: UserRow, id: string, visible: string[]) {
      const project = await access(user, id, 'edit');
      const { links, unknown } = applyVisibleLinks(project.headerLinks, visible);
      if (unknown.length)
        throw fieldError('visible_links', `Unknown menu items: ${unknown.join(', ')}`);
      return (await repo.update(project.id, { headerLinks: links })).headerLinks;
    },

    async deletePage(user: UserRow, id: string, pageId: string) {
      const project = await access(user, id, 'edit');
      const page = await repo.findPage(project.id, pageId);
      if (!page) throw notFound('Page not found.');
      if (page.kind === 'homepage') throw new AppError('bad_request', MSG.homepageNotDeletable);
      assertIdle(project);
      await repo.deletePage(page.id);
      return { message: MSG.pageDeleted };
    },

    async deleteCity(user: UserRow, id: string, cityId: string) {
      const project = await access(user, id, 'edit');
      const city = await repo.findCity(project.id, cityId);
      if (!city) throw notFound('City not found.');
      await repo.deleteCity(city.id, city.countyId);
      // The deleted city may have been the last one the project was waiting for.
      await deps.settle(project.id);
      return { message: MSG.cityDeleted };
    },
  };
}

/** A new domain must be verified again; the same domain keeps its verification. */
export function domainPatch(project: ProjectRow, clientDomain: string | null): ProjectPatch {
  return clientDomain === project.clientDomain ? {} : { clientDomain, isDomainVerified: false };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
