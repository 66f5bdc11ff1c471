import { Link } from 'react-router';
import { Lock } from 'lucide-react';

/**
 * The header, breadcrumbs and footer are shared by every page and come from the project, so
 * the canvas locks them; this line says where they are changed instead.
 */
export function LockHint({ projectId }: { projectId: string }) {
  const id = encodeURIComponent(projectId);
  return (
    <p
      data-testid="editor-lock-hint"
      className="flex h-8 shrink-0 items-center gap-1.5 truncate border-b border-zinc-200 bg-zinc-50 px-4 text-xs text-zinc-600"
    >
      <Lock className="size-3.5 shrink-0 text-zinc-400" aria-hidden="true" />
      <span className="truncate">
        The header, breadcrumbs and footer are shared by every page and locked here. Change the menu
        under{' '}
        <Link to={`/project/${id}/detail`} className="font-medium text-brand-700 hover:underline">
          Navigation Menu on the project page
        </Link>{' '}
        and the phone and email in{' '}
        <Link
          to={`/projects/${id}/settings`}
          className="font-medium text-brand-700 hover:underline"
        >
          Project settings
        </Link>
        .
      </span>
    </p>
  );
}
