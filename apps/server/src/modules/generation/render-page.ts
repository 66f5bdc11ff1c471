import { PAGE_STATUS } from '@cityforge/shared';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import { renderMetaTags, renderContent } from '../site/index.ts';
import { slugify } from '../../lib/slugify.ts';
import type { TPageContent, NewPage } from '../pages/index.ts';

const MAX_SERVICE_PAGES = 12;

/** What a page stores once written: its main content HTML and its (editable) meta tags. */
export function renderPageParts(content: TPageContent, page: PageRow, project: ProjectRow) {
  return {
    contentHtml: renderContent(content, page, project, {
      linkServices: project.createServicePages,
    }),
    metaTags: renderMetaTags(content.meta),
  };
}

/**
 * A service page for each service the homepage lists, so the site's service pages and the
 * homepage's service cards always agree, with no extra model call to plan them.
 */
export function servicePagesFrom(content: TPageContent, homepage: PageRow): NewPage[] {
  const items = content.sections.flatMap((s) => (s.type === 'services' ? s.items : []));
  const seen = new Set<string>();
  const pages: NewPage[] = [];
  for (const item of items) {
    const slug = slugify(item.title);
    if (!slug || seen.has(slug)) continue;
    seen.add(slug);
    pages.push({
      projectId: homepage.projectId,
      kind: 'service',
      name: item.title,
      slug,
      prompt: item.description,
      model: homepage.model,
      status: PAGE_STATUS.queued,
      sortOrder: pages.length,
    });
    if (pages.length === MAX_SERVICE_PAGES) break;
  }
  return pages;
}
