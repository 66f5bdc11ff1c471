import { useId, useState } from 'react';
import { ChevronDown, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { controlClasses, describedBy } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProjectOptions } from '../api/get-project-options';

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
  value: { id: string; name: string } | null;
  onChange: (project: { id: string; name: string } | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const selectId = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 400);
  const options = useProjectOptions(query);
  const projects = options.data?.pages.flatMap((p) => p.results) ?? [];
  const count = options.data?.pages[0]?.count ?? 0;
  const listed = value !== null && projects.some((p) => p.id === value.id);

  let hint: string | undefined;
  if (options.isError) hint = options.error.message;
  else if (options.isSuccess && count === 0) {
    hint = query ? `No projects match “${query}”.` : 'You have no projects yet.';
  } else if (options.isSuccess) hint = `${projects.length} of ${count} projects listed`;

  return (
    <div className="space-y-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-zinc-800">
        Project
      </label>
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
        <div className="relative min-w-0 flex-1">
          <select
            id={selectId}
            value={value?.id ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(selectId, error, hint)}
            disabled={disabled || options.isPending}
            onChange={(e) => {
              const project = projects.find((p) => p.id === e.target.value);
              onChange(project ? { id: project.id, name: project.name } : null);
            }}
            className={cn(controlClasses, 'h-10 appearance-none pr-9')}
          >
            <option value="">
              {options.isPending ? 'Loading projects...' : 'Select a project'}
            </option>
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
      </div>
      {error ? (
        <p id={`${selectId}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${selectId}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
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
