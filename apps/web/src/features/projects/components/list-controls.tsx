import { Button } from '../../../components/ui/button';
import { rangeText } from '../project-rules';

/** Previous / Next with "Showing a-b of count projects". */
export function ProjectPagination({
  page,
  pageSize,
  count,
  hasPrevious,
  hasNext,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav
      aria-label="Project pages"
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-zinc-600" data-testid="projects-range">
        {rangeText(page, pageSize, count)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasPrevious}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
