import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH, MSG, ZAdminCreateUser, ZAdminEditUserForm } from '@cityforge/shared';
import type { TAdminEditUserForm, TAdminUser } from '@cityforge/shared';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { FormTextField } from '../../../components/forms/form-field';
import { SwitchController } from '../../../components/forms/switch-controller';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth-store';
import { useCreateAdminUser } from '../api/create-user';
import { useUpdateAdminUser } from '../api/update-user';
import { userLabel } from '../user-display';

/** Every field either mode can show; edit mode never submits the e-mail or passwords. */
interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  adminBypass: boolean;
}
type CreateValues = z.output<typeof ZAdminCreateUser>;
type SubmitValues = CreateValues | TAdminEditUserForm;

// The fields a server error can be shown on, per mode (the switch has no error line).
const ERROR_FIELDS: Record<'create' | 'edit', readonly (keyof UserFormValues)[]> = {
  create: ['firstName', 'lastName', 'email', 'password', 'confirmPassword'],
  edit: ['firstName', 'lastName'],
};

// One form, two contracts: create checks the whole ZAdminCreateUser (with the password match),
// edit only the names and the flag. Both outputs are subsets of the form's values.
const resolvers = {
  create: zodResolver(ZAdminCreateUser) as unknown as Resolver<
    UserFormValues,
    unknown,
    SubmitValues
  >,
  edit: zodResolver(ZAdminEditUserForm) as unknown as Resolver<
    UserFormValues,
    unknown,
    SubmitValues
  >,
};

export type UserFormProps =
  | { mode: 'create'; onOpenChange: (open: boolean) => void }
  | { mode: 'edit'; user: TAdminUser; onOpenChange: (open: boolean) => void };

/** The form's state and its submit: create or update, server field errors on their fields. */
function useUserForm(props: UserFormProps) {
  const { mode, onOpenChange } = props;
  const user = props.mode === 'edit' ? props.user : null;
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const busy = create.isPending || update.isPending;
  // The server refuses it too: a superuser without a plan would be sent away from this screen.
  const { user: me } = useAuth();
  const ownBypass = Boolean(user && me?.id === user.id && user.adminBypass);
  const fields = useForm<UserFormValues, unknown, SubmitValues>({
    resolver: resolvers[mode],
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      password: '',
      confirmPassword: '',
      adminBypass: user?.adminBypass ?? false,
    },
  });

  /** Server field errors go on their fields; true when at least one landed on the form. */
  function placeFieldErrors(error: unknown): boolean {
    if (!isApiError(error) || !error.fieldErrors) return false;
    let placed = false;
    for (const name of ERROR_FIELDS[mode]) {
      const message = error.fieldErrors[name];
      if (!message) continue;
      fields.setError(name, { message }, { shouldFocus: !placed });
      placed = true;
    }
    return placed;
  }

  const onSubmit = fields.handleSubmit(async (values) => {
    try {
      if (user) {
        const { firstName, lastName, adminBypass } = values;
        await update.mutateAsync({ id: user.id, body: { firstName, lastName, adminBypass } });
        toast.success(MSG.userUpdated, { message: '' });
      } else {
        await create.mutateAsync(values as CreateValues);
        toast.success(MSG.userCreated, { message: '' });
      }
      onOpenChange(false);
    } catch (error) {
      // A validation answer belongs to the form; anything else is a toast.
      if (placeFieldErrors(error)) return;
      toast.error('Error', { message: user ? MSG.updateUserFailed : MSG.createUserFailed });
    }
  });
  return { user, busy, ownBypass, fields, onSubmit };
}
type UserForm = ReturnType<typeof useUserForm>;

/** Create User / Edit user (e-mail is never editable: it is the account's sign-in). */
export function UserFormDialog(props: UserFormProps) {
  const { onOpenChange } = props;
  const form = useUserForm(props);
  const { user, busy, fields, onSubmit } = form;
  return (
    <Dialog open onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        title={user ? `Edit ${userLabel(user)}` : 'Create User'}
        description={
          user
            ? 'Change the name or the Admin Bypass flag.'
            : 'The account is ready to use at once; no verification e-mail is sent.'
        }
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="mt-5 space-y-4"
          data-testid="user-form"
          aria-busy={busy || undefined}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField form={fields} name="firstName" label="First name" autoComplete="off" />
            <FormTextField form={fields} name="lastName" label="Last name" autoComplete="off" />
          </div>
          <AccountFields form={form} />
          <AdminBypassField form={form} />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {user ? (busy ? 'Saving...' : 'Save changes') : busy ? 'Creating...' : 'Create User'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The e-mail (read-only when editing) and, on create, the password pair. */
function AccountFields({ form: { user, fields } }: { form: UserForm }) {
  return (
    <>
      {user ? (
        <TextField
          label="Email"
          type="email"
          value={user.email}
          disabled
          readOnly
          hint={MSG.emailNotEditable}
        />
      ) : (
        <>
          <FormTextField form={fields} name="email" label="Email" type="email" autoComplete="off" />
          <NewPasswordFields form={fields} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} />
        </>
      )}
    </>
  );
}

function AdminBypassField({ form: { fields, busy, ownBypass } }: { form: UserForm }) {
  return (
    <SwitchController
      control={fields.control}
      name="adminBypass"
      label="Admin Bypass"
      description={
        ownBypass
          ? 'Your own Admin Bypass stays on: without a plan you would lose administration.'
          : 'Full access without a paid plan.'
      }
      disabled={busy || ownBypass}
      className="rounded-lg border border-zinc-200 p-3"
    />
  );
}
