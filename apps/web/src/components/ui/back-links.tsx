import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';
import { PageHeader } from './card';
import type { ButtonSize, ButtonVariant } from './button';

/**
 * "Back to Projects": the small link above a screen's title, or, `primary`, the way out of a
 * screen that cannot be shown.
 */
export function BackToProjects({ primary = false }: { primary?: boolean }) {
  return (
    <Link
      to="/projects"
      className={primary ? buttonClasses('primary') : buttonClasses('link', 'sm', 'gap-1 text-sm')}
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
    </Link>
  );
}

/** The way back to a project's page ("Back to project"), in the look of the bar or screen. */
export function BackToProject({
  projectId,
  variant = 'primary',
  size,
  className,
  testId,
  children = 'Back to project',
}: {
  projectId: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Link
      to={`/project/${encodeURIComponent(projectId)}/detail`}
      className={buttonClasses(variant, size, className)}
      data-testid={testId}
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> {children}
    </Link>
  );
}

/** A form screen reached from the projects list: a narrow column under its title and way back. */
export function ProjectsFormPage({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={title}
        description={description}
        back={<BackToProjects />}
        actions={actions}
      />
      {children}
    </div>
  );
}
