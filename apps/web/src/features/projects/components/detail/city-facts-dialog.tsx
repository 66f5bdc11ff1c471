import { useState } from 'react';
import type { FormEvent } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TCityFacts } from '@cityforge/shared';
import { Alert, RetryAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { LoadingLine } from '../../../../components/ui/spinner';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError, serverMessage } from '../../../../lib/api-errors';
import { useCityFacts, useSaveCityFacts } from '../../api/city-facts';
import { factsBody, factsForm, failedSave, NO_ERRORS } from '../../facts-form';
import { FactRows } from './fact-rows';
import { FactsOverrides } from './facts-overrides';

export interface FactsTarget {
  id: string;
  name: string;
}

/**
 * The form, filled once from what the server holds. A failed save keeps every field as typed
 * and puts the server's message on the field it names.
 */
function FactsEditor({
  projectId,
  city,
  stored,
  onDone,
}: {
  projectId: string;
  city: FactsTarget;
  stored: TCityFacts;
  onDone: () => void;
}) {
  const save = useSaveCityFacts(projectId, city.id);
  const [form, setForm] = useState(() => factsForm(stored));
  const [errors, setErrors] = useState(NO_ERRORS);
  const busy = save.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { body, sent } = factsBody(form);
    try {
      await save.mutateAsync(body);
      setErrors(NO_ERRORS);
      toast.success(MSG.factsSaved);
      onDone();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : undefined;
      setErrors(failedSave(fields, sent, serverMessage(error) ?? errorMessage(error)));
      toast.error(MSG.factsSaveFailed);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
      {stored.changed ? (
        <Alert variant="warning" title="Facts changed since the page was written">
          Rewrite the changed pages (above the city list) for {city.name}&rsquo;s page to carry
          them.
        </Alert>
      ) : null}
      <FactRows
        rows={form.facts}
        errors={errors.rows}
        disabled={busy}
        onChange={(facts) => setForm((f) => ({ ...f, facts }))}
      />
      <FactsOverrides
        city={city.name}
        form={form}
        errors={errors}
        photoNote={stored.photoNote}
        disabled={busy}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
      />
      {errors.other.length ? (
        <Alert variant="error" title="Not saved">
          {errors.other.join(' ')}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? 'Saving...' : 'Save facts'}
        </Button>
      </div>
    </form>
  );
}

function FactsLoader({
  projectId,
  city,
  onDone,
}: {
  projectId: string;
  city: FactsTarget;
  onDone: () => void;
}) {
  const facts = useCityFacts(projectId, city.id);
  if (facts.isPending)
    return <LoadingLine className="mt-5">Loading the facts of {city.name}…</LoadingLine>;
  if (facts.isError)
    return (
      <RetryAlert
        className="mt-5"
        title={MSG.factsLoadFailed}
        onRetry={() => facts.refetch()}
        retryLabel="Try Again"
        retryIcon={<RefreshCw className="size-3.5" aria-hidden="true" />}
      >
        {errorMessage(facts.error, '')}
      </RetryAlert>
    );
  return <FactsEditor projectId={projectId} city={city} stored={facts.data} onDone={onDone} />;
}

/** A city's facts panel, opened from its row: read, edit, add and remove its local proof. */
export function CityFactsDialog({
  projectId,
  city,
  onClose,
}: {
  projectId: string;
  city: FactsTarget | null;
  onClose: () => void;
}) {
  // A save on its way finishes before the panel goes: its answer or its errors have a place.
  const saving = useIsMutating({ mutationKey: ['projects', 'city-facts', projectId] }) > 0;
  return (
    <Dialog open={city !== null} onOpenChange={(open) => (open || saving ? undefined : onClose())}>
      {city ? (
        <DialogContent
          title={`Local proof for ${city.name}`}
          description="First-hand facts make a city page worth indexing; pages without them read alike."
          size="lg"
          className="max-h-[92dvh] overflow-y-auto"
          hideClose={saving}
        >
          <FactsLoader key={city.id} projectId={projectId} city={city} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
