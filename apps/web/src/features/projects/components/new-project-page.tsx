import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import {
  DEFAULT_MODEL_ID,
  MSG,
  NEW_PROJECT_SERVICE_PAGES,
  ZCreateProject,
} from '@cityforge/shared';
import type { z } from 'zod';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, PageHeader } from '../../../components/ui/card';
import { RunEstimate } from '../../../components/estimate/run-estimate';
import { TextAreaField, TextField } from '../../../components/ui/input';
import { SwitchField } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { useAiModels } from '../../../lib/ai-models';
import type { RunPart } from '../../../lib/ai-estimate';
import { useCreateProject } from '../api/create-project';
import { createFailure, defaultModelId } from '../project-rules';
import { ModelSelect } from '../../../components/ui/model-select';

type FormIn = z.input<typeof ZCreateProject>;
type FormOut = z.output<typeof ZCreateProject>;

const FIELDS = [
  'name',
  'serviceType',
  'model',
  'prompt',
  'contactPhoneNumber',
  'email',
  'clientDomain',
  'createServicePages',
] as const;

function isField(name: string): name is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(name);
}

/**
 * The pages a new project writes (generation's initialPages): the homepage, About and Contact,
 * with service pages also Services and one page per service the homepage lists.
 */
function newProjectRun(servicePages: boolean): { parts: RunPart[]; what: string } {
  const main = servicePages ? 3 : 2;
  const parts: RunPart[] = [
    { kind: 'homepage', pages: 1 },
    { kind: 'main', pages: main },
  ];
  if (!servicePages) return { parts, what: `${1 + main} pages` };
  parts.push({ kind: 'service', pages: NEW_PROJECT_SERVICE_PAGES });
  const { low, high } = NEW_PROJECT_SERVICE_PAGES;
  return { parts, what: `${1 + main + low}–${1 + main + high} pages` };
}

/** /projects/new. */
export default function NewProjectPage() {
  const navigate = useNavigate();
  const models = useAiModels();
  const create = useCreateProject();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZCreateProject),
    defaultValues: {
      name: '',
      serviceType: '',
      model: DEFAULT_MODEL_ID,
      prompt: '',
      contactPhoneNumber: '',
      email: '',
      clientDomain: '',
      createServicePages: false,
    },
  });

  // Once the list arrives, preselect the default model (or the first usable one).
  useEffect(() => {
    if (models.data && !getFieldState('model').isDirty)
      setValue('model', defaultModelId(models.data));
  }, [models.data, getFieldState, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(MSG.projectCreated, { message: MSG.projectCreatedMessage });
      void navigate('/projects');
    } catch (error) {
      const failure = createFailure(error);
      for (const [field, message] of Object.entries(failure.fields))
        if (isField(field)) setError(field, { message });
      for (const t of failure.toasts) toast.error(t.title, { message: t.message });
    }
  });

  const busy = create.isPending;
  const [model, servicePages] = useWatch({ control, name: ['model', 'createServicePages'] });
  const run = newProjectRun(!!servicePages);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create Project"
        description="Describe the business; the AI model writes the homepage, main pages and service pages."
        back={
          <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
          </Link>
        }
      />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Card>
          <CardBody className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Name" error={errors.name?.message} {...register('name')} />
              <TextField
                label="Service type"
                placeholder="e.g. Roofing"
                error={errors.serviceType?.message}
                {...register('serviceType')}
              />
            </div>
            <ModelSelect
              models={models.data}
              loading={models.isPending}
              failed={models.isError}
              error={errors.model?.message}
              {...register('model')}
            />
            <TextAreaField
              label="Prompt"
              rows={5}
              placeholder="What the business does, where, its tone and what makes it stand out."
              error={errors.prompt?.message}
              {...register('prompt')}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Contact phone number"
                type="tel"
                autoComplete="tel"
                error={errors.contactPhoneNumber?.message}
                {...register('contactPhoneNumber')}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
            </div>
            <TextField
              label="Client domain"
              placeholder="example.com"
              hint={MSG.domainHint}
              spellCheck={false}
              error={errors.clientDomain?.message}
              {...register('clientDomain')}
            />
            <Controller
              control={control}
              name="createServicePages"
              render={({ field }) => (
                <SwitchField
                  label="Create service pages"
                  description="Also generate one page per service the business offers."
                  checked={!!field.value}
                  onCheckedChange={field.onChange}
                  className="rounded-lg border border-zinc-200 px-4 py-3"
                />
              )}
            />
            <RunEstimate model={model ?? ''} parts={run.parts} what={run.what} />
          </CardBody>
          <CardFooter>
            <Link to="/projects" className={buttonClasses('outline')}>
              Cancel
            </Link>
            <Button type="submit" loading={busy}>
              {busy ? 'Creating...' : 'Create Project'}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </div>
  );
}
