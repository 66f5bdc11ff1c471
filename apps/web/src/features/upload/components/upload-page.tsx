import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TUploadReport } from '@cityforge/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardFooter } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { FileDropZone } from '../../../components/upload/file-drop-zone';
import { FileList } from '../../../components/upload/file-list';
import { useChosenFiles } from '../../../components/upload/use-chosen-files';
import { FactColumnsHint } from '../../../components/upload/fact-columns-hint';
import { UploadReport } from '../../../components/upload/upload-report';
import { UploadEstimate } from '../../../components/upload/upload-estimate';
import { UploadModelSelect, useUploadModel } from '../../../components/upload/upload-model';
import { UploadPromptField, useUploadPrompt } from '../../../components/upload/upload-prompt';
import { serverMessage } from '../../../lib/api-errors';
import { refusedReport } from '../../../lib/upload-report';
import { useSimpleUpload } from '../api/simple-upload';
import { ProjectPicker } from './project-picker';
import { ProjectsFormPage } from '../../../components/ui/back-links';

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

/** The simple upload's choices and its send: a report on success, the refused rows on failure. */
function useSimpleUploadForm() {
  const chosen = useChosenFiles({ multiple: false });
  const upload = useSimpleUpload();
  const [project, setProject] = useState<Picked | null>(null);
  const [projectError, setProjectError] = useState<string>();
  const prompt = useUploadPrompt();
  const model = useUploadModel();
  const [done, setDone] = useState<{ report: TUploadReport; project: Picked } | null>(null);
  const [refused, setRefused] = useState<TUploadReport | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = chosen.files[0];
    if (!file) return void toast.warning(MSG.noFilesSelected);
    if (!project) {
      setProjectError('Please select a project.');
      return void toast.warning(MSG.projectRequired);
    }
    const modelId = model.check();
    if (!modelId) return;
    setRefused(null);
    try {
      const report = await upload.mutateAsync({
        file,
        projectId: project.id,
        ...prompt.sent,
        model: modelId,
      });
      toast.success(MSG.uploadComplete);
      setDone({ report, project });
    } catch (error) {
      setRefused(refusedReport(error));
      model.refused(error);
      toast.error(MSG.simpleUploadFailed, { message: serverMessage(error) ?? '' });
    }
  }

  function pickProject(next: Picked | null) {
    setProject(next);
    setProjectError(undefined);
  }

  function again() {
    setDone(null);
    chosen.clear();
    prompt.setPrompt('');
  }
  const busy = upload.isPending;
  return {
    chosen,
    project,
    projectError,
    pickProject,
    prompt,
    model,
    done,
    refused,
    busy,
    submit,
    again,
  };
}
type SimpleUploadForm = ReturnType<typeof useSimpleUploadForm>;

/** /upload — the simple spreadsheet upload. */
export default function UploadPage() {
  const form = useSimpleUploadForm();
  return (
    <ProjectsFormPage
      title="Upload locations"
      description="Add city pages to a project from a spreadsheet of the places it serves."
    >
      {form.done ? (
        <Done report={form.done.report} project={form.done.project} onAgain={form.again} />
      ) : (
        <UploadForm form={form} />
      )}
    </ProjectsFormPage>
  );
}

/** The file, the project it goes to, the model, the optional prompt, and Upload. */
function UploadForm({ form }: { form: SimpleUploadForm }) {
  const { chosen, busy, model, project } = form;
  return (
    <Card>
      <form noValidate onSubmit={(e) => void form.submit(e)}>
        <CardBody className="space-y-5">
          <div className="space-y-2">
            <FileDropZone onFiles={chosen.add} multiple={false} disabled={busy} />
            <FileList files={chosen.files} onRemove={chosen.remove} disabled={busy} />
            <FactColumnsHint />
          </div>
          <ProjectPicker
            value={project}
            error={form.projectError}
            disabled={busy}
            onChange={form.pickProject}
          />
          <UploadModelSelect choice={model} disabled={busy} />
          <UploadEstimate files={chosen.files} model={model.model} project={project?.id} />
          <UploadPromptField
            state={form.prompt}
            label="Prompt (optional)"
            placeholder="e.g. Mention 24/7 emergency service in every city page."
            disabled={busy}
          />
          {form.refused && <UploadReport report={form.refused} refused />}
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={busy}>
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
