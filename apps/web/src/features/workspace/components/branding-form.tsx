import { useState, type FormEvent } from 'react';
import type { TBranding } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { SwitchField } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { errorMessage, fieldErrorLines, isApiError } from '../../../lib/api';
import { useUpdateBranding } from '../api/workspace';

/**
 * The brand the workspace's clients see, in the app and in their e-mails: its name, logo (an
 * https address), accent colour, and whether "Powered by" shows (paid plans may hide it).
 */
export function BrandingForm({
  workspaceId,
  branding,
  canEdit,
}: {
  workspaceId: string;
  branding: TBranding;
  canEdit: boolean;
}) {
  const [name, setName] = useState(branding.name);
  const [logoUrl, setLogoUrl] = useState(branding.logoUrl ?? '');
  const [accent, setAccent] = useState(branding.accentColor ?? '');
  const [poweredBy, setPoweredBy] = useState(branding.showPoweredBy);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateBranding(workspaceId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await update.mutateAsync({
        name,
        logoUrl: logoUrl.trim() || null,
        accentColor: accent.trim() || null,
        showPoweredBy: poweredBy,
      });
      toast.success(answer.message, { message: '' });
    } catch (error) {
      const fields = isApiError(error) ? (error.fieldErrors ?? {}) : {};
      setErrors({ ...fields, form: fieldErrorLines(fields).length ? '' : errorMessage(error) });
    }
  };

  return (
    <Card>
      <CardHeader
        title="Branding"
        description="What your clients see: in their view of their projects and in every e-mail sent to them."
      />
      <CardBody>
        <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" data-testid="branding-form">
          <TextField
            label="Workspace name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!canEdit}
            error={errors.name}
          />
          <TextField
            label="Logo address"
            hint="An https:// address of your logo image."
            value={logoUrl}
            onChange={(e) => setLogoUrl(e.target.value)}
            disabled={!canEdit}
            error={errors.logoUrl}
          />
          <TextField
            label="Accent colour"
            hint="As #rrggbb, e.g. #0f766e."
            value={accent}
            onChange={(e) => setAccent(e.target.value)}
            disabled={!canEdit}
            error={errors.accentColor}
          />
          <SwitchField
            label="Show “Powered by CityForge”"
            description={
              branding.canHidePoweredBy
                ? 'A small line under your clients’ view and e-mails.'
                : 'Hiding it is part of the paid plans.'
            }
            checked={poweredBy}
            onCheckedChange={setPoweredBy}
            disabled={!canEdit || !branding.canHidePoweredBy}
          />
          {errors.showPoweredBy || errors.form ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.showPoweredBy ?? errors.form}
            </p>
          ) : null}
          {canEdit ? (
            <Button type="submit" disabled={update.isPending}>
              Save branding
            </Button>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
