import { FileWarning, Hourglass, MapPinOff } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { BackToProject, BackToProjects } from '../../../components/ui/back-links';

/** Stands in for the frame while the page loads. */
export function FrameSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading preview"
      className="flex min-h-0 flex-1 flex-col gap-4 overflow-hidden p-6"
    >
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-56 w-full rounded-xl" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

/** Spec: loading failures show "Error Loading Project" with Try Again. */
export function PreviewError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="p-4 sm:p-6">
      <Alert
        variant="error"
        title={MSG.errorLoadingProject}
        testId="preview-error"
        action={
          <Button size="sm" variant="outline" loading={retrying} onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        {message}
      </Alert>
    </div>
  );
}

/**
 * The page exists but the server has no content for it yet (409): still being written, or
 * its generation failed. Neither is an error of this screen, so no red banner.
 */
export function PageNotReady({
  projectId,
  failed,
  reason,
}: {
  projectId: string;
  failed: boolean;
  reason: string | null;
}) {
  const back = <BackToProject projectId={projectId} variant={failed ? 'primary' : 'outline'} />;
  return (
    <div className="flex min-h-0 flex-1 items-start justify-center overflow-auto p-4 sm:p-8">
      {failed ? (
        <EmptyState
          testId="preview-page-failed"
          className="w-full max-w-xl"
          icon={<FileWarning />}
          title="This page couldn't be generated"
          description={
            <>
              {reason ? <span className="block">{reason}</span> : null}
              <span className="block">You can retry it from the project page.</span>
            </>
          }
          actions={back}
        />
      ) : (
        <EmptyState
          testId="preview-page-generating"
          className="w-full max-w-xl"
          icon={<Hourglass />}
          title="This page is still being generated"
          description="It will appear here as soon as it is ready; this preview checks every 5 seconds."
          actions={back}
        />
      )}
    </div>
  );
}

/**
 * A preview address that cannot be shown: a blank project id ('Project ID is required'), or a
 * project,
 * state, county or city the server does not know for this user ('Project ID or State ID not
 * found'). Nothing to retry: the address itself is wrong.
 */
export function PreviewNotFound({
  title,
  projectId,
  description,
}: {
  title: string;
  projectId: string;
  description: string;
}) {
  const back = projectId.trim() ? (
    <BackToProject projectId={projectId} />
  ) : (
    <BackToProjects primary />
  );
  return (
    <div className="flex min-h-0 flex-1 items-start justify-center overflow-auto p-4 sm:p-8">
      <EmptyState
        testId="preview-not-found"
        className="w-full max-w-xl"
        icon={<MapPinOff />}
        title={title}
        description={description}
        actions={back}
      />
    </div>
  );
}
