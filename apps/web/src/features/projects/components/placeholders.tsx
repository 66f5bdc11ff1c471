import { Link, useParams } from 'react-router';
import { ArrowLeft, FolderKanban, LayoutDashboard, Plus, Settings2, Sparkles } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { ScreenPlaceholder } from '../../../components/ui/empty-state';

const backToProjects = (
  <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
    <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
  </Link>
);

const createLink = (
  <Link to="/projects/new" className={buttonClasses('primary')}>
    <Plus className="size-4" aria-hidden="true" /> Create Project
  </Link>
);

/** /projects — the project list arrives with the Projects issue. */
export function ProjectsPage() {
  return (
    <ScreenPlaceholder
      title="Projects"
      description="Every site you generate lives here."
      headerActions={createLink}
      icon={<FolderKanban />}
      comingTitle="Your project list is on its way"
      coming={[
        'Search your projects and page through them, ten at a time.',
        'One card per project with its status, city pages, domain and deployment progress.',
        'View, edit, deploy and delete each project from its card.',
      ]}
    />
  );
}

/** /projects/new — the create form arrives with the Projects issue. */
export function NewProjectPage() {
  return (
    <ScreenPlaceholder
      title="Create Project"
      back={backToProjects}
      icon={<Sparkles />}
      comingTitle="Project creation is coming next"
      coming={[
        'Name, service type and the AI model that writes the pages.',
        'A prompt, contact phone and e-mail, and an optional client domain.',
        'A switch to generate service pages as well.',
      ]}
      actions={backToProjects}
    />
  );
}

/** /project/:id/detail */
export function ProjectDetailPage() {
  const { id } = useParams();
  return (
    <ScreenPlaceholder
      title="Project overview"
      description={`Project ${id ?? ''}`}
      back={backToProjects}
      icon={<LayoutDashboard />}
      comingTitle="The project overview is coming soon"
      coming={[
        'Status, service type, AI model, domain and deployment at a glance.',
        'The website structure: main pages, service pages and the state › county › city tree.',
        'Retry failed pages, add pages, and choose which pages the menu shows.',
      ]}
      actions={backToProjects}
    />
  );
}

/** /projects/:id/settings */
export function ProjectSettingsPage() {
  const { id } = useParams();
  return (
    <ScreenPlaceholder
      title="Project Settings"
      description={`Project ${id ?? ''}`}
      back={backToProjects}
      icon={<Settings2 />}
      comingTitle="Project settings are coming soon"
      coming={[
        'Contact e-mail, client domain and phone number.',
        'Meta tag template and tracking codes for the head and body.',
        'The version history of the site.',
      ]}
      actions={backToProjects}
    />
  );
}
