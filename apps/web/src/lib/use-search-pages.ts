import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box over a list in pages: what is typed, the settled term (after `delayMs` without
 * typing) and the page, which starts again from 1 whenever the settled term changes.
 */
export function useSearchPages(delayMs: number) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), delayMs);
  const [lastTerm, setLastTerm] = useState(term);
  if (lastTerm !== term) {
    setLastTerm(term);
    setPage(1);
  }
  return { search, setSearch, term, page, setPage };
}
