import { Users } from 'lucide-react';
import { ScreenPlaceholder } from '../../../components/ui/empty-state';

/** /admin/users — superusers only (spec part 2 "Admin users screen"). */
export default function AdminUsersPage() {
  return (
    <ScreenPlaceholder
      title="Users"
      description="Manage the people who use CityForge."
      icon={<Users />}
      comingTitle="User management is coming soon"
      coming={[
        'Total, active and paid users, and total revenue at a glance.',
        'Search users by name or e-mail; create, view, edit and delete them.',
        'Each user’s plan, usage, revenue, projects and billing history.',
      ]}
    />
  );
}
