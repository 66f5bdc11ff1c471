import { PageHeader } from '../../../components/ui/card';
import { useBranding, useCurrentWorkspace, useNotificationPrefs } from '../api/workspace';
import { BrandingForm } from './branding-form';
import { NotificationsForm } from './notifications-form';

/** The current workspace's brand (admins change it) and the member's own e-mails. */
export default function WorkspaceSettingsPage() {
  const workspace = useCurrentWorkspace();
  const id = workspace.data?.id;
  const branding = useBranding(id);
  const prefs = useNotificationPrefs(id);
  const role = workspace.data?.role;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Workspace settings" description={workspace.data?.name} />
      {id && branding.data && role !== 'client' ? (
        <BrandingForm
          key={JSON.stringify(branding.data)}
          workspaceId={id}
          branding={branding.data}
          canEdit={role === 'owner' || role === 'admin'}
        />
      ) : null}
      {id && prefs.data ? (
        <NotificationsForm workspaceId={id} prefs={prefs.data} isClient={role === 'client'} />
      ) : null}
    </div>
  );
}
