import type { ProjectRow } from '../../db/schema/index.ts';
import { escapeAttr, escapeHtml, mailtoHref, safeHref, telHref } from './html.ts';
import { hasOpenGraphTags, readMetaTags } from './meta.ts';
import {
  absoluteUrl,
  breadcrumbsFor,
  navHref,
  pagePath,
  type Crumb,
  type PageRef,
} from './paths.ts';
import { PREVIEW_SCRIPT } from './preview-script.ts';
import type { Faq } from './render-content.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';

export { PREVIEW_SCRIPT, PREVIEW_SCRIPT_SHA256 } from './preview-script.ts';
export { breadcrumbsFor } from './paths.ts';

export type DocumentProject = Pick<
  ProjectRow,
  | 'name'
  | 'serviceType'
  | 'contactPhoneNumber'
  | 'email'
  | 'trackingCodeHead'
  | 'trackingCodeBody'
  | 'headerLinks'
>;

export type RenderDocumentOptions = {
  project: DocumentProject;
  page: PageRef;
  /** The page's main content, already safe HTML (renderContent or a user's edit of it). */
  contentHtml: string;
  /** Stored per page and user-editable; inserted as-is. */
  metaTags: string;
  /** Pages linked from the footer. */
  nav: { pages: Crumb[] };
  css: { inline: string } | { href: string };
  /** The site's icon (published sites ship one; the preview has none). */
  icon?: string;
  /**
   * 'editor' is the page the visual editor's canvas holds: no script of any kind (structured
   * data, the preview script, tracking codes, which the editor edits apart) and a <main>
   * holding exactly contentHtml, which the editor reads back.
   */
  mode: 'preview' | 'publish' | 'editor';
  /** Absolute origin of the published site; without it no canonical or og:url is written. */
  siteUrl?: string;
  faqs?: Faq[];
  breadcrumbs?: Crumb[];
  areaServed?: string[];
  /** The site path of the photo the page shows: its structured data's image. */
  image?: string | null;
  year?: number;
  /** Below the quality gate: search engines are asked not to index the page. */
  noindex?: boolean;
};

const e = escapeHtml;

export const NOINDEX_META = '<meta name="robots" content="noindex">';

function headTags(opts: RenderDocumentOptions, description: string, title: string): string[] {
  const { project, page, siteUrl } = opts;
  const url = siteUrl ? absoluteUrl(siteUrl, pagePath(page)) : '';
  const tags: string[] = [];
  if (opts.noindex) tags.push(NOINDEX_META);
  if (url) tags.push(`<link rel="canonical" href="${escapeAttr(url)}">`);
  // A user who wrote their own Open Graph tags into the meta tags keeps them, unduplicated.
  if (!hasOpenGraphTags(opts.metaTags)) {
    tags.push(`<meta property="og:type" content="website">`);
    tags.push(`<meta property="og:site_name" content="${escapeAttr(project.name)}">`);
    if (title) tags.push(`<meta property="og:title" content="${escapeAttr(title)}">`);
    if (description) {
      tags.push(`<meta property="og:description" content="${escapeAttr(description)}">`);
    }
    if (url) tags.push(`<meta property="og:url" content="${escapeAttr(url)}">`);
    if (url && opts.image)
      tags.push(
        `<meta property="og:image" content="${escapeAttr(absoluteUrl(siteUrl!, opts.image))}">`,
      );
  }
  const data = structuredData({
    project,
    page,
    description,
    siteUrl,
    faqs: opts.faqs ?? [],
    breadcrumbs: opts.breadcrumbs ?? breadcrumbsFor(page),
    areaServed: opts.areaServed,
    image: opts.image,
  });
  if (opts.mode !== 'editor') tags.push(...data.map(jsonLdScript));
  if (opts.icon)
    tags.push(`<link rel="icon" href="${escapeAttr(opts.icon)}" type="image/svg+xml">`);
  if ('inline' in opts.css) {
    tags.push(`<style>${opts.css.inline.replace(/<\/style/gi, '<\\/style')}</style>`);
  } else {
    tags.push(`<link rel="stylesheet" href="${escapeAttr(opts.css.href)}">`);
  }
  return tags;
}

