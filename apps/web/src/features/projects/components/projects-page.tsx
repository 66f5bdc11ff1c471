import { PageHeader } from '../../../components/ui/card';
import { SearchField } from '../../../components/ui/search-field';
import { useProjectList } from '../use-project-list';
import { CreateProjectButton } from './create-project-button';
import { ProjectList } from './project-list';

/** /projects. */
export default function ProjectsPage() {
  const list = useProjectList();
  return (
    <div>
      <PageHeader
        title="Projects"
        description="Every site you generate lives here."
        actions={<CreateProjectButton />}
      />
      <div className="mb-6">
        <SearchField
          value={list.search}
          onChange={list.setSearch}
          label="Search projects"
          placeholder="Search projects..."
        />
      </div>
      <section aria-label="Project list">
        <ProjectList list={list} />
      </section>
    </div>
  );
}
