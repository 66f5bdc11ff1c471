import { absoluteUrl, escapeHtml } from '../site/lean.ts';
import type { SiteOutput } from './site-output.ts';

/** The sitemap protocol's limit per file; past it sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** W3C datetime without milliseconds, as search engines read it. */
export const lastmodOf = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

// Lines are joined into one flat text every this many: a line built from its parts is a tree of
// string pieces several times its length, and a part holds up to 50,000 of them.
const LINES_PER_CHUNK = 1_000;

/**
 * Collects the site's URLs as the build writes pages and writes them out in files of at
 * most 50,000: one sitemap.xml, or sitemap-1.xml… under a sitemap.xml index. Only the
 * current file's entries are held, as flat text.
 */
export function createSitemapWriter(out: SiteOutput, siteUrl: string, max = SITEMAP_MAX_URLS) {
  let chunks: string[] = [];
  let lines: string[] = [];
  let count = 0;
  const parts: Array<{ file: string; lastmod: string }> = [];
  let newest = '';
  let partNewest = '';

  const urlset = () => {
    if (lines.length) chunks.push(lines.join('\n'));
    const body = `${XML_HEAD}<urlset xmlns="${NS}">\n${chunks.join('\n')}\n</urlset>\n`;
    chunks = [];
    lines = [];
    count = 0;
    return body;
  };

  async function flushPart() {
    if (!count) return;
    const file = `/sitemap-${parts.length + 1}.xml`;
    parts.push({ file, lastmod: partNewest });
    partNewest = '';
    await out.write(file, urlset());
  }

  return {
    async add(path: string, updatedAt: Date) {
      const lastmod = lastmodOf(updatedAt);
      if (lastmod > partNewest) partNewest = lastmod;
      if (lastmod > newest) newest = lastmod;
      const loc = escapeHtml(absoluteUrl(siteUrl, path));
      lines.push(`<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>`);
      count += 1;
      if (lines.length >= LINES_PER_CHUNK) {
        chunks.push(lines.join('\n'));
        lines = [];
      }
      if (count >= max) await flushPart();
    },
    /** Writes what is left; returns the number of sitemap files written. */
    async finish(): Promise<number> {
      if (!parts.length) {
        await out.write('/sitemap.xml', urlset());
        return 1;
      }
      await flushPart();
      const index = parts
        .map(
          (p) =>
            `<sitemap><loc>${escapeHtml(absoluteUrl(siteUrl, p.file))}</loc><lastmod>${p.lastmod}</lastmod></sitemap>`,
        )
        .join('\n');
      await out.write(
        '/sitemap.xml',
        `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${index}\n</sitemapindex>\n`,
      );
      return parts.length + 1;
    },
  };
}
