import { Link, useParams } from 'react-router';
import { ArrowLeft, FolderX } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isNotFound } from '../../../lib/api-errors';
import { useProject } from '../../../lib/project';
import { useProjectSettings } from '../api/get-project-settings';
import { SettingsForm } from './settings-form';

const backToProjects = (
  <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
    <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
  </Link>
);

function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="space-y-6">
      {[3, 4].map((rows) => (
        <div key={rows} className="space-y-5 rounded-xl border border-zinc-200 bg-white p-6">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
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
        actions={backToProjects}
      />
    );
  }

  let body;
  if (settings.isPending) body = <SettingsSkeleton />;
  else if (settings.isError)
    body = (
      <Alert
        variant="error"
        title={MSG.fetchProjectFailed}
        action={
          <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
            Try Again
          </Button>
        }
      >
        {settings.error.message}
      </Alert>
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
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Project Settings"
        description={project.data?.name}
        back={backToProjects}
        actions={
          <Link
            to={`/project/${encodeURIComponent(id)}/detail`}
            className={buttonClasses('outline')}
          >
            Project overview
          </Link>
        }
      />
      {body}
    </div>
  );
}
