import { MSG } from '@cityforge/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useDeleteProject } from '../api/delete-project';

/**
 * Delete confirmation (danger). A failure is only logged and the dialog stays open;
 * success closes it and says so.
 */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  onDeleted,
}: {
  project: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteProject();

  async function confirm() {
    try {
      const answer = await remove.mutateAsync(project.id);
      toast.success(answer?.message || MSG.projectDeleted, { message: '' });
      onDeleted?.();
    } catch (error) {
      console.error(MSG.deleteProjectFailed, error);
      throw error;
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      variant="danger"
      title="Delete project?"
      description={
        <>
          <strong className="font-semibold text-zinc-900">{project.name}</strong> and all of its
          pages will be deleted. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
