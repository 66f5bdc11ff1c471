import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { MSG, ZUpdateProjectSettings } from '@cityforge/shared';
import type { TProjectSettings } from '@cityforge/shared';
import type { z } from 'zod';
import { FormTextArea, FormTextField } from '../../../components/forms/form-field';
import type { FieldForm } from '../../../components/forms/form-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useUpdateProjectSettings } from '../api/update-project-settings';
import { SearchSettings } from './search-settings';
import { ReleaseSettings } from '../../releases/components/release-settings';
import { SpendingSettings } from './spending-settings';
import { ServicePagesSettings } from './service-pages-settings';

type FormIn = z.input<typeof ZUpdateProjectSettings>;
type FormOut = z.output<typeof ZUpdateProjectSettings>;
const FIELDS = Object.keys(ZUpdateProjectSettings.shape) as (keyof FormIn)[];

function isField(name: string): name is keyof FormIn {
  return (FIELDS as string[]).includes(name);
}

const mono = 'font-mono text-xs';

/** The settings' form and its save: server field errors on their fields, the rest in a banner. */
function useSettingsForm(projectId: string, settings: TProjectSettings) {
  const update = useUpdateProjectSettings(projectId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZUpdateProjectSettings),
    defaultValues: { ...settings },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await update.mutateAsync(values);
      toast.success(MSG.settingsUpdated, { message: '' });
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors))
          if (isField(field)) form.setError(field, { message });
      }
      toast.error(MSG.updateSettingsFailed, { message: '' });
      setBanner(errorMessage(error, MSG.updateSettingsFailed));
    }
  });
  return { form, banner, setBanner, onSubmit, busy: update.isPending };
}

/** The settings' cards and their save. */
export function SettingsForm({
  projectId,
  settings,
  createdAt,
}: {
  projectId: string;
  settings: TProjectSettings;
  createdAt: string | undefined;
}) {
  const { form, banner, setBanner, onSubmit, busy } = useSettingsForm(projectId, settings);
  const { control, formState } = form;
  const errors = formState.errors;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-6">
      {banner ? <SaveFailed message={banner} onDismiss={() => setBanner(null)} /> : null}
      <ContactCard form={form} />
      <SearchSettings control={control} errors={errors} />
      <ReleaseSettings plan={settings.release} control={control} errors={errors} />
      <ServicePagesSettings projectId={projectId} control={control} />
      <SpendingSettings projectId={projectId} control={control} errors={errors} />
      <AdditionalCard form={form} createdAt={createdAt} busy={busy} />
    </form>
  );
}

/** Why the last save failed, until the owner dismisses it or saves again. */
function SaveFailed({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert
      variant="error"
      title={MSG.updateSettingsFailed}
      testId="settings-error"
      action={
        <Button variant="ghost" size="icon" aria-label="Dismiss error" onClick={onDismiss}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** How visitors reach the business: e-mail, phone and the site's domain. */
function ContactCard({ form }: { form: FieldForm<FormIn> }) {
  return (
    <Card>
      <CardHeader title="Project Settings" description="How visitors reach the business." />
      <CardBody className="grid gap-5 sm:grid-cols-2">
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          form={form}
          name="contactPhoneNumber"
          label="Phone no."
          type="tel"
          autoComplete="tel"
        />
        <FormTextField
          form={form}
          name="clientDomain"
          label="Client Domain"
          placeholder="example.com"
          spellCheck={false}
          hint={MSG.domainHint}
          containerClassName="sm:col-span-2"
        />
      </CardBody>
    </Card>
  );
}

/** Meta tags and tracking codes for every page, the versions, and the save. */
function AdditionalCard({
  form,
  createdAt,
  busy,
}: {
  form: FieldForm<FormIn>;
  createdAt: string | undefined;
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader
        title="Additional Settings"
        description="Meta tags and tracking codes apply to every generated page."
      />
      <CardBody className="space-y-5">
        <FormTextArea
          form={form}
          name="metaTags"
          label="Meta Tags"
          rows={4}
          className={mono}
          hint="Variables: {city}, {state_id}, {state_name}, {zips}, {service}"
        />
        <TrackingCode form={form} name="trackingCodeHead" label="Tracking code head" />
        <TrackingCode form={form} name="trackingCodeBody" label="Tracking code body" />
        <div>
          <h3 className="text-sm font-medium text-zinc-800">Versions</h3>
          <p
            className="mt-1.5 flex items-center justify-between rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm"
            data-testid="settings-version"
          >
            <span className="font-medium">Default</span>
            <span className="text-zinc-500">{formatDate(createdAt)}</span>
          </p>
        </div>
      </CardBody>
      <CardFooter>
        <Button type="submit" loading={busy}>
          {busy ? 'Saving...' : 'Save Settings'}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** A snippet pasted into every page's head or body, as written (no spelling marks). */
function TrackingCode({
  form,
  name,
  label,
}: {
  form: FieldForm<FormIn>;
  name: 'trackingCodeHead' | 'trackingCodeBody';
  label: string;
}) {
  return (
    <FormTextArea
      form={form}
      name={name}
      label={label}
      rows={4}
      className={mono}
      spellCheck={false}
    />
  );
}
