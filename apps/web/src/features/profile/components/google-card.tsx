import { useState } from 'react';
import type { TGoogleStatus } from '@cityforge/shared';
import { useSearchParams } from 'react-router';
import { Sheet } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useConnectGoogle, useDisconnectGoogle, useGoogleStatus } from '../api/google';
import { googleOutcome } from '../google-outcome';
import { IconTitle } from './icon-title';

/**
 * The account's Google connection, for linked Google Sheets that are not shared publicly:
 * connect (Google's consent screen, then back here with the outcome) or disconnect. Shown
 * only where the server offers Google.
 */
export function GoogleCard() {
  const status = useGoogleStatus();
  if (!status.data?.available) return null;
  return (
    <Card data-testid="google-card">
      <CardHeader
        title={<IconTitle icon={Sheet}>Google Sheets</IconTitle>}
        description="Connect Google to link sheets that are not shared publicly. CityForge only reads your spreadsheets."
      />
      <CardBody className="space-y-4">
        <GoogleOutcome />
        <GoogleConnection status={status.data} />
      </CardBody>
    </Card>
  );
}

/** What came of a visit to Google's consent screen (`?google=…`), until dismissed. */
function GoogleOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = googleOutcome(params.get('google'));
  if (!outcome) return null;
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete('google');
        return p;
      },
      { replace: true },
    );
  return (
    <Alert
      variant={outcome.variant}
      testId="google-outcome"
      action={
        <Button variant="ghost" size="sm" onClick={dismiss}>
          Dismiss
        </Button>
      }
    >
      {outcome.message}
    </Alert>
  );
}

/** Connected since when, with Disconnect (confirmed first); or not connected, with Connect. */
function GoogleConnection({ status: { connected, connectedAt } }: { status: TGoogleStatus }) {
  const connect = useConnectGoogle();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm" data-testid="google-status">
        {connected ? (
          <>
            <Badge variant="success">Connected</Badge>
            {connectedAt ? (
              <span className="ml-2 text-zinc-500">since {formatDate(connectedAt)}</span>
            ) : null}
          </>
        ) : (
          <span className="text-zinc-500">Not connected</span>
        )}
      </p>
      {connected ? (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Disconnect Google
        </Button>
      ) : (
        <Button
          onClick={() =>
            connect.mutate(undefined, {
              onError: (failure) =>
                toast.error('Google could not be connected', { message: errorMessage(failure) }),
            })
          }
          disabled={connect.isPending}
        >
          Connect Google
        </Button>
      )}
      <DisconnectDialog open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}

function DisconnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnectGoogle();
  async function leave() {
    try {
      await disconnect.mutateAsync();
      toast.success('Google disconnected', { message: 'Its access is revoked.' });
    } catch (failure) {
      toast.error('Google was not disconnected', { message: errorMessage(failure) });
      throw failure;
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Disconnect Google?"
      description="CityForge's access is revoked at Google. Linked sheets that are not shared publicly can no longer be read until you connect again."
      confirmLabel="Disconnect"
      busyLabel="Disconnecting…"
      onConfirm={leave}
    />
  );
}
