import { useState } from 'react';
import { FilePlus2 } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardHeader } from '../../../../components/ui/card';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { useRetryPage } from '../../api/retry-page';
import type { RegenerationOptions } from '../../api/regeneration-query';
import { AddPageDialog } from './add-page-dialog';
import { DeleteItemDialog } from './delete-item-dialog';
import type { DeleteTarget } from './delete-item-dialog';
import { PageRow } from './page-row';

/** Main pages list with Add Page (disabled while the project is In progress). */
export function MainPages({
  project,
  showUsage,
}: {
  project: TLeanProjectDetail;
  showUsage: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const retry = useRetryPage(project.id);

  async function retryPage(pageId: string, opts: RegenerationOptions) {
    try {
      await retry.mutateAsync({ pageId, ...opts });
      toast.success(MSG.pageRetryInitiated, { message: '' });
    } catch (error) {
      toast.error(MSG.retryPageFailed, { message: errorMessage(error, '') });
    }
  }

  return (
    <Card>
      <CardHeader
        headingLevel={3}
        title="Main Pages"
        description="The homepage and the pages linked from the menu."
        actions={
          <Button
            size="sm"
            disabled={isInProgress(project.status)}
            icon={<FilePlus2 className="size-4" aria-hidden="true" />}
            onClick={() => setAdding(true)}
          >
            Add Page
          </Button>
        }
      />
      {project.pages.length === 0 ? (
        <p className="px-5 py-6 text-sm text-zinc-500 sm:px-6">No pages yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100" aria-label="Main pages">
          {project.pages.map((page) => (
            <PageRow
              key={page.id}
              projectId={project.id}
              page={page}
              showUsage={showUsage}
              retrying={retry.isPending && retry.variables.pageId === page.id}
              onRetry={(opts) => void retryPage(page.id, opts)}
              onDelete={() => setTarget({ kind: 'page', id: page.id, name: page.name })}
            />
          ))}
        </ul>
      )}
      {adding ? <AddPageDialog projectId={project.id} onClose={() => setAdding(false)} /> : null}
      <DeleteItemDialog projectId={project.id} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
