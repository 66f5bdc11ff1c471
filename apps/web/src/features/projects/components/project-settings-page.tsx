import { Link, useParams } from 'react-router';
import { FolderX } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { RetryAlert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonForm } from '../../../components/ui/skeleton';
import { isNotFound } from '../../../lib/api-errors';
import { useProject } from '../../../lib/project';
import { useProjectSettings } from '../api/get-project-settings';
import { BackToProjects, ProjectsFormPage } from '../../../components/ui/back-links';
import { SettingsForm } from './settings-form';

function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="space-y-6">
      {[3, 4].map((fields) => (
        <SkeletonForm key={fields} fields={fields} />
      ))}
    </div>
  );
}

/** /projects/:id/settings. */
export default function ProjectSettingsPage() {
  const { id = '' } = useParams();
  const settings = useProjectSettings(id);
  const project = useProject(id);

  if (settings.isError && isNotFound(settings.error)) {
    return (
      <EmptyState
        testId="settings-not-found"
        icon={<FolderX />}
        title={MSG.settingsProjectNotFound}
        description={MSG.projectNotFoundBody}
        actions={<BackToProjects />}
      />
    );
  }

  let body;
  if (settings.isPending) body = <SettingsSkeleton />;
  else if (settings.isError)
    body = (
      <RetryAlert
        title={MSG.fetchProjectFailed}
        onRetry={() => settings.refetch()}
        retryLabel="Try Again"
      >
        {settings.error.message}
      </RetryAlert>
    );
  else
    body = (
      <SettingsForm
        key={settings.dataUpdatedAt}
        projectId={id}
        settings={settings.data}
        createdAt={project.data?.createdAt}
      />
    );

  return (
    <ProjectsFormPage
      title="Project Settings"
      description={project.data?.name}
      actions={
        <Link to={`/project/${encodeURIComponent(id)}/detail`} className={buttonClasses('outline')}>
          Project overview
        </Link>
      }
    >
      {body}
    </ProjectsFormPage>
  );
}
