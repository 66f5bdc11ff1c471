import { PageHeader } from '../../../components/ui/card';
import {
  useBranding,
  useCurrentWorkspace,
  useNotificationPrefs,
  useWorkspaceKeys,
} from '../api/workspace';
import { managesWorkspace } from '../workspace-rules';
import { BrandingForm } from './branding-form';
import { KeysForm } from './keys-form';
import { NotificationsForm } from './notifications-form';

/** The current workspace's brand and keys (admins change them) and the member's own e-mails. */
export default function WorkspaceSettingsPage() {
  const workspace = useCurrentWorkspace();
  const id = workspace.data?.id;
  const role = workspace.data?.role;
  const branding = useBranding(id);
  const prefs = useNotificationPrefs(id);
  const keys = useWorkspaceKeys(id, managesWorkspace(role));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Workspace settings" description={workspace.data?.name} />
      {id && branding.data && role !== 'client' ? (
        <BrandingForm
          key={JSON.stringify(branding.data)}
          workspaceId={id}
          branding={branding.data}
          canEdit={managesWorkspace(role)}
        />
      ) : null}
      {id && keys.data ? (
        <KeysForm
          key={JSON.stringify(keys.data)}
          workspaceId={id}
          keys={keys.data}
          accountIsYou={workspace.data?.own ?? false}
        />
      ) : null}
      {id && prefs.data ? (
        <NotificationsForm workspaceId={id} prefs={prefs.data} isClient={role === 'client'} />
      ) : null}
    </div>
  );
}
