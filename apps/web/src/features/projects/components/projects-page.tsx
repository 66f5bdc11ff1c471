import { FolderSearch } from 'lucide-react';
import { MSG, PROJECT_SEARCH_DEBOUNCE_MS, PROJECTS_PAGE_SIZE } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth-store';
import { pageCount } from '../../../lib/pagination';
import { useSearchPages } from '../../../lib/use-search-pages';
import { useProjects } from '../api/get-projects';
import { CreateProjectButton } from './create-project-button';
import { SearchField } from '../../../components/ui/search-field';
import { ProjectPagination } from './list-controls';
import { ProjectCard } from './project-card';

const GRID = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** /projects. */
export default function ProjectsPage() {
  const { user } = useAuth();
  const {
    search,
    setSearch,
    term: query,
    page,
    setPage,
  } = useSearchPages(PROJECT_SEARCH_DEBOUNCE_MS);
  const projects = useProjects({ query, page });
  // A page past the end (its last project was deleted, here or in another tab) answers no
  // results but a count: go to the last page that exists instead of "No projects found", and
  // show the loading cards, not the empty state, until it arrives.
  const lastPage = projects.data ? pageCount(projects.data.count, PROJECTS_PAGE_SIZE) : 1;
  const pastEnd =
    !!projects.data &&
    projects.data.results.length === 0 &&
    projects.data.count > 0 &&
    (projects.isPlaceholderData || page > lastPage);
  if (pastEnd && !projects.isPlaceholderData) setPage(lastPage);

  let content;
  if (projects.isPending || pastEnd) {
    content = (
      <div className={GRID} role="status" aria-label="Loading projects">
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonCard key={i} className="h-72" />
        ))}
      </div>
    );
  } else if (projects.isError) {
    content = (
      <EmptyState
        testId="projects-error"
        title={MSG.fetchProjectsFailed}
        description={
          projects.error.message !== MSG.fetchProjectsFailed ? projects.error.message : undefined
        }
        actions={<Button onClick={() => void projects.refetch()}>Try Again</Button>}
      />
    );
  } else if (projects.data.results.length === 0) {
    content = (
      <EmptyState
        testId="projects-empty"
        icon={<FolderSearch />}
        title={MSG.noProjects}
        description={MSG.noProjectsHint}
      />
    );
  } else {
    const data = projects.data;
    content = (
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

  return (
    <div>
      <PageHeader
        title="Projects"
        description="Every site you generate lives here."
        actions={<CreateProjectButton />}
      />
      <div className="mb-6">
        <SearchField
          value={search}
          onChange={setSearch}
          label="Search projects"
          placeholder="Search projects..."
        />
      </div>
      <section aria-label="Project list">{content}</section>
    </div>
  );
}
