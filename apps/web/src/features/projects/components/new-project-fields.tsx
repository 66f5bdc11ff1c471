import { useWatch } from 'react-hook-form';
import { SwitchController } from '../../../components/forms/switch-controller';
import type { UseFormReturn } from 'react-hook-form';
import { MSG } from '@cityforge/shared';
import { RunEstimate } from '../../../components/estimate/run-estimate';
import { FormTextArea, FormTextField } from '../../../components/forms/form-field';
import { ModelSelect } from '../../../components/ui/model-select';
import type { useAiModels } from '../../../lib/ai-models';
import { newProjectRun } from '../new-project-run';
import type { NewProjectIn, NewProjectOut } from '../use-new-project-form';

type Form = UseFormReturn<NewProjectIn, unknown, NewProjectOut>;

/** Create Project's fields, and what writing the new project's pages would cost. */
export function NewProjectFields({
  form,
  models,
}: {
  form: Form;
  models: ReturnType<typeof useAiModels>;
}) {
  const { register, control } = form;
  const errors = form.formState.errors;
  const [model, servicePages] = useWatch({ control, name: ['model', 'createServicePages'] });
  const run = newProjectRun(!!servicePages);
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField form={form} name="name" label="Name" />
        <FormTextField
          form={form}
          name="serviceType"
          label="Service type"
          placeholder="e.g. Roofing"
        />
      </div>
      <ModelSelect
        models={models.data}
        loading={models.isPending}
        failed={models.isError}
        error={errors.model?.message}
        {...register('model')}
      />
      <FormTextArea
        form={form}
        name="prompt"
        label="Prompt"
        rows={5}
        placeholder="What the business does, where, its tone and what makes it stand out."
      />
      <ContactFields form={form} />
      <SwitchController
        control={control}
        name="createServicePages"
        label="Create service pages"
        description="Also generate one page per service the business offers."
        className="rounded-lg border border-zinc-200 px-4 py-3"
      />
      <RunEstimate model={model ?? ''} parts={run.parts} what={run.what} />
    </>
  );
}

/** How the business is reached: phone and email, and the domain its site will live on. */
function ContactFields({ form }: { form: Form }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          form={form}
          name="contactPhoneNumber"
          label="Contact phone number"
          type="tel"
          autoComplete="tel"
        />
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
      </div>
      <FormTextField
        form={form}
        name="clientDomain"
        label="Client domain"
        placeholder="example.com"
        hint={MSG.domainHint}
        spellCheck={false}
      />
    </>
  );
}
