import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { FolderX } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import { RetryAlert } from '../../../../components/ui/alert';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Skeleton } from '../../../../components/ui/skeleton';
import { toast } from '../../../../components/ui/toast';
import { isNotFound } from '../../../../lib/api-errors';
import { useAuth } from '../../../../lib/auth-store';
import { useProjectDetail } from '../../api/get-project-detail';
import { useProjectEvents } from '../../api/project-events';
import { completedTransition } from '../../project-rules';
import { DetailHeader } from './detail-header';
import { GenerationBanner } from './generation-banner';
import { LinkedSheet } from './linked-sheet';
import { ProjectDetailsCard } from './project-details-card';
import { ClientReviews } from '../../../review/components/client-reviews';
import { SiteRedirects } from './site-redirects';
import { SpendingCapNotice } from './spending-cap-notice';
import { SummaryCards } from './summary-cards';
import { WebsiteStructure } from './website-structure';
import { BackToProjects } from '../../../../components/ui/back-links';

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading project" className="space-y-6">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/** /project/:id/detail. */
export default function ProjectDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const detail = useProjectDetail(id);
  const lastStatus = useRef<string | null>(null);
  const status = detail.data?.status ?? null;
  // Live progress while generating; the 5-s polling stays as the fallback when it drops.
  const events = useProjectEvents(id, isInProgress(status));

  // "Project completed!" when a poll sees In progress turn into Created.
  useEffect(() => {
    if (status === null) return;
    if (completedTransition(lastStatus.current, status))
      toast.success(MSG.projectCompleted, { message: '' });
    lastStatus.current = status;
  }, [status]);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    if (isNotFound(detail.error)) {
      return (
        <EmptyState
          testId="project-not-found"
          icon={<FolderX />}
          title={MSG.projectNotFoundTitle}
          description={MSG.projectNotFoundBody}
          actions={<BackToProjects primary />}
        />
      );
    }
    return (
      <RetryAlert
        title={MSG.fetchProjectFailed}
        onRetry={() => detail.refetch()}
        retryLabel="Try Again"
      >
        {detail.error.message}
      </RetryAlert>
    );
  }

  const project = detail.data;
  const superuser = !!user?.isSuperuser;
  return (
    <div className="space-y-6">
      <DetailHeader project={project} />
      <GenerationBanner
        status={project.status}
        checkedAt={detail.dataUpdatedAt}
        live={events.connected}
      />
      <SpendingCapNotice projectId={project.id} status={project.status} />
      <SummaryCards project={project} />
      <ProjectDetailsCard project={project} showUsage={superuser} />
      <ClientReviews projectId={project.id} />
      <WebsiteStructure project={project} showUsage={superuser} />
      <SiteRedirects projectId={project.id} />
      <LinkedSheet projectId={project.id} generating={isInProgress(project.status)} />
    </div>
  );
}
