import { RotateCw, TriangleAlert } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { loadErrorLines } from '../editor-rules';
import { BackToProject } from '../../../components/ui/back-links';

/** The editor's outline while its data loads: header bar, block rail, canvas. */
export function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading editor" className="flex h-dvh flex-col bg-zinc-100">
      <div className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-4">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-5 w-48" />
        <div className="ml-auto flex gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-20" />
          ))}
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="hidden w-56 shrink-0 space-y-2 border-r border-zinc-200 bg-zinc-50 p-3 md:block">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
        <div className="flex-1 p-6">
          <div className="mx-auto h-full max-w-5xl space-y-4 rounded-md bg-white p-6 shadow-card">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-56 w-full rounded-xl" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The visual editor's failure: 'Error Loading Editor' with Try Again, which reloads. */
export function EditorLoadError({ projectId, error }: { projectId: string; error: unknown }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-zinc-50 p-4">
      <div
        role="alert"
        data-testid="editor-load-error"
        className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-8 text-center shadow-card"
      >
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/50">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-lg font-semibold">{MSG.errorLoadingEditor}</h1>
        <div className="mt-2 space-y-1 text-sm text-zinc-600">
          {loadErrorLines(error).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <BackToProject projectId={projectId} variant="outline" />
          <Button
            icon={<RotateCw className="size-4" aria-hidden="true" />}
            onClick={() => window.location.reload()}
          >
            Try Again
          </Button>
        </div>
      </div>
    </div>
  );
}
