import { useState, type FormEvent } from 'react';
import type { TWorkspaceKeys } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { SecretField } from '../../profile/components/secret-field';
import { useUpdateWorkspaceKeys } from '../api/workspace';
import {
  buildKeysUpdate,
  keysDefaults,
  type WorkspaceKeyName,
  type WorkspaceKeyValues,
} from '../keys-payload';

const FIELDS: { name: WorkspaceKeyName; label: string; hint: string }[] = [
  {
    name: 'netlifyAccessToken',
    label: 'Netlify access token',
    hint: "Publishes the workspace's sites to its Netlify account.",
  },
  {
    name: 'openRouterApiKey',
    label: 'OpenRouter API key',
    hint: 'Pays for the AI models that write the pages.',
  },
  { name: 'openAiApiKey', label: 'OpenAI API key', hint: 'Used for image generation.' },
];

/**
 * The keys every project of the workspace uses: its account holder's, shown masked. Owners and
 * admins change them; a field left as shown keeps its key, an emptied one removes it.
 */
export function KeysForm({
  workspaceId,
  keys,
  accountIsYou,
}: {
  workspaceId: string;
  keys: TWorkspaceKeys;
  accountIsYou: boolean;
}) {
  const initial = keysDefaults(keys);
  const [values, setValues] = useState<WorkspaceKeyValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const update = useUpdateWorkspaceKeys(workspaceId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { payload, errors: local } = buildKeysUpdate(initial, values);
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const answer = await update.mutateAsync(payload);
      toast.success(answer.message);
      setValues(keysDefaults(answer.data));
    } catch (error) {
      const fields = isApiError(error) ? (error.fieldErrors ?? {}) : {};
      setErrors({ ...fields, form: Object.keys(fields).length ? undefined : errorMessage(error) });
    }
  };

  return (
    <Card>
      <CardHeader
        title="Keys"
        description={
          accountIsYou
            ? 'The keys every project of this workspace uses. They are your account’s: your profile shows the same ones.'
            : 'The keys every project of this workspace uses: its account holder’s, who pays the providers.'
        }
      />
      <CardBody>
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="space-y-4"
          data-testid="workspace-keys-form"
        >
          {FIELDS.map((field) => (
            <SecretField
              key={field.name}
              label={field.label}
              hint={field.hint}
              value={values[field.name]}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={errors[field.name]}
            />
          ))}
          {errors.form ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" loading={update.isPending}>
            Save keys
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
