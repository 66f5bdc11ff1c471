import { useEffect, useState, type FormEvent } from 'react';
import { FileSpreadsheet, RefreshCw, Unlink } from 'lucide-react';
import {
  SHEET_SCHEDULES,
  ZSheetLinkInput,
  type TSheetLink,
  type TSheetSchedule,
} from '@cityforge/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextField } from '../../../../components/ui/input';
import { ChoiceField } from '../../../../components/ui/select';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format';
import { useGoogleStatus } from '../../../profile/api/google';
import { useSheetLink } from '../../api/get-sheet-link';
import { useSheetRuns } from '../../api/get-sheet-runs';
import { useSaveSheetLink } from '../../api/save-sheet-link';
import { useSyncSheet } from '../../api/sync-sheet';
import { useUnlinkSheet } from '../../api/unlink-sheet';
import { SheetRuns, SyncReport } from './sheet-runs';

const SHARED_SHEET_HINT =
  'A Google Sheet shared with anyone who has the link (any tab), or an https link to a CSV or Excel file.';
// The sheet is read with the project owner's Google connection (their profile's Google card).
const PRIVATE_SHEET_HINT =
  "A Google Sheet shared with anyone who has the link, or a private one the project owner's connected Google account can open (Profile › Google); any tab. Or an https link to a CSV or Excel file.";

const SCHEDULE_LABELS: Record<TSheetSchedule, string> = {
  manual: 'Only when I sync',
  hourly: 'Every hour',
  daily: 'Every day',
};

/** The link's address and schedule; saving links (or re-links) the sheet. */
function LinkForm({ projectId, link }: { projectId: string; link: TSheetLink | null }) {
  const [url, setUrl] = useState(link?.url ?? '');
  const [schedule, setSchedule] = useState<TSheetSchedule>(link?.schedule ?? 'manual');
  const [error, setError] = useState<string>();
  const save = useSaveSheetLink(projectId);
  const google = useGoogleStatus();
  useEffect(() => {
    setUrl(link?.url ?? '');
    setSchedule(link?.schedule ?? 'manual');
  }, [link?.url, link?.schedule]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ZSheetLinkInput.safeParse({ url, schedule });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    try {
      await save.mutateAsync(checked.data);
      toast.success('Sheet linked', { message: 'Sync it now, or let the schedule read it.' });
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fieldErrors : undefined;
      setError(fields?.url ?? errorMessage(failure));
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
      <TextField
        label="Sheet address"
        placeholder="https://docs.google.com/spreadsheets/d/…"
        hint={google.data?.available ? PRIVATE_SHEET_HINT : SHARED_SHEET_HINT}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={error}
        inputMode="url"
      />
      <ChoiceField
        label="Sync"
        choices={SHEET_SCHEDULES}
        display={(s) => SCHEDULE_LABELS[s]}
        value={schedule}
        onChoose={setSchedule}
      />
      <Button type="submit" className="sm:mt-7" disabled={save.isPending}>
        {link ? 'Save link' : 'Link sheet'}
      </Button>
    </form>
  );
}

/** Sync now, or apply a held run: the outcome as a toast; a failure also rejects the call. */
function useSheetSync(projectId: string) {
  const sync = useSyncSheet(projectId);
  async function run(runId?: string) {
    try {
      const answer = await sync.mutateAsync(runId);
      if (answer.status === 'stopped') toast.warning(`Sync stopped - ${answer.message}`);
      else toast.success(`Sheet synced - ${answer.message}`);
    } catch (failure) {
      toast.error(`Sync failed - ${errorMessage(failure)}`);
      throw failure;
    }
  }
  return { run, syncing: sync.isPending };
}
type SheetSync = ReturnType<typeof useSheetSync>;

/**
 * The project's linked sheet: its address and schedule, Sync now, the last report, the runs,
 * and a run the safety stop held, to confirm.
 */
export function LinkedSheet({ projectId, generating }: { projectId: string; generating: boolean }) {
  const link = useSheetLink(projectId);
  const sync = useSheetSync(projectId);
  const current = link.data ?? null;
  return (
    <Card data-testid="linked-sheet">
      <CardHeader
        title="Linked sheet"
        description="Keep this project's cities and their facts in a spreadsheet: each sync adds, updates and removes cities as the sheet says."
        actions={
          current ? (
            <SheetActions projectId={projectId} sync={sync} generating={generating} />
          ) : null
        }
      />
      <CardBody className="space-y-5">
        {link.isPending ? null : <LinkForm projectId={projectId} link={current} />}
        {current ? (
          <>
            <SyncTimes link={current} />
            {current.waitingRun ? <WaitingRun run={current.waitingRun} sync={sync} /> : null}
            <SheetHistory projectId={projectId} link={current} />
          </>
        ) : (
          <p className="flex items-center gap-2 text-sm text-zinc-500">
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            No sheet is linked yet.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/** Sync now (not while the project generates) and Unlink. */
function SheetActions({
  projectId,
  sync,
  generating,
}: {
  projectId: string;
  sync: SheetSync;
  generating: boolean;
}) {
  const unlink = useUnlinkSheet(projectId);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void sync.run().catch(() => undefined)}
        disabled={sync.syncing || generating}
        title={generating ? 'Wait for the project to finish generating' : undefined}
      >
        <RefreshCw className="size-4" aria-hidden="true" />
        {sync.syncing ? 'Syncing…' : 'Sync now'}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => unlink.mutate()}>
        <Unlink className="size-4" aria-hidden="true" /> Unlink
      </Button>
    </>
  );
}

function SyncTimes({ link }: { link: TSheetLink }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600">
      <span>Last synced: {link.lastSyncAt ? formatDateTime(link.lastSyncAt) : 'not yet'}</span>
      {link.nextSyncAt ? <span>Next sync: {formatDateTime(link.nextSyncAt)}</span> : null}
    </p>
  );
}

type WaitingSheetRun = NonNullable<TSheetLink['waitingRun']>;

/** A run the safety stop held: what it would do, and Apply once the owner has reviewed it. */
function WaitingRun({ run, sync }: { run: WaitingSheetRun; sync: SheetSync }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Alert
        variant="warning"
        title="A sync waits for your confirmation"
        testId="sheet-waiting"
        action={
          <Button size="sm" onClick={() => setConfirming(true)}>
            Review and apply
          </Button>
        }
      >
        {run.message}
      </Alert>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        variant="warning"
        title="Apply this sync?"
        description={
          run.report
            ? `${run.report.removed} cities will be removed with their pages: ${run.report.removedCities.join(', ')}.`
            : run.message
        }
        confirmLabel="Apply sync"
        busyLabel="Applying…"
        onConfirm={() => sync.run(run.id)}
      />
    </>
  );
}

/** The last sync's report and every run. */
function SheetHistory({ projectId, link }: { projectId: string; link: TSheetLink }) {
  const runs = useSheetRuns(projectId, true);
  return (
    <>
      {link.lastReport ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-zinc-800">Last sync</h3>
          <p className="text-sm text-zinc-700">{link.lastReport.message}</p>
          <SyncReport report={link.lastReport} />
        </section>
      ) : null}
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-zinc-800">Runs</h3>
        <SheetRuns runs={runs.data ?? []} />
      </section>
    </>
  );
}
