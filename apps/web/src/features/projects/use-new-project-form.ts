import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_MODEL_ID, MSG, ZCreateProject } from '@cityforge/shared';
import type { z } from 'zod';
import { toast } from '../../components/ui/toast';
import { useAiModels } from '../../lib/ai-models';
import { useCreateProject } from './api/create-project';
import { createFailure, defaultModelId } from './project-rules';

export type NewProjectIn = z.input<typeof ZCreateProject>;
export type NewProjectOut = z.output<typeof ZCreateProject>;

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

const EMPTY: NewProjectIn = {
  name: '',
  serviceType: '',
  model: DEFAULT_MODEL_ID,
  prompt: '',
  contactPhoneNumber: '',
  email: '',
  clientDomain: '',
  createServicePages: false,
};

/**
 * The Create Project form: the AI models to pick from (the default one preselected once they
 * arrive), and a submit that creates the project and goes back to the list, or puts the
 * server's complaints on their fields and in toasts.
 */
export function useNewProjectForm() {
  const navigate = useNavigate();
  const models = useAiModels();
  const create = useCreateProject();
  const form = useForm<NewProjectIn, unknown, NewProjectOut>({
    resolver: zodResolver(ZCreateProject),
    defaultValues: EMPTY,
  });
  const { getFieldState, setValue, setError } = form;

  useEffect(() => {
    if (models.data && !getFieldState('model').isDirty)
      setValue('model', defaultModelId(models.data));
  }, [models.data, getFieldState, setValue]);

  const onSubmit = form.handleSubmit(async (values) => {
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

  return { form, models, onSubmit, busy: create.isPending };
}
