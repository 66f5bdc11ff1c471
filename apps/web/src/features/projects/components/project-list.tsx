import { FolderSearch } from 'lucide-react';
import { MSG, PROJECTS_PAGE_SIZE } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth-store';
import type { useProjectList } from '../use-project-list';
import { ProjectPagination } from './list-controls';
import { ProjectCard } from './project-card';

const GRID = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** The page of project cards with its pagination, or loading cards, the error, or none. */
export function ProjectList({
  list: { projects, pastEnd, page, setPage },
}: {
  list: ReturnType<typeof useProjectList>;
}) {
  const { user } = useAuth();
  if (projects.isPending || pastEnd) {
    return (
      <div className={GRID} role="status" aria-label="Loading projects">
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonCard key={i} className="h-72" />
        ))}
      </div>
    );
  }
  if (projects.isError) {
    return (
      <EmptyState
        testId="projects-error"
        title={MSG.fetchProjectsFailed}
        description={
          projects.error.message !== MSG.fetchProjectsFailed ? projects.error.message : undefined
        }
        actions={<Button onClick={() => void projects.refetch()}>Try Again</Button>}
      />
    );
  }
  const data = projects.data;
  if (data.results.length === 0) {
    return (
      <EmptyState
        testId="projects-empty"
        icon={<FolderSearch />}
        title={MSG.noProjects}
        description={MSG.noProjectsHint}
      />
    );
  }
  return (
    <div className="space-y-6">
      <div className={GRID}>
        {data.results.map((project) => (
          <ProjectCard key={project.id} project={project} showUsage={!!user?.isSuperuser} />
        ))}
      </div>
      <ProjectPagination
        page={page}
        pageSize={PROJECTS_PAGE_SIZE}
        count={data.count}
        hasPrevious={page > 1 && !projects.isPlaceholderData}
        hasNext={!!data.next && !projects.isPlaceholderData}
        onPage={setPage}
      />
    </div>
  );
}
