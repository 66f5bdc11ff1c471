import type { ProjectRow } from '../../db/schema/index.ts';
import { nextDailyAt } from '../../lib/zoned-time.ts';
import type { ProjectPatch } from './projects.repo.ts';

/**
 * When a settings write changes the staged release's plan, when its next batch is due. Only a
 * real change moves it: the settings form sends the whole plan back on every save, and a save
 * must not push a batch that is due now to tomorrow.
 *
 * - staging turned off: no batch is due;
 * - staging turned on, pages per day, time or zone changed, or resumed: the next time the
 *   clock in the plan's zone reads its time (today's when still ahead);
 * - paused: left as it was (the card names it; resuming computes it again).
 */
export function releaseSchedulePatch(
  project: ProjectRow,
  patch: ProjectPatch,
  now = new Date(),
): ProjectPatch {
  const perDay = patch.releasePerDay !== undefined ? patch.releasePerDay : project.releasePerDay;
  const time = patch.releaseTime ?? project.releaseTime;
  const zone = patch.releaseTimeZone ?? project.releaseTimeZone;
  const paused = patch.releasePaused ?? project.releasePaused;
  if (perDay === null) return project.nextReleaseAt === null ? {} : { nextReleaseAt: null };
  const moved =
    perDay !== project.releasePerDay ||
    time !== project.releaseTime ||
    zone !== project.releaseTimeZone ||
    (project.releasePaused && !paused);
  return moved || project.nextReleaseAt === null
    ? { nextReleaseAt: nextDailyAt(time, zone, now) }
    : {};
}
