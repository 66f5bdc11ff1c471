import type { JSX } from 'react';
import { Skeleton, SkeletonCard, SkeletonForm, SkeletonText } from '../../components/ui/skeleton';
import type { ScreenKind } from '../paths';

function Heading() {
  return (
    <div className="mb-8 space-y-3">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-4 w-80 max-w-full" />
    </div>
  );
}

function Panel({ className = '' }: { className?: string }) {
  return <Skeleton className={`rounded-xl ${className}`} />;
}

const BODIES: Record<ScreenKind, () => JSX.Element> = {
  auth: () => (
    <div className="mx-auto w-full max-w-md py-12">
      <div className="space-y-5 rounded-2xl border border-zinc-200 bg-white px-10 py-8">
        <Skeleton className="mx-auto h-7 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  ),
  'project-list': () => (
    <>
      <Heading />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
    </>
  ),
  'project-detail': () => (
    <>
      <Heading />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Panel key={i} className="h-24" />
        ))}
      </div>
      <Panel className="h-72" />
    </>
  ),
  'project-settings': () => (
    <div className="mx-auto max-w-3xl">
      <Heading />
      <SkeletonForm fields={4} />
    </div>
  ),
  'project-edit': () => (
    <>
      <div className="mb-4 flex gap-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-24" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <Panel className="h-[28rem]" />
        <Panel className="h-[28rem]" />
      </div>
    </>
  ),
  profile: () => (
    <div className="mx-auto max-w-3xl">
      <Heading />
      <div className="rounded-xl border border-zinc-200 bg-white p-6">
        <SkeletonText lines={5} />
      </div>
    </div>
  ),
  admin: () => (
    <>
      <Heading />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Panel key={i} className="h-24" />
        ))}
      </div>
      <div className="space-y-3 rounded-xl border border-zinc-200 bg-white p-6">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </>
  ),
  upload: () => (
    <div className="mx-auto max-w-2xl">
      <Heading />
      <Panel className="h-56" />
    </div>
  ),
};

/** The loading placeholder for a kind of screen. */
export function RoutePlaceholder({ kind }: { kind: ScreenKind }) {
  const Body = BODIES[kind];
  return (
    <div role="status" aria-label="Loading" data-testid={`placeholder-${kind}`}>
      <Body />
    </div>
  );
}
