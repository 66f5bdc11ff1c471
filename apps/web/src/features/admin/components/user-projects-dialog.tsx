import { Link } from 'react-router';
import { FolderOpen } from 'lucide-react';
import {
  MSG,
  normaliseStatus,
  USER_PROJECTS_PAGE_SIZE,
  USER_PROJECTS_SEARCH_DEBOUNCE_MS,
} from '@cityforge/shared';
import type { TAdminUser, TProject } from '@cityforge/shared';
import { RetryAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ExternalLink } from '../../../components/ui/new-tab-link';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useSearchPages } from '../../../lib/use-search-pages';
import { useUserProjects } from '../api/get-user-projects';
import { useErrorToast } from '../use-error-toast';
import { projectStatusVariant, userLabel } from '../user-display';
import { SearchField } from '../../../components/ui/search-field';

function withProtocol(host: string): string {
  return /^https?:\/\//i.test(host) ? host : `https://${host}`;
}

/** Where the site lives: the client's domain when set, else the Netlify address, else nothing. */
function SiteLink({ project }: { project: TProject }) {
  const domain = project.clientDomain?.trim();
  const hosting = project.netlifyLink || project.netlifySiteUrl;
  const href = domain ? withProtocol(domain) : hosting;
  if (!href) return <span className="text-zinc-500">Not deployed</span>;
  return <ExternalLink href={withProtocol(href)}>{href.replace(/^https?:\/\//i, '')}</ExternalLink>;
}

function ProjectItem({ project }: { project: TProject }) {
  return (
    <li
      data-testid="user-project-row"
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
    >
      <div className="min-w-0 space-y-0.5">
        <Link
          to={`/project/${encodeURIComponent(project.id)}/detail`}
          className="rounded font-medium break-words text-zinc-950 hover:text-brand-700 hover:underline"
        >
          {project.name}
        </Link>
        <p className="text-xs text-zinc-500">
          {project.serviceType || '—'} · Created {formatDate(project.createdAt)}
        </p>
        <div className="text-xs">
          <SiteLink project={project} />
        </div>
      </div>
      <Badge variant={projectStatusVariant(project.status)} className="shrink-0 self-start">
        {normaliseStatus(project.status)}
      </Badge>
    </li>
  );
}

/** "Projects of {name}": the user's projects with their own search and pages. */
export function UserProjectsDialog({
  user,
  onOpenChange,
}: {
  user: TAdminUser;
  onOpenChange: (open: boolean) => void;
}) {
  const {
    search,
    setSearch,
    term: query,
    page,
    setPage,
  } = useSearchPages(USER_PROJECTS_SEARCH_DEBOUNCE_MS);
  const projects = useUserProjects(user.id, { query, page });
  useErrorToast(projects, MSG.fetchUserProjectsFailed);
  const data = projects.data;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Projects of ${userLabel(user)}`}
        description={
          data ? `${data.count} ${data.count === 1 ? 'project' : 'projects'}` : undefined
        }
        size="xl"
        className="flex max-h-[calc(100dvh-2rem)] flex-col"
      >
        <SearchField
          value={search}
          onChange={setSearch}
          label="Search projects"
          placeholder="Search projects..."
          className="mt-4 shrink-0"
        />
        <div className="mt-2 min-h-0 flex-1 overflow-y-auto">
          <ProjectsContent projects={projects} query={query} />
        </div>
        {data ? (
          <Pagination
            page={page}
            pageSize={USER_PROJECTS_PAGE_SIZE}
            count={data.count}
            onPageChange={setPage}
            label="User project pages"
            className="mt-3 shrink-0 border-t border-zinc-100 pt-3"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The user's projects of this page, or loading, the error with a retry, or none. */
function ProjectsContent({
  projects,
  query,
}: {
  projects: ReturnType<typeof useUserProjects>;
  query: string;
}) {
  const data = projects.data;
  if (projects.isPending) {
    return (
      <div className="space-y-3 py-3" role="status" aria-label="Loading projects">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (projects.isError && !data) {
    return (
      <RetryAlert className="mt-3" onRetry={() => projects.refetch()}>
        {MSG.fetchUserProjectsFailed}
      </RetryAlert>
    );
  } else if (!data || data.results.length === 0) {
    return (
      <div
        data-testid="user-projects-empty"
        className="flex flex-col items-center gap-2 py-10 text-center text-sm text-zinc-500"
      >
        <FolderOpen className="size-6 text-zinc-400" aria-hidden="true" />
        {query ? `No projects match “${query}”.` : 'This user has no projects yet.'}
      </div>
    );
  } else {
    return (
      <ul
        className={
          projects.isPlaceholderData
            ? 'divide-y divide-zinc-100 opacity-60'
            : 'divide-y divide-zinc-100'
        }
        aria-busy={projects.isPlaceholderData || undefined}
      >
        {data.results.map((project) => (
          <ProjectItem key={project.id} project={project} />
        ))}
      </ul>
    );
  }
}
