import { PAGE_STATUS } from '@cityforge/shared';
import type { PageRow } from '../../db/schema/index.ts';
import { pagePath, type Crumb, type PageRef } from './paths.ts';
import { faqsInHtml, type Faq } from '@cityforge/shared/html';
import { photoInHtml } from './place-photo.ts';
import {
  renderDocument,
  type DocumentProject,
  type RenderDocumentOptions,
} from './render-document.ts';

/** What every page of one site shares: the project, the footer, the CSS and where it lives. */
export type SiteFrame = {
  project: DocumentProject;
  footer: Crumb[];
  css: RenderDocumentOptions['css'];
  icon?: string;
  mode: RenderDocumentOptions['mode'];
  /** The published origin; without it pages carry no canonical URL. */
  siteUrl?: string;
};

export type PageBody = {
  contentHtml: string;
  metaTags: string;
  /**
   * The model's structured answer, as stored. Not read here: FAQPage data follows the visible
   * FAQs in contentHtml, which a user's edit may have changed (faqsInHtml).
   */
  content?: unknown;
  /**
   * The FAQs contentHtml shows, when read from this very content before (the scoring stores
   * them with the content's hash): spares reading every page's markup again in each build.
   */
  faqs?: Faq[];
  breadcrumbs?: Crumb[];
  areaServed?: string[];
  /** Held back by the quality gate: rendered with a robots noindex. */
  noindex?: boolean;
};

/** The footer links every page: the written main pages. */
export function footerPages(pages: Pick<PageRow, 'kind' | 'status' | 'name' | 'slug'>[]): Crumb[] {
  return pages
    .filter((p) => p.kind === 'main' && p.status === PAGE_STATUS.completed)
    .map((p) => ({ name: p.name, href: pagePath(p) }));
}

/** One complete page of the site, the same for the preview and the published files. */
export function pageDocument(frame: SiteFrame, page: PageRef, body: PageBody): string {
  return renderDocument({
    project: frame.project,
    page,
    contentHtml: body.contentHtml,
    metaTags: body.metaTags,
    nav: { pages: frame.footer },
    css: frame.css,
    icon: frame.icon,
    mode: frame.mode,
    siteUrl: frame.siteUrl,
    // Editor documents carry no structured data (the canvas holds no script), so skip the read.
    faqs: frame.mode === 'editor' ? [] : (body.faqs ?? faqsInHtml(body.contentHtml)),
    // The photo the page shows is its image; one the owner removed in the editor is not.
    image:
      (page.kind === 'city' || page.kind === 'service-city') && frame.mode !== 'editor'
        ? photoInHtml(body.contentHtml)
        : null,
    breadcrumbs: body.breadcrumbs,
    areaServed: body.areaServed,
    noindex: body.noindex,
  });
}
