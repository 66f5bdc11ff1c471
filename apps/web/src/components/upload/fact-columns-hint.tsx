import { cn } from '../../lib/cn';

/** The upload's one line on facts: every column that is not a place's is a fact of its place. */
export function FactColumnsHint({ className }: { className?: string }) {
  return (
    <p data-testid="fact-columns-hint" className={cn('text-xs text-zinc-600', className)}>
      Any other column — Jobs completed, Customer quote, Crew lead — becomes a fact of that place.
    </p>
  );
}
