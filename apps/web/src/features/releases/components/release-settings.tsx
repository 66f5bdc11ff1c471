import { useEffect, useMemo } from 'react';
import { Controller, useController, type Control, type FieldErrors } from 'react-hook-form';
import type { TReleasePlan, ZUpdateProjectSettings } from '@cityforge/shared';
import type { z } from 'zod';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { SwitchController } from '../../../components/forms/switch-controller';

type FormIn = z.input<typeof ZUpdateProjectSettings>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone the browser knows, the chosen one and the browser's own first. */
function zoneChoices(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, browserZone(), 'UTC', ...known])];
}

/**
 * The staged release's plan. How many city pages go live per day (empty: every page
 * at once), at what time in which zone, and whether the batches are paused. A project that
 * never staged its releases is offered the browser's own zone.
 */
export function ReleaseSettings({
  plan,
  control,
  errors,
}: {
  plan: TReleasePlan;
  control: Control<FormIn>;
  errors: FieldErrors<FormIn>;
}) {
  const release = errors.release;
  const {
    field: { name: zoneName, value: zone, onChange: setZone, onBlur: zoneBlur, ref: zoneRef },
  } = useController({ control, name: 'release.timeZone' });
  const fresh = plan.perDay === null && plan.timeZone === 'UTC';
  useEffect(() => {
    if (fresh) setZone(browserZone());
  }, [fresh, setZone]);
  const zones = useMemo(() => zoneChoices(zone ?? plan.timeZone), [zone, plan.timeZone]);

  return (
    <Card>
      <CardHeader
        title="Staged Release"
        description="Release the city pages in daily batches instead of all at once: each batch is deployed, added to the sitemap and announced to search engines."
      />
      <CardBody className="space-y-5">
        <fieldset className="grid gap-5 sm:grid-cols-3" data-testid="release-settings">
          <legend className="sr-only">Staged release</legend>
          <Controller
            control={control}
            name="release.perDay"
            render={({ field: { value, onChange, ...field } }) => (
              <TextField
                label="Pages per day"
                hint="Empty releases every page at once."
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="All at once"
                error={release?.perDay?.message}
                {...field}
                value={typeof value === 'number' ? String(value) : ''}
                onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
              />
            )}
          />
          <Controller
            control={control}
            name="release.time"
            render={({ field: { value, ...field } }) => (
              <TextField
                label="Release time"
                type="time"
                error={release?.time?.message}
                {...field}
                value={value ?? ''}
              />
            )}
          />
          <SelectField
            label="Time zone"
            error={release?.timeZone?.message}
            name={zoneName}
            ref={zoneRef}
            onBlur={zoneBlur}
            value={zone ?? ''}
            onChange={setZone}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name.replace(/_/g, ' ')}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <SwitchController
          control={control}
          name="release.paused"
          label="Pause releases"
          description="No batch goes out while paused; resuming schedules the next one at the release time."
        />
      </CardBody>
    </Card>
  );
}
