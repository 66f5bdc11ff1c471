import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TUploadReport } from '@cityforge/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, PageHeader } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/input';
import { ReplaceEditsTick } from '../../../components/regeneration/replace-edits-tick';
import { toast } from '../../../components/ui/toast';
import { FileDropZone } from '../../../components/upload/file-drop-zone';
import { FileList } from '../../../components/upload/file-list';
import { useChosenFiles } from '../../../components/upload/use-chosen-files';
import { FactColumnsHint } from '../../../components/upload/fact-columns-hint';
import { UploadReport } from '../../../components/upload/upload-report';
import { UploadEstimate } from '../../../components/upload/upload-estimate';
import { ModelSelect } from '../../../components/ui/model-select';
import { isApiError, serverMessage } from '../../../lib/api-errors';
import { uploadDefaultModel, useAiModels } from '../../../lib/ai-models';
import { refusedReport } from '../../../lib/upload-report';
import { useSimpleUpload } from '../api/simple-upload';
import { ProjectPicker } from './project-picker';

type Picked = { id: string; name: string };

function Done({
  report,
  project,
  onAgain,
}: {
  report: TUploadReport;
  project: Picked;
  onAgain: () => void;
}) {
  return (
    <Card>
      <CardBody>
        <UploadReport report={report} />
      </CardBody>
      <CardFooter>
        <Button variant="outline" onClick={onAgain}>
          Upload another file
        </Button>
        <Link
          to={`/project/${encodeURIComponent(project.id)}/detail`}
          className={buttonClasses('primary')}
        >
          Open {project.name} <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}

/** /upload — the simple spreadsheet upload. */
export default function UploadPage() {
  const chosen = useChosenFiles({ multiple: false });
  const upload = useSimpleUpload();
  const [project, setProject] = useState<Picked | null>(null);
  const [projectError, setProjectError] = useState<string>();
  const [prompt, setPrompt] = useState('');
  const [replaceEdits, setReplaceEdits] = useState(false);
  const models = useAiModels();
  const [picked, setPicked] = useState<string | null>(null);
  const [modelError, setModelError] = useState<string>();
  // Preselected as the spec says (a Claude 3.7 Sonnet), or the first model the user can use.
  const model = picked ?? uploadDefaultModel(models.data ?? []);
  const [done, setDone] = useState<{ report: TUploadReport; project: Picked } | null>(null);
  const [refused, setRefused] = useState<TUploadReport | null>(null);
  const busy = upload.isPending;
  const file = chosen.files[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      toast.warning(MSG.noFilesSelected);
      return;
    }
    if (!project) {
      setProjectError('Please select a project.');
      toast.warning(MSG.projectRequired);
      return;
    }
    if (!model) {
      setModelError(MSG.modelRequired);
      toast.warning(MSG.modelRequiredToast);
      return;
    }
    setRefused(null);
    try {
      const report = await upload.mutateAsync({
        file,
        projectId: project.id,
        prompt: prompt.trim(),
        model,
        replaceEdits: replaceEdits && prompt.trim() !== '',
      });
      toast.success(MSG.uploadComplete);
      setDone({ report, project });
    } catch (error) {
      setRefused(refusedReport(error));
      const fieldModel = isApiError(error) ? error.fieldErrors?.model : undefined;
      if (fieldModel) setModelError(fieldModel);
      toast.error(MSG.simpleUploadFailed, { message: serverMessage(error) ?? '' });
    }
  }

  function again() {
    setDone(null);
    chosen.clear();
    setPrompt('');
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Upload locations"
        description="Add city pages to a project from a spreadsheet of the places it serves."
        back={
          <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
          </Link>
        }
      />
      {done ? (
        <Done report={done.report} project={done.project} onAgain={again} />
      ) : (
        <Card>
          <form noValidate onSubmit={(e) => void submit(e)}>
            <CardBody className="space-y-5">
              <div className="space-y-2">
                <FileDropZone onFiles={chosen.add} multiple={false} disabled={busy} />
                <FileList files={chosen.files} onRemove={chosen.remove} disabled={busy} />
                <FactColumnsHint />
              </div>
              <ProjectPicker
                value={project}
                error={projectError}
                disabled={busy}
                onChange={(next) => {
                  setProject(next);
                  setProjectError(undefined);
                }}
              />
              <ModelSelect
                models={models.data}
                loading={models.isPending}
                failed={models.isError}
                placeholder="Select a model"
                value={model}
                error={modelError}
                disabled={busy || models.isPending}
                required
                onChange={(e) => {
                  setPicked(e.target.value);
                  setModelError(undefined);
                }}
              />
              <UploadEstimate files={chosen.files} model={model} project={project?.id} />
              <TextAreaField
                label="Prompt (optional)"
                rows={3}
                placeholder="e.g. Mention 24/7 emergency service in every city page."
                value={prompt}
                disabled={busy}
                onChange={(e) => setPrompt(e.target.value)}
              />
              {prompt.trim() ? (
                <ReplaceEditsTick
                  checked={replaceEdits}
                  onChange={setReplaceEdits}
                  disabled={busy}
                  showHint
                />
              ) : null}
              {refused && <UploadReport report={refused} refused />}
            </CardBody>
            <CardFooter>
              <Button type="submit" loading={busy}>
                {busy ? 'Uploading...' : 'Upload'}
              </Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </div>
  );
}
