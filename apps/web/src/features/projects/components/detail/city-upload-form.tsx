import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { MSG } from '@cityforge/shared';
import type { TUploadReport } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast';
import { FileDropZone } from '../../../../components/upload/file-drop-zone';
import { UploadReport } from '../../../../components/upload/upload-report';
import { FileList } from '../../../../components/upload/file-list';
import { UploadEstimate } from '../../../../components/upload/upload-estimate';
import { useChosenFiles } from '../../../../components/upload/use-chosen-files';
import { serverMessage } from '../../../../lib/api-errors';
import { refusedReport } from '../../../../lib/upload-report';
import { useUploadLocations } from '../../api/upload-locations';
import { useProjectDetail } from '../../api/get-project-detail';
import { useProjectSettings } from '../../api/get-project-settings';
import { UploadModelSelect, useUploadModel } from '../../../../components/upload/upload-model';
import { UploadPromptField, useUploadPrompt } from '../../../../components/upload/upload-prompt';
import { MetaTagsField, useMetaTags } from './meta-tags-field';
import { SampleDownload } from './sample-download';

/** The project's service-city pages setting and services, while the setting is on. */
function useUploadServicePages(projectId: string) {
  const setting = useProjectSettings(projectId).data?.servicePages;
  const pages = useProjectDetail(projectId).data?.servicePages;
  return useMemo(
    () =>
      setting?.enabled && pages?.length
        ? { setting, services: pages.map((p) => ({ id: p.id, name: p.name, slug: p.slug })) }
        : undefined,
    [setting, pages],
  );
}

// 'Upload Failed - Failed to upload files. Please try again.' as a toast title and message.
const [FAILED_TITLE, FAILED_TEXT] = MSG.uploadFailed.split(' - ') as [string, string];

/**
 * The upload form of "Upload File to Create City Pages". A failed upload keeps the chosen
 * files and fields so the owner can fix what the server named and send again.
 */
export function CityUploadForm({
  projectId,
  metaTagsTemplate,
  onUploaded,
  onCancel,
}: {
  projectId: string;
  metaTagsTemplate: string;
  onUploaded: (report: TUploadReport) => void;
  onCancel: () => void;
}) {
  const upload = useUploadLocations(projectId);
  const chosen = useChosenFiles();
  const model = useUploadModel();
  const prompt = useUploadPrompt();
  const metaTags = useMetaTags(metaTagsTemplate);
  // An upload none of whose rows became a city: the rows' reasons, to fix the file by.
  const [refused, setRefused] = useState<TUploadReport | null>(null);
  const busy = upload.isPending;
  const servicePages = useUploadServicePages(projectId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.files.length === 0) return void toast.warning(MSG.noFilesSelected);
    const modelId = model.check();
    if (!modelId) return;
    setRefused(null);
    try {
      const report = await upload.mutateAsync({
        files: chosen.files,
        ...prompt.sent,
        model: modelId,
        ...metaTags.sent,
      });
      toast.success(MSG.uploadComplete);
      onUploaded(report);
    } catch (error) {
      model.refused(error);
      setRefused(refusedReport(error));
      toast.error(FAILED_TITLE, { message: serverMessage(error) ?? FAILED_TEXT });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-4">
      <FileDropZone onFiles={chosen.add} disabled={busy} />
      <FileList files={chosen.files} onRemove={chosen.remove} disabled={busy} />
      <SampleDownload />
      <UploadModelSelect choice={model} disabled={busy} />
      <UploadEstimate
        files={chosen.files}
        model={model.model}
        project={projectId}
        servicePages={servicePages}
      />
      <UploadPromptField
        state={prompt}
        label="AI Processing Instructions (optional)"
        placeholder="e.g. Mention 24/7 emergency service and local permits in every city page."
        note="Cities of the file that already have a page are written again with these instructions."
        disabled={busy}
      />
      <MetaTagsField choice={metaTags} disabled={busy} />
      {refused && <UploadReport report={refused} refused />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}