function header(opts: RenderDocumentOptions): string {
  const { project, page } = opts;
  const onHomepage = page.kind === 'homepage';
  const here = pagePath(page);
  const links = project.headerLinks
    .filter((l) => l.show)
    .map((l) => {
      const href = navHref(l.link, onHomepage);
      const current = href === here ? ' aria-current="page"' : '';
      return `<li><a href="${escapeAttr(href)}"${current}>${e(l.name)}</a></li>`;
    })
    .join('');
  const phone = project.contactPhoneNumber.trim();
  const call = phone
    ? `<a class="btn header-call" href="${escapeAttr(telHref(phone))}">Call ${e(phone)}</a>`
    : '';
  const nav = links ? `<nav class="site-nav" aria-label="Main"><ul>${links}</ul></nav>` : '';
  return (
    `<header class="site-header"><div class="wrap header-inner">` +
    `<a class="brand" href="/">${e(project.name)}</a>${nav}${call}</div></header>`
  );
}

function crumbsNav(crumbs: Crumb[]): string {
  const items = crumbs
    .map((c, i) =>
      i === crumbs.length - 1
        ? `<li aria-current="page">${e(c.name)}</li>`
        : `<li><a href="${escapeAttr(safeHref(c.href))}">${e(c.name)}</a></li>`,
    )
    .join('');
  return `<nav class="crumbs" aria-label="Breadcrumb"><ol class="wrap">${items}</ol></nav>`;
}

function footer(opts: RenderDocumentOptions): string {
  const { project } = opts;
  const phone = project.contactPhoneNumber.trim();
  const email = project.email.trim();
  const contact = [
    phone ? `<li><a href="${escapeAttr(telHref(phone))}">${e(phone)}</a></li>` : '',
    email ? `<li><a href="${escapeAttr(mailtoHref(email))}">${e(email)}</a></li>` : '',
  ].join('');
  const pages = opts.nav.pages
    .map((p) => `<li><a href="${escapeAttr(safeHref(p.href))}">${e(p.name)}</a></li>`)
    .join('');
  const year = opts.year ?? new Date().getFullYear();
  return (
    `<footer class="site-footer"><div class="wrap"><div class="footer-grid">` +
    `<div><p class="footer-title">${e(project.name)}</p><p>${e(project.serviceType)}</p></div>` +
    (contact ? `<div><p class="footer-title">Contact</p><ul>${contact}</ul></div>` : '') +
    (pages
      ? `<nav aria-label="Footer"><p class="footer-title">Pages</p><ul>${pages}</ul></nav>`
      : '') +
    `</div><p class="copyright">&copy; ${year} ${e(project.name)}</p></div></footer>`
  );
}

/** A complete HTML5 page of a generated site, for the in-app preview or for publishing. */
export function renderDocument(opts: RenderDocumentOptions): string {
  const { project, page } = opts;
  const { title, description } = readMetaTags(opts.metaTags);
  const crumbs = opts.breadcrumbs ?? breadcrumbsFor(page);
  const editor = opts.mode === 'editor';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    opts.metaTags,
    ...headTags(opts, description, title),
    // The owner's own analytics for their own site: inserted verbatim by design.
    editor ? '' : project.trackingCodeHead,
  ].filter(Boolean);
  const body = [
    '<a class="skip" href="#main">Skip to content</a>',
    header(opts),
    page.kind === 'homepage' || crumbs.length < 2 ? '' : crumbsNav(crumbs),
    editor
      ? `<main id="main">${opts.contentHtml}</main>`
      : `<main id="main">\n${opts.contentHtml}\n</main>`,
    footer(opts),
    editor ? '' : project.trackingCodeBody,
    opts.mode === 'preview' ? `<script>${PREVIEW_SCRIPT}</script>` : '',
  ].filter(Boolean);
  return [
    '<!doctype html>',
    `<html lang="en" data-page="${escapeAttr(page.kind)}">`,
    `<head>\n${head.join('\n')}\n</head>`,
    `<body>\n${body.join('\n')}\n</body>`,
    '</html>',
    '',
  ].join('\n');
}
