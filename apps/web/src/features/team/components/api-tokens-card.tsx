import { useState } from 'react';
import type { FormEvent } from 'react';
import { Copy } from 'lucide-react';
import { MSG, type TCreatedApiToken, type TWorkspace } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/team';

/** The token just made, shown this once with a copy button. */
function NewToken({ created }: { created: TCreatedApiToken }) {
  const copy = () =>
    void navigator.clipboard
      .writeText(created.token)
      .then(() => toast.success('Token copied.'))
      .catch(() => toast.error('Copy failed: select the token and copy it.'));
  return (
    <Alert variant="success" testId="new-api-token">
      <p>{MSG.apiTokenCreated}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="block min-w-0 flex-1 rounded bg-white px-2 py-1.5 text-xs break-all text-zinc-900">
          {created.token}
        </code>
        <Button
          size="sm"
          variant="outline"
          icon={<Copy className="size-4" aria-hidden="true" />}
          onClick={copy}
        >
          Copy
        </Button>
      </div>
    </Alert>
  );
}

/** The caller's personal API tokens in this workspace: create, list, revoke. */
export function ApiTokensCard({ workspace }: { workspace: TWorkspace }) {
  const tokens = useApiTokens(workspace.id, true);
  const create = useCreateApiToken(workspace.id);
  const revoke = useRevokeApiToken(workspace.id);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (res) => {
        setCreated(res);
        setName('');
      },
      onError: (e) => toast.error(errorMessage(e)),
    });
  };
  const list = tokens.data?.data ?? [];

  return (
    <Card>
      <CardHeader
        title="API tokens"
        description={`Scripts use a token as "Authorization: Bearer …": it acts as you, with your role, in ${workspace.name} only.`}
      />
      <CardBody className="space-y-4">
        {created ? <NewToken created={created} /> : null}
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            label="Token name"
            placeholder="Nightly deploy"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" loading={create.isPending} className="sm:mt-6">
            Create token
          </Button>
        </form>
        {list.length === 0 ? (
          <p className="text-sm text-zinc-500">You have no token in this workspace.</p>
        ) : (
          <ul className="divide-y divide-zinc-100" aria-label="API tokens">
            {list.map((token) => (
              <li key={token.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm text-zinc-900">{token.name}</p>
                  <p className="text-xs text-zinc-500">
                    Created {formatDate(token.createdAt)} ·{' '}
                    {token.lastUsedAt
                      ? `last used ${formatDateTime(token.lastUsedAt)}`
                      : 'never used'}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    revoke.mutate(token.id, {
                      onSuccess: (res) => toast.success(res.message),
                      onError: (e) => toast.error(errorMessage(e)),
                    })
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
