import type { Access, NewProject, ProjectsRepo } from '../projects/index.ts';
import type { PgBoss } from 'pg-boss';
import { MSG, PAGE_STATUS, PROJECT_STATUS, isInProgress } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishChange } from './change-feed.ts';
import type { JobRef, NewPage, PagesRepo, Target, ServiceCityRepo } from '../pages/index.ts';
import { gateOf } from '../pages/index.ts';
import { requireUsableModel, type ServerKeys } from '../models/index.ts';
import { editsModeOf, sendPageJobs, type EditsMode } from './page-jobs.ts';
import { slugify } from '../../lib/slugify.ts';

/** "Replace my edits too": hand-edited pages get their regenerated page as a proposal. */
export type RegenerateOptions = { replaceEdits?: boolean };

type Deps = {
  db: Db;
  boss: PgBoss;
  repo: PagesRepo;
  projectsRepo: ProjectsRepo;
  serverKeys: ServerKeys;
  access: Access;
  serviceCityRepo: Pick<ServiceCityRepo, 'findByPlace'>;
};

/** The pages every site starts with; service pages follow from the homepage's services. */
export function initialPages(project: ProjectRow): NewPage[] {
  const page = (kind: NewPage['kind'], name: string, slug: string, sortOrder: number) => ({
    projectId: project.id,
    kind,
    name,
    slug,
    sortOrder,
    status: PAGE_STATUS.queued,
    model: project.model,
  });
  return [
    page('homepage', 'Homepage', 'homepage', 0),
    page('main', 'About Us', 'about-us', 1),
    ...(project.createServicePages ? [page('main', 'Services', 'services', 2)] : []),
    page('main', 'Contact Us', 'contact-us', 3),
  ];
}

