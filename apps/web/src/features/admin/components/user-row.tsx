import type { ReactNode } from 'react';
import { Eye, FolderOpen, Pencil, Receipt, Trash2 } from 'lucide-react';
import type { TAdminUser } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { spendLabel } from '../../../lib/cost';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { projectSummary, statusText, subscriptionVariant, userName } from '../user-display';

export type UserAction = 'view' | 'edit' | 'projects' | 'billing' | 'delete';

function ActionButton({
  label,
  icon,
  onClick,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        'size-8 [&_svg]:size-4',
        danger && 'text-red-600 hover:bg-red-50 hover:text-red-700',
      )}
    >
      {icon}
    </Button>
  );
}

/** Plan name and subscription status, or the Admin Bypass badge that replaces them. */
function PlanCell({ user }: { user: TAdminUser }) {
  if (user.adminBypass) return <Badge variant="brand">Admin Bypass</Badge>;
  if (!user.subscription) return <span className="text-zinc-500">No plan</span>;
  const { plan, status } = user.subscription;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-zinc-900">{plan.name}</span>
      <Badge variant={subscriptionVariant(status)} className="capitalize">
        {statusText(status)}
      </Badge>
    </div>
  );
}

/** One row of the users table; every action names the user it acts on for screen readers. */
export function UserRow({
  user,
  isSelf,
  onAction,
}: {
  user: TAdminUser;
  /** The signed-in administrator's own row: the server refuses to delete it, so no button. */
  isSelf: boolean;
  onAction: (action: UserAction, user: TAdminUser) => void;
}) {
  const name = userName(user);
  const act = (action: UserAction) => () => onAction(action, user);
  return (
    <tr data-testid="admin-user-row" data-user-id={user.id} className="hover:bg-zinc-50/60">
      <td className="px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-2">
          <span className={cn('truncate font-medium', name ? 'text-zinc-900' : 'text-zinc-500')}>
            {name ?? '—'}
          </span>
          {user.isSuperuser ? <Badge variant="info">Admin</Badge> : null}
          {isSelf ? <span className="text-xs text-zinc-500">(you)</span> : null}
        </div>
        <div className="truncate text-xs text-zinc-500">{user.email}</div>
      </td>
      <td className="px-4 py-3">
        <PlanCell user={user} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <div className="text-zinc-900 tabular-nums">
          {formatNumber(user.usage.totalTokens)} tokens · {spendLabel(user.usage)}
        </div>
        <div className="text-xs text-zinc-500">{projectSummary(user)}</div>
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
        {formatMoney(user.revenue)}
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-zinc-700">
        {formatDate(user.lastActivity, {}, 'Never')}
      </td>
      <td className="px-4 py-2 sm:pr-6">
        <div className="flex items-center justify-end gap-0.5">
          <ActionButton label={`View ${user.email}`} icon={<Eye />} onClick={act('view')} />
          <ActionButton label={`Edit ${user.email}`} icon={<Pencil />} onClick={act('edit')} />
          <ActionButton
            label={`Projects of ${user.email}`}
            icon={<FolderOpen />}
            onClick={act('projects')}
          />
          <ActionButton
            label={`Billing history of ${user.email}`}
            icon={<Receipt />}
            onClick={act('billing')}
          />
          {isSelf ? (
            // Keeps the columns of buttons aligned with the other rows.
            <span className="size-8" aria-hidden="true" />
          ) : (
            <ActionButton
              label={`Delete ${user.email}`}
              icon={<Trash2 />}
              onClick={act('delete')}
              danger
            />
          )}
        </div>
      </td>
    </tr>
  );
}
