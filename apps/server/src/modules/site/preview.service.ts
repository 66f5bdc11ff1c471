import { PAGE_STATUS } from '@cityforge/shared';
import type { PageRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ZPageContent } from '../generation/content.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import { pagePath, type Crumb } from './paths.ts';
import { faqsOf } from './render-content.ts';
import { renderDocument } from './render-document.ts';
import { themeCss, themeFor } from './theme.ts';

type Deps = {
  projectsRepo: ProjectsRepo;
  owned: (user: UserRow, id: string) => Promise<ProjectRow>;
};

/** The footer links every page: the written main pages, then the services index. */
function footerPages(pages: PageRow[]): Crumb[] {
  return pages
    .filter((p) => p.kind === 'main' && p.status === PAGE_STATUS.completed)
    .map((p) => ({ name: p.name, href: pagePath(p) }));
}

function notReady(page: PageRow): AppError {
  if (page.status === PAGE_STATUS.failed)
    return new AppError(
      'conflict',
      `This page could not be generated: ${page.failureReason ?? 'unknown reason'}`,
    );
  return new AppError('conflict', 'This page is still being generated.');
}

/** Complete HTML of one generated page, as the in-app preview shows it. */
export function createPreviewService(deps: Deps) {
  async function render(
    user: UserRow,
    id: string,
    pick: (pages: PageRow[]) => PageRow | undefined,
  ) {
    const project = await deps.owned(user, id);
    const pages = await deps.projectsRepo.pagesOf(project.id);
    const page = pick(pages);
    if (!page) throw notFound('Page not found.');
    if (page.contentHtml === null) throw notReady(page);
    const content = ZPageContent.safeParse(page.content);
    const html = renderDocument({
      project,
      page,
      contentHtml: page.contentHtml,
      metaTags: page.metaTags,
      nav: { pages: footerPages(pages) },
      css: { inline: themeCss(themeFor(project)) },
      mode: 'preview',
      faqs: content.success ? faqsOf(content.data) : [],
    });
    return { html };
  }

  return {
    homepage: (user: UserRow, id: string) =>
      render(user, id, (pages) => pages.find((p) => p.kind === 'homepage')),
    page: (user: UserRow, id: string, pageId: string) =>
      render(user, id, (pages) => pages.find((p) => p.id === pageId)),
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
