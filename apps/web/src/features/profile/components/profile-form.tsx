import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { MSG, ZUpdateMe } from '@cityforge/shared';
import type { TUser } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../../components/ui/card';
import { FormTextField } from '../../../components/forms/form-field';
import type { FieldForm } from '../../../components/forms/form-field';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-errors';
import { useUpdateMe } from '../api/update-me';
import { buildProfileUpdate, profileDefaults } from '../profile-payload';
import type { ProfileFormValues } from '../profile-payload';
import { KEY_FIELDS, SecretField } from './secret-field';
import { CAP_INPUT } from '../../../components/spending/cap-field';

const FORM_FIELDS = [
  'firstName',
  'lastName',
  ...KEY_FIELDS.map((f) => f.name),
  'spendingCapUsd',
] as const;

function isFormField(name: string): name is keyof ProfileFormValues {
  return (FORM_FIELDS as readonly string[]).includes(name);
}

/** The profile's form and its save: checked here first, then by the server, errors on fields. */
function useProfileForm(user: TUser, onDone: () => void) {
  const initial = profileDefaults(user);
  const update = useUpdateMe();
  const withKeys = !user.isSuperuser;
  const form = useForm<ProfileFormValues>({ defaultValues: initial });

  function showErrors(fieldErrors: Partial<Record<string, string>>) {
    for (const [name, message] of Object.entries(fieldErrors)) {
      if (message && isFormField(name)) form.setError(name, { message });
    }
    toast.error(MSG.profileValidation);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const { payload, errors: local } = buildProfileUpdate(initial, values, withKeys);
    const parsed = ZUpdateMe.safeParse(payload);
    const issues: Record<string, string> = { ...local };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) issues[String(issue.path[0])] ??= issue.message;
    }
    if (Object.keys(issues).length > 0) return showErrors(issues);
    try {
      await update.mutateAsync(payload);
      toast.success(MSG.profileUpdated, { message: '' });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.isValidation && error.fieldErrors)
        showErrors(error.fieldErrors);
      else toast.error(MSG.profileUpdateFailed);
    }
  });
  return { form, onSubmit, withKeys, busy: update.isPending };
}

export function ProfileForm({ user, onDone }: { user: TUser; onDone: () => void }) {
  const { form, onSubmit, withKeys, busy } = useProfileForm(user, onDone);
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Card>
        <CardHeader
          title="Edit profile"
          description="Your name appears in the app and on invoices."
        />
        <CardBody className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormTextField
              form={form}
              name="firstName"
              label="First name"
              autoComplete="given-name"
            />
            <FormTextField
              form={form}
              name="lastName"
              label="Last name"
              autoComplete="family-name"
            />
          </div>
          <TextField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            hint={MSG.emailNotEditable}
          />
          {withKeys ? <KeyFields form={form} /> : null}
          <FormSection
            title="Spending"
            description="The most the AI calls of all your projects may cost in a calendar month."
          >
            <FormTextField form={form} name="spendingCapUsd" {...CAP_INPUT} />
          </FormSection>
        </CardBody>
        <CardFooter>
          <Button variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {busy ? 'Saving...' : 'Save changes'}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

/** The user's own API keys, each masked until shown. */
function KeyFields({ form }: { form: FieldForm<ProfileFormValues> }) {
  const errors = form.formState.errors;
  return (
    <FormSection
      title="API keys"
      description="Stored encrypted and only ever shown masked. Leave a key as it is to keep it, or clear the field to remove it."
    >
      {KEY_FIELDS.map((field) => (
        <SecretField
          key={field.name}
          label={field.label}
          hint={field.hint}
          error={errors[field.name]?.message}
          {...form.register(field.name)}
        />
      ))}
    </FormSection>
  );
}

/** A titled part of the form below a rule; the title also names the group for screen readers. */
function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-5 border-t border-zinc-100 pt-5">
      <legend className="sr-only">{title}</legend>
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="mt-0.5 text-sm text-zinc-500">{description}</p>
      </div>
      {children}
    </fieldset>
  );
}
