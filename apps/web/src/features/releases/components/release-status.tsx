import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Pause, Play, Rocket } from 'lucide-react';
import { isDeployActive, MSG } from '@cityforge/shared';
import type { TProject } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-errors';
import { waitForDeployment } from '../../deploys/api/get-deployment';
import { useReleaseAll } from '../api/release-all';
import { useSetReleasePaused } from '../api/set-release-paused';
import { deployFailure, publishFailure } from '../../deploys/deploy-status';
import { releaseLine } from '../release-progress';

/**
 * A staged project's release on its card: "42 of 300 city pages live, next batch tomorrow at
 * 09:00", with Pause/Resume and Release all now, one click each. Nothing without staging.
 */
export function ReleaseStatus({ project, locked }: { project: TProject; locked: boolean }) {
  const queryClient = useQueryClient();
  const pause = useSetReleasePaused(project.id);
  const all = useReleaseAll(project.id);
  const release = project.release;
  if (!release) return null;
  const line = releaseLine(release, !!project.netlifySiteUrl, new Date());
  const percent = release.total ? Math.round((100 * release.live) / release.total) : 0;
  const waiting = release.written - release.live;

  async function togglePause(paused: boolean) {
    try {
      const answer = await pause.mutateAsync(paused);
      toast.success(answer.message, { message: '' });
    } catch (error) {
      toast.error(MSG.releaseFailed, { message: errorMessage(error, '') });
    }
  }

  async function releaseEverything() {
    toast.info(MSG.releaseAllStarted);
    let result;
    try {
      result = await all.mutateAsync();
    } catch (error) {
      const failure = publishFailure(error);
      toast.error(failure.title, { message: failure.message });
      return;
    }
    const finished = isDeployActive(result.deployment.state)
      ? await waitForDeployment(queryClient, project.id)
      : result.deployment;
    if (!finished) return;
    if (finished.state === 'error') {
      const failure = deployFailure(finished);
      toast.error(failure.title, { message: failure.message });
    } else toast.success(MSG.releaseAllDone);
  }

  return (
    <section
      aria-label="Staged release"
      data-testid="release-progress"
      data-paused={release.paused}
      className="space-y-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3"
    >
      <p className="flex items-start gap-1.5 text-xs text-zinc-700">
        <CalendarClock className="mt-px size-3.5 shrink-0 text-zinc-500" aria-hidden="true" />
        <span role="status">{line}</span>
      </p>
      <ProgressBar
        percent={percent}
        aria-label="City pages live"
        className="h-1 bg-white"
        fill="done"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          loading={pause.isPending}
          icon={
            release.paused ? (
              <Play className="size-3.5" aria-hidden="true" />
            ) : (
              <Pause className="size-3.5" aria-hidden="true" />
            )
          }
          onClick={() => void togglePause(!release.paused)}
        >
          {release.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={locked || waiting <= 0}
          loading={all.isPending}
          title={waiting > 0 ? `Release the ${waiting} waiting pages now` : 'Nothing is waiting'}
          icon={<Rocket className="size-3.5" aria-hidden="true" />}
          onClick={() => void releaseEverything()}
        >
          Release all now
        </Button>
      </div>
    </section>
  );
}
