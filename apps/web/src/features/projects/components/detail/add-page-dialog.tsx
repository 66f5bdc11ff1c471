import { useState } from 'react';
import type { FormEvent } from 'react';
import { MSG } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { useCreatePage } from '../../api/create-page';
import { useAiModels } from '../../../../lib/ai-models';
import { defaultModelId } from '../../project-rules';
import { ModelSelect } from '../../../../components/ui/model-select';

/** "Add New Page": name, description (sent as the prompt) and model → POST create_page. */
export function AddPageDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const models = useAiModels();
  const create = useCreatePage(projectId);
  const [name, setName] = useState('');
  const [prompt, setPrompt] = useState('');
  const [model, setModel] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string>();
  const chosen = model ?? defaultModelId(models.data ?? []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setNameError(MSG.projectNameRequired);
    setNameError(undefined);
    try {
      await create.mutateAsync({ name: name.trim(), prompt: prompt.trim(), model: chosen });
      toast.success(MSG.pageCreated);
      onClose();
    } catch (error) {
      toast.error(MSG.createPageFailed, { message: errorMessage(error, '') });
    }
  }

  const busy = create.isPending;
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent
        title="Add New Page"
        description="The AI model writes the page from your description."
      >
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-4">
          <TextField
            label="Name"
            placeholder="e.g. Emergency Repairs"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            autoFocus
          />
          <TextAreaField
            label="Description"
            rows={4}
            placeholder="What this page should cover."
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
          />
          <ModelSelect
            models={models.data}
            loading={models.isPending}
            failed={models.isError}
            value={chosen}
            onChange={(e) => setModel(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {busy ? 'Adding...' : 'Add Page'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
