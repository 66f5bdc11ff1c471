import { useState } from 'react';
import { ChevronDown, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { controlClasses, FieldShell, useFieldParts } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProjectOptions } from '../api/get-project-options';

type Picked = { id: string; name: string };
type Options = ReturnType<typeof useProjectOptions>;

/** Under the list: why it is empty, or how much of it is listed. */
function listHint(options: Options, query: string, listed: number): string | undefined {
  if (options.isError) return options.error.message;
  if (!options.isSuccess) return undefined;
  const count = options.data.pages[0]?.count ?? 0;
  if (count > 0) return `${listed} of ${count} projects listed`;
  return query ? `No projects match “${query}”.` : 'You have no projects yet.';
}

/**
 * The project an upload goes to: a search box narrowing a list of the user's projects, 10 at
 * a time with "Load more". The choice stays when a new search no longer lists it.
 */
export function ProjectPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Picked | null;
  onChange: (project: Picked | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 400);
  const options = useProjectOptions(query);
  const projects = options.data?.pages.flatMap((p) => p.results) ?? [];
  const { shell, control } = useFieldParts({
    label: 'Project',
    hint: listHint(options, query, projects.length),
    error,
  });
  return (
    <div className="space-y-1.5">
      <FieldShell {...shell}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative sm:w-56">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
              aria-hidden="true"
            />
            <input
              type="search"
              aria-label="Search projects"
              placeholder="Search projects..."
              value={search}
              disabled={disabled}
              onChange={(e) => setSearch(e.target.value)}
              className={cn(controlClasses, 'h-10 pl-9')}
            />
          </div>
          <ProjectSelect
            control={control}
            value={value}
            projects={projects}
            loading={options.isPending}
            disabled={disabled}
            onChange={onChange}
          />
        </div>
      </FieldShell>
      {options.hasNextPage ? (
        <Button
          size="sm"
          variant="link"
          loading={options.isFetchingNextPage}
          disabled={disabled}
          onClick={() => void options.fetchNextPage()}
        >
          Load more projects
        </Button>
      ) : null}
    </div>
  );
}

/** The listed projects, and the chosen one even when the search no longer lists it. */
function ProjectSelect({
  control,
  value,
  projects,
  loading,
  disabled,
  onChange,
}: {
  /** Its id and what ties it to the field's label, hint and error. */
  control: ReturnType<typeof useFieldParts>['control'];
  value: Picked | null;
  projects: Picked[];
  loading: boolean;
  disabled?: boolean;
  onChange: (project: Picked | null) => void;
}) {
  const listed = value !== null && projects.some((p) => p.id === value.id);
  return (
    <div className="relative min-w-0 flex-1">
      <select
        {...control}
        value={value?.id ?? ''}
        disabled={disabled || loading}
        onChange={(e) => {
          const project = projects.find((p) => p.id === e.target.value);
          onChange(project ? { id: project.id, name: project.name } : null);
        }}
        className={cn(controlClasses, 'h-10 appearance-none pr-9')}
      >
        <option value="">{loading ? 'Loading projects...' : 'Select a project'}</option>
        {value && !listed ? <option value={value.id}>{value.name}</option> : null}
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500"
        aria-hidden="true"
      />
    </div>
  );
}
