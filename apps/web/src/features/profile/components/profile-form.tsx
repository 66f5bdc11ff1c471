import { useForm } from 'react-hook-form';
import { MSG, ZUpdateMe } from '@cityforge/shared';
import type { TUser } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-errors';
import { useUpdateMe } from '../api/update-me';
import { buildProfileUpdate, profileDefaults } from '../profile-payload';
import type { ProfileFormValues } from '../profile-payload';
import { KEY_FIELDS, SecretField } from './secret-field';
import { CAP_HINT, CAP_LABEL } from '../../../components/spending/cap-field';

const FORM_FIELDS = [
  'firstName',
  'lastName',
  ...KEY_FIELDS.map((f) => f.name),
  'spendingCapUsd',
] as const;

function isFormField(name: string): name is keyof ProfileFormValues {
  return (FORM_FIELDS as readonly string[]).includes(name);
}

export function ProfileForm({ user, onDone }: { user: TUser; onDone: () => void }) {
  const initial = profileDefaults(user);
  const update = useUpdateMe();
  const withKeys = !user.isSuperuser;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues>({ defaultValues: initial });

  function showErrors(fieldErrors: Partial<Record<string, string>>) {
    for (const [name, message] of Object.entries(fieldErrors)) {
      if (message && isFormField(name)) setError(name, { message });
    }
    toast.error(MSG.profileValidation);
  }

  const onSubmit = handleSubmit(async (values) => {
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

  const busy = update.isPending;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Card>
        <CardHeader
          title="Edit profile"
          description="Your name appears in the app and on invoices."
        />
        <CardBody className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <TextField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            hint={MSG.emailNotEditable}
          />
          {withKeys ? (
            <fieldset className="space-y-5 border-t border-zinc-100 pt-5">
              <legend className="sr-only">API keys</legend>
              <div>
                <h3 className="text-sm font-semibold">API keys</h3>
                <p className="mt-0.5 text-sm text-zinc-500">
                  Stored encrypted and only ever shown masked. Leave a key as it is to keep it, or
                  clear the field to remove it.
                </p>
              </div>
              {KEY_FIELDS.map((field) => (
                <SecretField
                  key={field.name}
                  label={field.label}
                  hint={field.hint}
                  error={errors[field.name]?.message}
                  {...register(field.name)}
                />
              ))}
            </fieldset>
          ) : null}
          <fieldset className="space-y-5 border-t border-zinc-100 pt-5">
            <legend className="sr-only">Spending</legend>
            <div>
              <h3 className="text-sm font-semibold">Spending</h3>
              <p className="mt-0.5 text-sm text-zinc-500">
                The most the AI calls of all your projects may cost in a calendar month.
              </p>
            </div>
            <TextField
              label={CAP_LABEL}
              hint={CAP_HINT}
              inputMode="decimal"
              placeholder="No cap"
              error={errors.spendingCapUsd?.message}
              trailing={<span className="px-2 text-sm text-zinc-500">USD</span>}
              {...register('spendingCapUsd')}
            />
          </fieldset>
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
