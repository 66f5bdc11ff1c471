import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardFooter } from '../../../components/ui/card';
import { useNewProjectForm } from '../use-new-project-form';
import { ProjectsFormPage } from '../../../components/ui/back-links';
import { NewProjectFields } from './new-project-fields';

/** /projects/new. */
export default function NewProjectPage() {
  const { form, models, onSubmit, busy } = useNewProjectForm();
  return (
    <ProjectsFormPage
      title="Create Project"
      description="Describe the business; the AI model writes the homepage, main pages and service pages."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Card>
          <CardBody className="space-y-5">
            <NewProjectFields form={form} models={models} />
          </CardBody>
          <CardFooter>
            <Link to="/projects" className={buttonClasses('outline')}>
              Cancel
            </Link>
            <Button type="submit" loading={busy}>
              {busy ? 'Creating...' : 'Create Project'}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </ProjectsFormPage>
  );
}
