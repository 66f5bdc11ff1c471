import { MSG } from '@cityforge/shared';
import type { TAdminUser } from '@cityforge/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-errors';
import { useDeleteAdminUser } from '../api/delete-user';

/**
 * "Delete {email}?" (danger). Success closes the dialog and tells the page, which steps back a
 * page when the last row of the current one went; a failure keeps it open with the server's
 * reason in the toast.
 */
export function DeleteUserDialog({
  user,
  onOpenChange,
  onDeleted,
}: {
  user: TAdminUser;
  onOpenChange: (open: boolean) => void;
  onDeleted: (user: TAdminUser) => void;
}) {
  const remove = useDeleteAdminUser();

  async function confirm() {
    try {
      await remove.mutateAsync(user.id);
    } catch (error) {
      toast.error(MSG.deleteUserFailed, { message: serverMessage(error) ?? '' });
      throw error;
    }
    toast.success(MSG.userDeleted, { message: '' });
    onDeleted(user);
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      variant="danger"
      title={`Delete ${user.email}?`}
      description={
        <>
          <strong className="font-semibold break-all text-zinc-900">{user.email}</strong> will be
          deleted together with all of their projects, pages and invoices. This cannot be undone.
        </>
      }
      confirmLabel="Delete user"
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
