import type { TLeanProjectDetail, TPageSummary } from '@cityforge/shared';
import type { RunPart } from '../../lib/ai-estimate';
import { HOMEPAGE_SLUG, itemState } from './structure';

/** What Retry Project writes again: every failed page, by kind, and every failed city page. */
export function retryParts(
  project: Pick<TLeanProjectDetail, 'pages' | 'servicePages' | 'failedCities'>,
): { parts: RunPart[]; pages: number } {
  const failed = (list: readonly TPageSummary[]) => list.filter((p) => itemState(p) === 'failed');
  const site = failed(project.pages);
  const counts = {
    homepage: site.filter((p) => p.slug === HOMEPAGE_SLUG).length,
    main: site.filter((p) => p.slug !== HOMEPAGE_SLUG).length,
    service: failed(project.servicePages).length,
    city: project.failedCities,
  };
  const parts = (Object.entries(counts) as Array<[RunPart['kind'], number]>)
    .filter(([, pages]) => pages > 0)
    .map(([kind, pages]) => ({ kind, pages }));
  return { parts, pages: parts.reduce((n, p) => n + (p.pages as number), 0) };
}
