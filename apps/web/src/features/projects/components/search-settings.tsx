import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { QUALITY_GATE_DEFAULTS, type ZUpdateProjectSettings } from '@cityforge/shared';
import type { z } from 'zod';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { SwitchController } from '../../../components/forms/switch-controller';

type FormIn = z.input<typeof ZUpdateProjectSettings>;
type GateField = 'maxSimilarity' | 'minLocalShare' | 'minWords';

/** A threshold as a number field; shares are shown in percent, stored as 0-1. */
function ThresholdField({
  control,
  name,
  label,
  hint,
  percent,
  error,
}: {
  control: Control<FormIn>;
  name: GateField;
  label: string;
  hint: string;
  percent: boolean;
  error?: string;
}) {
  const scale = percent ? 100 : 1;
  return (
    <Controller
      control={control}
      name={`qualityGate.${name}`}
      render={({ field: { value, onChange, ...field } }) => (
        <TextField
          label={label}
          hint={hint}
          type="number"
          inputMode="numeric"
          min={0}
          max={percent ? 100 : 5000}
          step={1}
          error={error}
          {...field}
          value={typeof value === 'number' ? String(Math.round(value * scale)) : ''}
          // Empty puts the threshold back on its default (null).
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value) / scale)}
          trailing={percent ? <span className="px-2 text-sm text-zinc-500">%</span> : undefined}
        />
      )}
    />
  );
}

/**
 * What search engines are shown. The quality gate's switch and thresholds (pages
 * below it go out noindex, out of the sitemap), and whether IndexNow hears of each deploy.
 */
export function SearchSettings({
  control,
  errors,
}: {
  control: Control<FormIn>;
  errors: FieldErrors<FormIn>;
}) {
  const gateErrors = errors.qualityGate;
  const d = QUALITY_GATE_DEFAULTS;
  return (
    <Card>
      <CardHeader
        title="Search Engines"
        description="City pages below the quality gate are published with noindex and left out of the sitemap until you regenerate or approve them."
      />
      <CardBody className="space-y-5">
        <SwitchController
          control={control}
          name="qualityGate.enabled"
          unset
          label="Quality gate"
          description="Hold back city pages that read like their siblings, say little about their place or are short."
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <ThresholdField
            control={control}
            name="maxSimilarity"
            label="Most alike a sibling"
            hint={`Default ${Math.round(d.maxSimilarity * 100)}%`}
            percent
            error={gateErrors?.maxSimilarity?.message}
          />
          <ThresholdField
            control={control}
            name="minLocalShare"
            label="Least local sentences"
            hint={`Default ${Math.round(d.minLocalShare * 100)}%`}
            percent
            error={gateErrors?.minLocalShare?.message}
          />
          <ThresholdField
            control={control}
            name="minWords"
            label="Least words"
            hint={`Default ${d.minWords}`}
            percent={false}
            error={gateErrors?.minWords?.message}
          />
        </div>
        <SwitchController
          control={control}
          name="indexNow"
          unset
          label="Tell IndexNow what changed"
          description="On each deploy to a verified custom domain, the added, changed and removed pages are sent to IndexNow (Bing, Yandex and others)."
        />
        <SwitchController
          control={control}
          name="requireClientApproval"
          label="Require client approval before publishing"
          description="Each deploy publishes only the pages your client approved; the others go out like pages below the quality gate (noindex, out of the sitemap) until approved."
        />
      </CardBody>
    </Card>
  );
}
