import { useState } from 'react';
import { Globe, Pencil } from 'lucide-react';
import { MSG, ZDomain } from '@cityforge/shared';
import type { TProject } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-errors';
import { useAddCustomDomain } from '../api/add-custom-domain';
import { useSetDomain } from '../api/set-domain';
import { hostingLink } from '../../deploys/deployment';

export type GuideFlow = 'card' | 'detail';

/**
 * Guide step 2, "Add Custom Domain": shows the domain with Edit Domain, or the form with the
 * hint, the busy state and Cancel. Saves through POST /domain/; when the site is already on
 * Netlify the domain is attached there too (POST /add-custom-domain/).
 */
export function GuideDomainStep({ project, flow }: { project: TProject; flow: GuideFlow }) {
  const current = project.clientDomain?.trim() ?? '';
  const [editing, setEditing] = useState(!current);
  const [value, setValue] = useState(current);
  const [fieldError, setFieldError] = useState<string>();
  const setDomain = useSetDomain(project.id);
  const attach = useAddCustomDomain(project.id);
  const busy = setDomain.isPending || attach.isPending;

  async function save() {
    if (!value.trim()) {
      toast.warning(MSG.domainRequired, { message: '' });
      return;
    }
    const parsed = ZDomain.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      await setDomain.mutateAsync(parsed.data);
    } catch (error) {
      if (flow === 'card')
        toast.error(MSG.domainUpdateFailedCard, { message: errorMessage(error, '') });
      else toast.error(MSG.domainUpdateFailed);
      return;
    }
    toast.success(MSG.domainUpdatedTitle, { message: MSG.domainUpdated });
    setEditing(false);
    if (!hostingLink(project)) return;
    try {
      await attach.mutateAsync({
        email: project.email,
        client_domain: parsed.data,
        contact_phone_number: project.contactPhoneNumber,
      });
    } catch (error) {
      toast.error(MSG.addCustomDomainFailed, { message: errorMessage(error, '') });
    }
  }

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3">
        <div className="flex min-w-0 items-center gap-2">
          <Globe className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
          <span className="truncate font-medium" data-testid="guide-domain">
            {current}
          </span>
          <Badge variant={project.isDomainVerified ? 'success' : 'warning'}>
            {project.isDomainVerified ? 'Verified' : 'Not verified'}
          </Badge>
        </div>
        <Button
          size="sm"
          variant="outline"
          icon={<Pencil className="size-3.5" aria-hidden="true" />}
          onClick={() => {
            setValue(current);
            setEditing(true);
          }}
        >
          Edit Domain
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        label="Domain name"
        placeholder="example.com"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        hint={MSG.domainHint}
        error={fieldError}
        disabled={busy}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {busy ? 'Updating...' : 'Update Domain'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => {
            setValue(current);
            setFieldError(undefined);
            if (current) setEditing(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
