import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';

/** The small "Back to Projects" link above a project screen's title. */
export function BackToProjects() {
  return (
    <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
    </Link>
  );
}
