import { NEW_PROJECT_SERVICE_PAGES } from '@cityforge/shared';
import type { RunPart } from '../../lib/ai-estimate';

/**
 * The pages a new project writes (generation's initialPages): the homepage, About and Contact,
 * with service pages also Services and one page per service the homepage lists.
 */
export function newProjectRun(servicePages: boolean): { parts: RunPart[]; what: string } {
  const main = servicePages ? 3 : 2;
  const parts: RunPart[] = [
    { kind: 'homepage', pages: 1 },
    { kind: 'main', pages: main },
  ];
  if (!servicePages) return { parts, what: `${1 + main} pages` };
  parts.push({ kind: 'service', pages: NEW_PROJECT_SERVICE_PAGES });
  const { low, high } = NEW_PROJECT_SERVICE_PAGES;
  return { parts, what: `${1 + main + low}–${1 + main + high} pages` };
}