function uniqueSlug(wanted: string, taken: Set<string>): string {
  const base = wanted || 'page';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export function createGenerationService(deps: Deps) {
  const { repo, access } = deps;

  async function enqueue(
    project: ProjectRow,
    owner: UserRow,
    pages: JobRef[],
    target: Target = 'page',
    edits: EditsMode = 'keep',
  ) {
    await sendPageJobs(deps.boss, { owner, pages, target, serverKeys: deps.serverKeys, edits });
    await publishChange(deps.db, {
      projectId: project.id,
      kind: 'project',
      id: project.id,
      status: PROJECT_STATUS.inProgress,
    });
  }

  /**
   * Retry requeues what failed and sends again what sat queued (say, after a crash). Hand
   * edits of the pages it rewrites are kept unless the owner asked to replace them.
   */
  async function requeue(
    user: UserRow,
    project: ProjectRow,
    target: Target,
    opts: RegenerateOptions & { ids?: string[] },
  ) {
    const { ids } = opts;
    const failed = await repo.requeueFailed(target, project.id, ids);
    const pending = ids ? failed : await repo.queued(target, project.id);
    if (!pending.length) return [];
    await repo.setProjectInProgress(project.id);
    const edits = editsModeOf(opts.replaceEdits);
    await enqueue(project, await ownerOf(user, project), pending, target, edits);
    return pending;
  }

  async function ownerOf(user: UserRow, project: ProjectRow): Promise<UserRow> {
    if (project.userId === user.id) return user;
    const found = await deps.projectsRepo.withOwner(project.id);
    if (!found) throw notFound(MSG.projectNotFoundTitle);
    return found.owner;
  }

  return {
    /**
     * The project and its first pages in one transaction; their jobs right after. `guard`
     * runs first in that transaction (the plan's project limit), so a refusal writes nothing.
     */
    async createProject(
      values: NewProject,
      owner: UserRow,
      guard?: (tx: Executor) => Promise<void>,
    ): Promise<ProjectRow> {
      const { project, pages } = await deps.db.transaction(async (tx) => {
        await guard?.(tx);
        const project = await deps.projectsRepo.insert(
          { ...values, status: PROJECT_STATUS.inProgress },
          tx,
        );
        return { project, pages: await repo.insertPages(initialPages(project), tx) };
      });
      await enqueue(project, owner, pages);
      return project;
    },

    async retryProject(user: UserRow, id: string, opts: RegenerateOptions = {}) {
      const project = await access(user, id, 'edit');
      const pages = [
        ...(await requeue(user, project, 'page', opts)),
        ...(await requeue(user, project, 'city', opts)),
        ...(await requeue(user, project, 'service-city', opts)),
      ];
      if (!pages.length && !isInProgress(project.status))
        throw new AppError('conflict', 'Nothing to retry: no page has failed.');
      return { message: MSG.projectRetryInitiated, status: PROJECT_STATUS.inProgress };
    },

    async retryPage(user: UserRow, id: string, pageId: string, opts: RegenerateOptions = {}) {
      const project = await access(user, id, 'edit');
      const page = await deps.projectsRepo.findPage(project.id, pageId);
      if (!page) throw notFound('Page not found.');
      if (page.status !== PAGE_STATUS.failed)
        throw new AppError('conflict', 'Only a failed page can be retried.');
      await requeue(user, project, 'page', { ...opts, ids: [page.id] });
      return { message: MSG.pageRetryInitiated, data: { id: page.id, status: PAGE_STATUS.queued } };
    },

    ownerOf,

    async retryCity(user: UserRow, id: string, cityId: string, opts: RegenerateOptions = {}) {
      const project = await access(user, id, 'edit');
      const city = await deps.projectsRepo.findCity(project.id, cityId);
      if (!city) throw notFound('City not found.');
      if (city.status !== PAGE_STATUS.failed)
        throw new AppError('conflict', 'Only a failed city page can be retried.');
      await requeue(user, project, 'city', { ...opts, ids: [city.id] });
      return {
        message: MSG.cityRetryInitiated,
        data: { id: city.id, status: PAGE_STATUS.inProgress },
      };
    },

    /** Every city page scored as too much like a sibling is written again, differently. */
    async regenerateSimilar(user: UserRow, id: string, opts: RegenerateOptions = {}) {
      const project = await access(user, id, 'edit');
      if (isInProgress(project.status))
        throw new AppError('conflict', 'The project is generating; try again when it finishes.');
      const cities = await repo.requeueTooSimilar(project.id, gateOf(project).maxSimilarity);
      if (cities.length) {
        await repo.setProjectInProgress(project.id);
        const edits = editsModeOf(opts.replaceEdits);
        await enqueue(project, await ownerOf(user, project), cities, 'city', edits);
      }
      return { message: MSG.similarRegenerating, count: cities.length };
    },

    /**
     * Every written city page and service-city page marked as behind its place's facts (an
     * upload or the facts panel changed them) is written again with them; hand edits are kept
     * unless the owner asked otherwise.
     */
    async rewriteFactsChanged(user: UserRow, id: string, opts: RegenerateOptions = {}) {
      const project = await access(user, id, 'edit');
      if (isInProgress(project.status))
        throw new AppError('conflict', 'The project is generating; try again when it finishes.');
      const cities = await repo.requeueFactsChanged(project.id);
      const services = await repo.requeueFactsChanged(project.id, 'service-city');
      if (cities.length || services.length) {
        await repo.setProjectInProgress(project.id);
        const edits = editsModeOf(opts.replaceEdits);
        const owner = await ownerOf(user, project);
        if (cities.length) await enqueue(project, owner, cities, 'city', edits);
        if (services.length) await enqueue(project, owner, services, 'service-city', edits);
      }
      return { message: MSG.factsChangedRewriting, count: cities.length + services.length };
    },

    /**
     * The editor's "Regenerate page": the written page is written again and the new one waits
     * beside it, whether or not it was edited, for the owner to compare and pick.
     */
    async regenerateOne(user: UserRow, id: string, target: Target, pageId: string) {
      const project = await access(user, id, 'edit');
      const found =
        target === 'city'
          ? await deps.projectsRepo.findCity(project.id, pageId)
          : await deps.projectsRepo.findPage(project.id, pageId);
      if (!found) throw notFound(target === 'city' ? 'City not found.' : 'Page not found.');
      const requeued = await repo.requeueWritten(target, project.id, found.id);
      if (!requeued) throw new AppError('conflict', MSG.pageNotWritten);
      await repo.setProjectInProgress(project.id);
      await enqueue(project, await ownerOf(user, project), [requeued], target, 'always-propose');
      return { message: MSG.pageRegenerating, data: { id: found.id, status: PAGE_STATUS.queued } };
    },

    /** The editor's "Regenerate page" for a city's page for one service (regenerateOne). */
    async regenerateServiceCity(user: UserRow, id: string, cityId: string, service: string) {
      const project = await access(user, id, 'edit');
      const found = await deps.serviceCityRepo.findByPlace(project.id, cityId, service);
      if (!found) throw notFound('Page not found.');
      const requeued = await repo.requeueWritten('service-city', project.id, found.page.id);
      if (!requeued) throw new AppError('conflict', MSG.pageNotWritten);
      await repo.setProjectInProgress(project.id);
      const owner = await ownerOf(user, project);
      await enqueue(project, owner, [requeued], 'service-city', 'always-propose');
      const data = { id: found.page.id, status: PAGE_STATUS.queued };
      return { message: MSG.pageRegenerating, data };
    },

    /**
     * Queues city pages (new, or sent back for a fresh wording) and marks the project busy;
     * hand edits of the pages sent back are kept unless the owner asked to replace them.
     */
    async enqueueCities(
      project: ProjectRow,
      owner: UserRow,
      cities: JobRef[],
      opts: RegenerateOptions = {},
    ) {
      if (!cities.length) return;
      await enqueue(project, owner, cities, 'city', editsModeOf(opts.replaceEdits));
    },

    /** City pages that waited (for their place's photo) get their jobs, in their owner's name. */
    async sendWaitingCities(projectId: string, cities: JobRef[]) {
      const found = await deps.projectsRepo.withOwner(projectId);
      if (found && cities.length) await enqueue(found.project, found.owner, cities, 'city');
    },

    /** "Add New Page": one more main page, written by the chosen model, added to the menu. */
    async createPage(
      user: UserRow,
      id: string,
      input: { name: string; prompt: string; model: string },
    ) {
      const project = await access(user, id, 'edit');
      if (isInProgress(project.status))
        throw new AppError('conflict', 'The project is generating; add the page when it finishes.');
      const owner = await ownerOf(user, project);
      const model = requireUsableModel(input.model, owner, deps.serverKeys);
      const existing = await deps.projectsRepo.pagesOf(project.id);
      const slug = uniqueSlug(
        slugify(input.name),
        new Set(
          existing
            .filter((p) => p.kind === 'main')
            .map((p) => p.slug)
            .concat('homepage', 'services', 'states'),
        ),
      );
      const [page] = await deps.db.transaction(async (tx) => {
        const rows = await repo.insertPages(
          [
            {
              projectId: project.id,
              kind: 'main',
              name: input.name,
              slug,
              prompt: input.prompt,
              model: model.id,
              status: PAGE_STATUS.queued,
              sortOrder: Math.max(0, ...existing.map((p) => p.sortOrder)) + 1,
            },
          ],
          tx,
        );
        await deps.projectsRepo.update(
          project.id,
          {
            status: PROJECT_STATUS.inProgress,
            headerLinks: [
              ...project.headerLinks,
              { name: input.name, link: `/${slug}`, show: true },
            ],
          },
          tx,
        );
        return rows;
      });
      await enqueue(project, owner, [page!]);
      return { message: MSG.pageCreated, data: { id: page!.id, name: page!.name, slug } };
    },
  };
}
export type GenerationService = ReturnType<typeof createGenerationService>;
