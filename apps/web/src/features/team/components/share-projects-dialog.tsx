import { useState } from 'react';
import type { TMember, TWorkspace } from '@cityforge/shared';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SearchField } from '../../../components/ui/search-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useShareWithClient, useWorkspaceProjects } from '../api/team';

/**
 * Which of the workspace's projects a client sees (and reviews): one switch per project,
 * found by name. A share takes effect at once; the client is not mailed for it.
 */
export function ShareProjectsDialog({
  workspace,
  client,
  onClose,
}: {
  workspace: TWorkspace;
  client: TMember;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query, 250);
  const projects = useWorkspaceProjects(search);
  const share = useShareWithClient(workspace.id);
  const list = projects.data?.results ?? [];
  const more = (projects.data?.count ?? 0) - list.length;

  // A switch shows its new state at once, until the members list has it (or it failed).
  const [asked, setAsked] = useState<Record<string, boolean>>({});
  const toggle = (projectId: string, shared: boolean) => {
    setAsked((now) => ({ ...now, [projectId]: shared }));
    share.mutate(
      { projectId, userId: client.userId, shared },
      {
        onSuccess: (res) => toast.success(res.message, { message: '' }),
        onError: (e) => toast.error(errorMessage(e)),
        onSettled: () => setAsked(({ [projectId]: _done, ...rest }) => rest),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={`Projects shared with ${client.fullName || client.email}`}
        description="They see only these, in your brand, and approve their pages there."
      >
        <div className="mt-4 space-y-3">
          <SearchField
            label="Find a project"
            placeholder="Find a project"
            value={query}
            onChange={setQuery}
            className="sm:max-w-none"
          />
          <ul className="max-h-80 divide-y divide-zinc-100 overflow-y-auto" aria-label="Projects">
            {list.map((project) => {
              const shared = asked[project.id] ?? client.sharedProjectIds.includes(project.id);
              return (
                <li key={project.id}>
                  <label className="flex cursor-pointer items-center gap-3 py-2.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={shared}
                      disabled={project.id in asked}
                      onChange={(e) => toggle(project.id, e.target.checked)}
                    />
                    <span className="min-w-0 truncate">{project.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          {projects.isSuccess && !list.length ? (
            <p className="text-sm text-zinc-500">No project matches.</p>
          ) : null}
          {more > 0 ? (
            <p className="text-xs text-zinc-500">{more} more: find them by name.</p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
