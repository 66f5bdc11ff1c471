import { DropdownMenu } from 'radix-ui';
import { Check, ChevronsUpDown } from 'lucide-react';
import { MSG, type TWorkspace } from '@cityforge/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { ROLE_LABELS } from '../../features/team/team-rules';
import { useChooseWorkspace, useWorkspaces } from '../../features/workspace/api/workspace';
import { useEnterWorkspace } from '../../features/workspace/use-enter-workspace';
import { switcherOf } from '../../features/workspace/workspace-rules';
import { contentClass, itemClass } from './menu-classes';

const triggerClass =
  'flex h-11 min-w-0 items-center gap-1.5 rounded-lg px-2 text-left text-zinc-700 outline-none ' +
  'transition-colors hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 ' +
  'data-[state=open]:bg-zinc-100';

function WorkspaceItem({ workspace }: { workspace: TWorkspace }) {
  return (
    <DropdownMenu.RadioItem value={workspace.id} className={itemClass}>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-zinc-900">{workspace.name}</span>
        <span className="block text-xs text-zinc-600">
          {ROLE_LABELS[workspace.role]}
          {workspace.own ? ' · your own' : ''}
        </span>
      </span>
      <DropdownMenu.ItemIndicator>
        <Check className="size-4 text-brand-600" aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}

/**
 * The header's workspace switcher, for someone in more than one: the current workspace's
 * name and their role there. Choosing another makes it this tab's (and the server's last
 * chosen), drops everything cached of the one before and starts on its landing screen.
 */
export function WorkspaceSwitcher() {
  const workspaces = useWorkspaces();
  const choose = useChooseWorkspace();
  const enter = useEnterWorkspace();
  const current = switcherOf(workspaces.data);
  if (!current) return null;

  const onChoose = (id: string) => {
    if (id === current.id || choose.isPending) return;
    choose.mutate(id, {
      onSuccess: (answer) => {
        enter(answer.data);
        toast.success(MSG.workspaceSwitched, { message: answer.data.name });
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        void workspaces.refetch();
      },
    });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={triggerClass} data-testid="workspace-switcher">
        <span className="min-w-0 leading-tight">
          <span className="sr-only">Workspace: </span>
          <span className="block max-w-[7.5rem] truncate text-sm font-medium text-zinc-900 sm:max-w-52">
            {current.name}
          </span>
          <span className="block text-xs font-normal text-zinc-600">
            {ROLE_LABELS[current.role]}
          </span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-zinc-400" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className={`${contentClass} max-w-[calc(100vw-1rem)]`}
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-zinc-600">
            Switch workspace
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current.id} onValueChange={onChoose}>
            {workspaces.data!.map((workspace) => (
              <WorkspaceItem key={workspace.id} workspace={workspace} />
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
