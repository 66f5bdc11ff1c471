import { useState } from 'react';
import type { TUploadReport } from '@cityforge/shared';
import { useIsMutating } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { UploadReport } from '../../../../components/upload/upload-report';
import { CityUploadForm } from './city-upload-form';

/**
 * "Upload File to Create City Pages": the form, then what the
 * upload did. The dialog cannot be dismissed while an upload is on its way.
 */
export function CityPagesDialog({
  projectId,
  metaTagsTemplate,
  open,
  onOpenChange,
}: {
  projectId: string;
  metaTagsTemplate: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [report, setReport] = useState<TUploadReport | null>(null);
  const uploading = useIsMutating({ mutationKey: ['projects', 'upload', projectId] }) > 0;

  function close() {
    onOpenChange(false);
    setReport(null);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!uploading) close();
      }}
    >
      <DialogContent
        title="Upload File to Create City Pages"
        description={
          report
            ? 'Your locations are in. The new city pages are being written now.'
            : 'Upload a spreadsheet of the cities you serve; each city gets its own page.'
        }
        size="lg"
        className="max-h-[92dvh] overflow-y-auto"
        hideClose={uploading}
      >
        {report ? (
          <div className="mt-5 space-y-5">
            <UploadReport report={report} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setReport(null)}>
                Upload more
              </Button>
              <Button onClick={close}>Done</Button>
            </div>
          </div>
        ) : (
          <CityUploadForm
            projectId={projectId}
            metaTagsTemplate={metaTagsTemplate}
            onUploaded={setReport}
            onCancel={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
