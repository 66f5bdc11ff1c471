import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth-store';
import { useMe } from '../api/get-me';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';

/** /profile: view mode, and edit mode behind "Edit Profile". */
export default function ProfilePage() {
  const { user: sessionUser } = useAuth();
  const me = useMe(sessionUser);
  const [editing, setEditing] = useState(false);
  const user = me.data ?? sessionUser;
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Account Settings"
        description="Your personal details and the API keys CityForge uses on your behalf."
        actions={
          editing ? null : (
            <Button
              variant="outline"
              icon={<Pencil className="size-4" aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              Edit Profile
            </Button>
          )
        }
      />
      {editing ? (
        <ProfileForm key={user.id} user={user} onDone={() => setEditing(false)} />
      ) : (
        <ProfileView user={user} />
      )}
    </div>
  );
}
