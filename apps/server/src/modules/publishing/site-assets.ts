import type { ProjectRow } from '../../db/schema/index.ts';
import { escapeHtml, themeFor } from '../site/lean.ts';

/** The business's initial on its primary colour: every site gets an icon of its own. */
export function faviconSvg(project: Pick<ProjectRow, 'id' | 'name' | 'serviceType'>): string {
  const { palette } = themeFor(project);
  const initial = escapeHtml((project.name.trim()[0] ?? 'C').toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${palette.primary}"/>` +
    `<text x="32" y="43" font-family="Arial, Helvetica, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#ffffff">${initial}</text>` +
    `</svg>\n`
  );
}

/** Everything may be crawled; the sitemap is named when the site has an address. */
export function robotsTxt(siteUrl?: string): string {
  const lines = ['User-agent: *', 'Allow: /'];
  if (siteUrl) lines.push('', `Sitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

/** Where the project's images sit on the site, as in the app (/images/{file}). */
export const SITE_IMAGES = '/images/';

/**
 * Netlify's headers file: the stylesheet's name carries its hash and an image's name is new
 * for every image, so browsers may keep both for a year; pages revalidate so an edit shows
 * at once.
 */
export const NETLIFY_HEADERS = [
  '/assets/*',
  '  Cache-Control: public, max-age=31536000, immutable',
  `${SITE_IMAGES}*`,
  '  Cache-Control: public, max-age=31536000, immutable',
  '/*',
  '  X-Content-Type-Options: nosniff',
  '  Referrer-Policy: strict-origin-when-cross-origin',
  '',
].join('\n');
