import { MSG } from '@cityforge/shared';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { useDeleteCity } from '../../api/delete-city';
import { useDeletePage } from '../../api/delete-page';

export interface DeleteTarget {
  kind: 'page' | 'city';
  id: string;
  name: string;
}

/**
 * Delete confirmation for a page or a city. Success shows the server's message; a failure
 * shows "Failed to delete page/city", is logged, and the dialog stays open.
 */
export function DeleteItemDialog({
  projectId,
  target,
  onClose,
}: {
  projectId: string;
  target: DeleteTarget | null;
  onClose: () => void;
}) {
  const deletePage = useDeletePage(projectId);
  const deleteCity = useDeleteCity(projectId);

  async function confirm() {
    if (!target) return;
    const isPage = target.kind === 'page';
    try {
      const answer = isPage
        ? await deletePage.mutateAsync(target.id)
        : await deleteCity.mutateAsync(target.id);
      toast.success(answer?.message || (isPage ? MSG.pageDeleted : MSG.cityDeleted), {
        message: '',
      });
    } catch (error) {
      const title = isPage ? MSG.deletePageFailed : MSG.deleteCityFailed;
      console.error(title, error);
      toast.error(title, { message: errorMessage(error, '') });
      throw error;
    }
  }

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      variant="danger"
      title={target?.kind === 'city' ? 'Delete city page?' : 'Delete page?'}
      description={
        <>
          <strong className="font-semibold text-zinc-900">{target?.name}</strong> will be removed
          from the site. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
