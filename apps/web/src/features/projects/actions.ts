import { useState } from 'react';
import { MSG } from '@cityforge/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-errors';
import { useRetryProject } from './api/retry-project';

/**
 * Retry a project's generation: "Project retry initiated", or "Failed to retry project".
 * `replaceEdits` is the screen's "Replace my edits too" tick for the pages it writes again.
 */
export function useRetry(projectId: string) {
  const retry = useRetryProject();
  const [replaceEdits, setReplaceEdits] = useState(false);
  async function run() {
    try {
      await retry.mutateAsync({ id: projectId, replaceEdits });
      toast.success(MSG.projectRetryInitiated, { message: '' });
    } catch (error) {
      toast.error(MSG.retryProjectFailed, { message: errorMessage(error, '') });
    }
  }
  return { retry: () => void run(), busy: retry.isPending, replaceEdits, setReplaceEdits };
}
