import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInProgress, MSG } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ProjectRow } from '../../db/schema/index.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import type { Netlify } from './netlify.ts';
import type { PublishingRepo } from './publishing.repo.ts';
import { buildSite, type SiteImages, type SiteReads } from './site-build.ts';
import { createPackOutput, newPackOrigin, openPack } from './site-pack.ts';

const ZPrebuildJob = z.object({ projectId: z.string() });

/** Where a project's site built ahead waits for its first deploy, on this machine's disk. */
export const packFileOf = (dataDir: string, projectId: string) =>
  path.join(dataDir, 'prebuilt', `${projectId}.pack`);

/** The project's site built ahead, open, or null (closed by the caller). */
export const openPrebuilt = (dataDir: string, projectId: string) =>
  openPack(packFileOf(dataDir, projectId));

/** A first deploy took the site built ahead (or no longer needs it): it goes. */
export const removePrebuilt = (dataDir: string, projectId: string) =>
  fs.rm(packFileOf(dataDir, projectId), { force: true });

export type PrebuildDeps = {
  boss: PgBoss;
  repo: SiteReads & Pick<PublishingRepo, 'hasSiteMemo'>;
  projectsRepo: Pick<ProjectsRepo, 'withOwner' | 'cityCounts' | 'findById'>;
  netlify: Pick<Netlify, 'forOwner'>;
  images: SiteImages;
  dataDir: string;
  /** Sites of this many cities and more are built ahead: those a first deploy sends as a ZIP. */
  fromCities: number;
  logger: Logger;
};

export type Prebuilt = { files: number; copied: number; rendered: number; ms: number };

/**
 * Builds a project's site ahead of its first deploy, so that the deploy only copies its files
 * (their placeholder origin replaced by the site's) and sends them, as `netlify deploy` sends a
 * folder a generator built before. Asked for once a project's pages are scored (the quality
 * gate's verdicts are part of the pages); a build ahead of one already there renders only the
 * pages that changed since and copies the rest from it. The pack is this machine's: a deploy
 * taken by another machine builds in full, as it always did.
 */
export function createPrebuilder(deps: PrebuildDeps) {
  const root = path.join(deps.dataDir, 'prebuilt');

  /** The project, when its site is worth building ahead now; else why not. */
  async function worthIt(projectId: string): Promise<ProjectRow | string> {
    const found = await deps.projectsRepo.withOwner(projectId);
    if (!found) return 'gone';
    const { project, owner } = found;
    // Deployed before: a redeploy sends only what changed, from its own memo.
    if (await deps.repo.hasSiteMemo(projectId)) return 'deployed';
    // A run under way changes the pages: its own end asks again.
    if (isInProgress(project.status)) return 'generating';
    if (!deps.netlify.forOwner(owner)) return 'no Netlify token';
    const cities = (await deps.projectsRepo.cityCounts([projectId])).get(projectId) ?? 0;
    return cities < deps.fromCities ? 'small' : project;
  }

  async function prebuild(projectId: string): Promise<Prebuilt | null> {
    const project = await worthIt(projectId);
    if (typeof project === 'string') {
      if (project === 'gone' || project === 'deployed')
        await removePrebuilt(deps.dataDir, projectId);
      return null;
    }
    const started = performance.now();
    const final = packFileOf(deps.dataDir, projectId);
    await fs.mkdir(root, { recursive: true });
    const previous = await openPack(final);
    const origin = previous?.origin ?? newPackOrigin();
    const temp = `${final}.${randomBytes(4).toString('hex')}.tmp`;
    const out = createPackOutput(temp);
    try {
      const built = await buildSite({
        project,
        siteUrl: origin,
        repo: deps.repo,
        images: deps.images,
        out,
        prebuilt: previous ?? undefined,
      });
      await out.finish({ origin, memo: built.memo });
      // A deploy reading the pack it replaces keeps reading that one (through its handle).
      await fs.rename(temp, final);
      return {
        files: built.files,
        copied: built.prebuilt,
        rendered: built.rendered,
        ms: performance.now() - started,
      };
    } catch (error) {
      out.discard();
      await fs.rm(temp, { force: true });
      // Nothing to publish yet (no homepage written): nothing to build ahead either.
      if (error instanceof AppError && error.message === MSG.nothingToPublish) return null;
      throw error;
    } finally {
      await previous?.handle.close();
    }
  }

  /**
   * At a worker's start: packs half-written by a process that died, and those of projects gone
   * or deployed since, go. Processes of one machine may share a DATA_DIR: a half-written pack
   * is one older than any build ahead takes.
   */
  async function sweep(staleMs = 60 * 60_000): Promise<number> {
    const names = await fs.readdir(root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(root, name);
      const id = name.replace(/\.pack(\..*)?$/, '');
      const stat = await fs.stat(file).catch(() => null);
      const half = name.endsWith('.tmp') && (!stat || Date.now() - stat.mtimeMs > staleMs);
      const done =
        name.endsWith('.pack') &&
        (!isUuid(id) ||
          !(await deps.projectsRepo.findById(id)) ||
          (await deps.repo.hasSiteMemo(id)));
      if (!half && !done) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  return {
    prebuild,
    sweep,
    /**
     * Asks for the project's site to be built ahead, once its pages are scored. Asks while one
     * waits are that one (the queue keeps one waiting and one running per project), so a burst
     * of edits costs one more build, which copies all but the edited pages from the last.
     */
    async request(projectId: string) {
      await deps.boss.send(QUEUES.prebuildSite, { projectId }, { singletonKey: projectId });
    },
    async start() {
      await deps.boss.work(QUEUES.prebuildSite, { batchSize: 1 }, async ([job]) => {
        const { projectId } = ZPrebuildJob.parse(job!.data);
        try {
          const made = await prebuild(projectId);
          if (made)
            deps.logger.info({ projectId, ...made, ms: Math.round(made.ms) }, 'site built ahead');
        } catch (err) {
          // Harmless to the owner (the first deploy builds in full), but worth a look.
          deps.logger.warn({ err, projectId }, 'the site could not be built ahead');
        }
      });
    },
  };
}
