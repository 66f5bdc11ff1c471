import type { TNotificationPrefs } from '@cityforge/shared';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SwitchField } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useUpdateNotificationPrefs } from '../api/workspace';

const STAFF: Array<{ key: keyof TNotificationPrefs; label: string; description: string }> = [
  {
    key: 'runFinished',
    label: 'A run finished',
    description: 'With the number of pages that failed.',
  },
  { key: 'deployFailed', label: 'A deploy failed', description: 'With what went wrong.' },
  {
    key: 'syncWaiting',
    label: 'A sheet sync waits for confirmation',
    description: 'When a sync would remove many places.',
  },
  {
    key: 'clientReview',
    label: 'A client approved or asked for changes',
    description: 'With their comment.',
  },
];
const CLIENT = [
  {
    key: 'clientReview' as const,
    label: 'Pages await my review',
    description: 'Once per new batch of pages.',
  },
];

/** The e-mails this member gets in the workspace; each switch saves at once. */
export function NotificationsForm({
  workspaceId,
  prefs,
  isClient,
}: {
  workspaceId: string;
  prefs: TNotificationPrefs;
  isClient: boolean;
}) {
  const update = useUpdateNotificationPrefs(workspaceId);
  const rows = isClient ? CLIENT : STAFF;
  const set = async (key: keyof TNotificationPrefs, on: boolean) => {
    try {
      const answer = await update.mutateAsync({ [key]: on });
      toast.success(answer.message, { message: '' });
    } catch (error) {
      toast.error(errorMessage(error), { message: '' });
    }
  };
  return (
    <Card>
      <CardHeader
        title="E-mail notifications"
        description="Which e-mails you get about this workspace."
      />
      <CardBody className="space-y-4" data-testid="notifications-form">
        {rows.map((row) => (
          <SwitchField
            key={row.key}
            label={row.label}
            description={row.description}
            checked={prefs[row.key]}
            onCheckedChange={(on) => void set(row.key, on)}
            disabled={update.isPending}
          />
        ))}
      </CardBody>
    </Card>
  );
}
