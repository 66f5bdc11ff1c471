import { Link } from 'react-router';
import { Card, CardHeader } from '../../../components/ui/card';
import { useProjects } from '../../projects/api/get-projects';
import { useBranding, useCurrentWorkspace } from '../../workspace/api/workspace';
import { BrandedShell } from './branded-shell';

/** A client's projects: the ones their agency shared with them, to review. */
export default function ReviewListPage() {
  const workspace = useCurrentWorkspace();
  const branding = useBranding(workspace.data?.id);
  const projects = useProjects({ query: '', page: 1 });
  const list = projects.data?.results ?? [];
  return (
    <BrandedShell branding={branding.data}>
      <h1 className="mb-4 text-2xl font-semibold">Your projects</h1>
      <Card>
        <CardHeader
          title="To review"
          description="Open a project to look at its pages and approve them."
        />
        {list.length ? (
          <ul data-testid="review-projects">
            {list.map((p) => (
              <li key={p.id} className="border-b border-zinc-100 last:border-0">
                <Link
                  to={`/review/${p.id}`}
                  className="block px-5 py-3 font-medium hover:bg-zinc-50"
                  style={{ color: 'var(--accent)' }}
                >
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-5 py-4 text-sm text-zinc-500">
            {projects.isLoading ? 'Loading…' : 'Nothing is shared with you yet.'}
          </p>
        )}
      </Card>
    </BrandedShell>
  );
}
