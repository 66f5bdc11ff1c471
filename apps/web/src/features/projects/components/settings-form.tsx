import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { MSG, ZUpdateProjectSettings } from '@cityforge/shared';
import type { TProjectSettings } from '@cityforge/shared';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/input';
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

/** The two settings cards and their save. */
export function SettingsForm({
  projectId,
  settings,
  createdAt,
}: {
  projectId: string;
  settings: TProjectSettings;
  createdAt: string | undefined;
}) {
  const update = useUpdateProjectSettings(projectId);
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZUpdateProjectSettings),
    defaultValues: { ...settings },
  });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await update.mutateAsync(values);
      toast.success(MSG.settingsUpdated, { message: '' });
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors))
          if (isField(field)) setError(field, { message });
      }
      toast.error(MSG.updateSettingsFailed, { message: '' });
      setBanner(errorMessage(error, MSG.updateSettingsFailed));
    }
  });

  const busy = update.isPending;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-6">
      {banner ? (
        <Alert
          variant="error"
          title={MSG.updateSettingsFailed}
          testId="settings-error"
          action={
            <Button
              variant="ghost"
              size="icon"
              aria-label="Dismiss error"
              onClick={() => setBanner(null)}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          }
        >
          {banner}
        </Alert>
      ) : null}
      <Card>
        <CardHeader title="Project Settings" description="How visitors reach the business." />
        <CardBody className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone no."
            type="tel"
            autoComplete="tel"
            error={errors.contactPhoneNumber?.message}
            {...register('contactPhoneNumber')}
          />
          <TextField
            label="Client Domain"
            placeholder="example.com"
            spellCheck={false}
            hint={MSG.domainHint}
            containerClassName="sm:col-span-2"
            error={errors.clientDomain?.message}
            {...register('clientDomain')}
          />
        </CardBody>
      </Card>
      <SearchSettings control={control} errors={errors} />
      <ReleaseSettings plan={settings.release} control={control} errors={errors} />
      <ServicePagesSettings projectId={projectId} control={control} />
      <SpendingSettings projectId={projectId} control={control} errors={errors} />
      <Card>
        <CardHeader
          title="Additional Settings"
          description="Meta tags and tracking codes apply to every generated page."
        />
        <CardBody className="space-y-5">
          <TextAreaField
            label="Meta Tags"
            rows={4}
            className={mono}
            hint="Variables: {city}, {state_id}, {state_name}, {zips}, {service}"
            error={errors.metaTags?.message}
            {...register('metaTags')}
          />
          <TextAreaField
            label="Tracking code head"
            rows={4}
            className={mono}
            spellCheck={false}
            error={errors.trackingCodeHead?.message}
            {...register('trackingCodeHead')}
          />
          <TextAreaField
            label="Tracking code body"
            rows={4}
            className={mono}
            spellCheck={false}
            error={errors.trackingCodeBody?.message}
            {...register('trackingCodeBody')}
          />
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
    </form>
  );
}
