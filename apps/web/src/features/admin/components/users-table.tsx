import { SearchX, UserPlus } from 'lucide-react';
import type { TAdminUser } from '@cityforge/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { UserRow } from './user-row';
import type { UserAction } from './user-row';

const COLUMNS = [
  { label: 'User', className: 'px-4 sm:px-6' },
  { label: 'Plan & status', className: 'px-4' },
  { label: 'Usage', className: 'px-4' },
  { label: 'Revenue', className: 'px-4 text-right' },
  { label: 'Last activity', className: 'px-4' },
  { label: 'Actions', className: 'px-4 text-right sm:pr-6', srOnly: true },
];

function Head() {
  return (
    <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
      <tr>
        {COLUMNS.map((c) => (
          <th key={c.label} scope="col" className={cn('py-3 whitespace-nowrap', c.className)}>
            {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

// While the list loads, each column's bars, about as wide as what will stand there.
const SKELETON_BARS = [
  ['h-4 w-32', 'mt-1.5 h-3 w-44'],
  ['h-4 w-24'],
  ['h-4 w-20', 'mt-1.5 h-3 w-32'],
  ['ml-auto h-4 w-12'],
  ['h-4 w-20'],
  ['ml-auto h-6 w-36'],
];

function SkeletonRows({ rows }: { rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} aria-hidden="true">
          {COLUMNS.map((c, column) => (
            <td key={c.label} className={cn('py-3', c.className)}>
              {SKELETON_BARS[column]?.map((bar) => (
                <Skeleton key={bar} className={bar} />
              ))}
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/**
 * The users table. Wide content scrolls sideways inside the card on phones rather than
 * squeezing the columns; the page header and search stay put.
 */
export function UsersTable({
  users,
  loading,
  search,
  selfId,
  stale,
  onAction,
}: {
  users: TAdminUser[] | undefined;
  loading: boolean;
  /** The search the rows answer, for the empty state's wording. */
  search: string;
  selfId: string | undefined;
  /** Showing the previous page while the next loads: dimmed, and announced as busy. */
  stale: boolean;
  onAction: (action: UserAction, user: TAdminUser) => void;
}) {
  if (!loading && users && users.length === 0) {
    return (
      <div
        data-testid="admin-users-empty"
        className="flex flex-col items-center gap-2 px-6 py-12 text-center"
      >
        <div className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 [&_svg]:size-5">
          {search ? <SearchX aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        </div>
        <p className="font-medium text-zinc-900">
          {search ? `No users match “${search}”` : 'No users yet'}
        </p>
        <p className="text-sm text-zinc-500">
          {search ? 'Try another name or e-mail address.' : 'Create the first one to get started.'}
        </p>
      </div>
    );
  }

  return (
    // Relative: the screen-reader label of the actions column is positioned absolutely, and
    // only a positioned scroller keeps it inside rather than widening the page on a phone.
    <div className="relative overflow-x-auto">
      <table
        className={cn(
          'w-full min-w-[56rem] text-left text-sm transition-opacity',
          stale && 'opacity-60',
        )}
        aria-busy={loading || stale || undefined}
        aria-label="Users"
      >
        <Head />
        <tbody className="divide-y divide-zinc-100">
          {loading || !users ? (
            <SkeletonRows rows={5} />
          ) : (
            users.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === selfId} onAction={onAction} />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
