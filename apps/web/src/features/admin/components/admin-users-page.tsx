import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { ADMIN_USER_SEARCH_DEBOUNCE_MS, ADMIN_USERS_PAGE_SIZE, MSG } from '@cityforge/shared';
import type { TAdminUser } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { useAuth } from '../../../lib/auth-store';
import { useSearchPages } from '../../../lib/use-search-pages';
import { useAdminUsers } from '../api/get-users';
import { useErrorToast } from '../use-error-toast';
import { DeleteUserDialog } from './delete-user-dialog';
import { KpiCards } from './kpi-cards';
import { SearchField } from '../../../components/ui/search-field';
import { UserBillingDialog } from './user-billing-dialog';
import { UserDetailsDialog } from './user-details-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserProjectsDialog } from './user-projects-dialog';
import type { UserAction } from './user-row';
import { UsersTable } from './users-table';

/** At most one dialog is open; it carries the row it was opened from. */
type OpenDialog = { kind: 'create' } | { kind: UserAction; user: TAdminUser } | null;

/** /admin/users — superusers only; the route guard sends everyone else to /projects. */
export default function AdminUsersPage() {
  const { user: me } = useAuth();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { search, setSearch, term, page, setPage } = useSearchPages(ADMIN_USER_SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers({ page, search: term });
  useErrorToast(users, MSG.fetchUsersFailed);
  const data = users.data;

  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  function onDeleted() {
    // The last row of a later page went: show the page before rather than an empty one.
    if (data && data.results.length <= 1 && page > 1) setPage(page - 1);
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Everyone who uses CityForge: their plans, usage and revenue."
        actions={
          <Button
            icon={<UserPlus className="size-4" aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            Create User
          </Button>
        }
      />
      <section aria-label="User statistics">
        <KpiCards />
      </section>
      <section aria-label="User list" className="space-y-4">
        <SearchField
          value={search}
          onChange={setSearch}
          label="Search users"
          placeholder="Search by name or email..."
        />
        <UserList
          users={users}
          page={page}
          setPage={setPage}
          term={term}
          selfId={me?.id}
          onAction={(kind, user) => setDialog({ kind, user })}
        />
      </section>

      <UserDialogs dialog={dialog} close={close} onDeleted={onDeleted} />
    </div>
  );
}

/** The open dialog, if any, for the row it was opened from. */
function UserDialogs({
  dialog,
  close,
  onDeleted,
}: {
  dialog: OpenDialog;
  close: (open: boolean) => void;
  onDeleted: () => void;
}) {
  return (
    <>
      {dialog?.kind === 'create' ? <UserFormDialog mode="create" onOpenChange={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <UserFormDialog mode="edit" user={dialog.user} onOpenChange={close} />
      ) : null}
      {dialog?.kind === 'view' ? (
        <UserDetailsDialog user={dialog.user} onOpenChange={close} />
      ) : null}
      {dialog?.kind === 'projects' ? (
        <UserProjectsDialog user={dialog.user} onOpenChange={close} />
      ) : null}
      {dialog?.kind === 'billing' ? (
        <UserBillingDialog user={dialog.user} onOpenChange={close} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog user={dialog.user} onOpenChange={close} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}

/** The users of this page and search, or the error with a retry. */
function UserList({
  users,
  page,
  setPage,
  term,
  selfId,
  onAction,
}: {
  users: ReturnType<typeof useAdminUsers>;
  page: number;
  setPage: (page: number) => void;
  term: string;
  selfId: string | undefined;
  onAction: (kind: UserAction, user: TAdminUser) => void;
}) {
  const data = users.data;
  return (
    <>
      {users.isError && !data ? (
        <Alert
          variant="error"
          testId="admin-users-error"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void users.refetch()}
              loading={users.isFetching}
            >
              Retry
            </Button>
          }
        >
          {MSG.fetchUsersFailed}
        </Alert>
      ) : (
        <Card className="overflow-hidden">
          <UsersTable
            users={data?.results}
            loading={users.isPending}
            search={term}
            selfId={selfId}
            stale={users.isPlaceholderData}
            onAction={onAction}
          />
          {data ? (
            <Pagination
              page={page}
              pageSize={ADMIN_USERS_PAGE_SIZE}
              count={data.count}
              onPageChange={setPage}
              label="User pages"
              testId="admin-users-pagination"
              className="border-t border-zinc-100 px-4 py-3 sm:px-6"
            />
          ) : null}
        </Card>
      )}
    </>
  );
}
