import { MSG } from '@cityforge/shared';
import os from 'node:os';
import type { Readable } from 'node:stream';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  pageDocument,
  type SiteFrame,
  pagePath,
  type PageRef,
  hubBody,
  notFoundHub,
  servicesHub,
  statesHub,
  whereWeOfferBlock,
} from '../site/lean.ts';
import { buildLocations } from './site-locations.ts';
import type { SiteReads } from './site-reads.ts';
import type { SitePage } from './site-reads.repo.ts';
import { createMemoKeeper, type MemoFiles } from './build-memo.ts';
import { createRenderPool } from './render-pool.ts';
import { createPageSink } from './site-pages.ts';
import { createServiceCityPages, type ServiceCityPages } from './site-service-cities.ts';

export type { PageSink, SiteReads } from './site-reads.ts';
import { fileOf, sha1, type SiteOutput } from './site-output.ts';
import { createSitemapWriter } from './sitemap.ts';
import { faviconSvg, NETLIFY_HEADERS, robotsTxt, SITE_IMAGES } from './site-assets.ts';
import { keyFileOf } from './index-now.ts';
import { planRedirects, redirectsFile, type RedirectPlan } from './site-redirects.ts';
import { siteFrameOf } from './site-frame.ts';

export type BuildOptions = {
  project: ProjectRow;
  /** The origin the site is published at; without one there is no sitemap or canonical. */
  siteUrl?: string;
  repo: SiteReads;
  out: SiteOutput;
  /** The project's stored images by file name. */
  images: SiteImages;
  /** Told the number of files written so far, every few hundred files. */
  onProgress?: (files: number) => unknown;
  /** Cities read per query. */
  batchSize?: number;
  /**
   * Threads that render and write pages beside the one reading the database; by default one
   * per spare core (at most 2) for sites of RENDER_THREADS_FROM cities, none for smaller ones.
   */
  renderThreads?: number;
  /**
   * What the last deploy to the same site was made of: pages whose inputs did not change are
   * not read or rendered again, their SHA1 comes from here (the file is not written).
   */
  memo?: MemoFiles;
  /** The site's IndexNow key: the site carries it as /{key}.txt (IndexNow's proof of the host). */
  indexNowKey?: string;
};

/** Opens a stored image, or answers null when the store lacks it. */
export type SiteImages = { open(file: string): Promise<{ stream: Readable } | null> };

export type BuildResult = {
  files: number;
  pages: number;
  bytes: number;
  hasSitemap: boolean;
  /** Site paths of images the database names but the store lacks: left out of the site. */
  missing: string[];
  /** Files rendered or copied by this build (the rest were remembered). */
  rendered: number;
  /** What this build was made of, for the next one. */
  memo: MemoFiles;
  /**
   * The site's 301s (its `_redirects`) from the addresses earlier deploys published, and what
   * a deploy of this build must remember of its own.
   */
  redirects: RedirectPlan;
};

/** Below this many cities a render thread's start costs more than it saves. */
export const RENDER_THREADS_FROM = 500;

function renderThreadsFor(cities: number): number {
  return cities < RENDER_THREADS_FROM ? 0 : Math.min(2, os.availableParallelism() - 1);
}

const newestOf = (rows: Array<{ updatedAt: Date }>) =>
  new Date(Math.max(0, ...rows.map((r) => r.updatedAt.getTime())));

function pageRef(page: PageRow): PageRef & { path: string } {
  const ref: PageRef = { kind: page.kind, name: page.name, slug: page.slug };
  return { ...ref, path: pagePath(ref) };
}

/**
 * The written pages (homepage, main and service pages), and the services listing if needed.
 * A service page ends with the places it is offered in (their service-city pages), so it is
 * written once every city went through.
 */
async function emitWrittenPages(
  project: ProjectRow,
  written: SitePage[],
  { emit, emitHub }: ReturnType<typeof createPageSink>,
  serviceCities: ServiceCityPages,
) {
  for (const page of written) {
    const offered = page.kind === 'service' ? serviceCities.offeredIn(page.id) : [];
    // A page awaiting the client's approval is held as the quality gate holds a city page.
    const body = {
      contentHtml: (page.contentHtml ?? '') + whereWeOfferBlock(page.name, offered),
      metaTags: page.metaTags,
      ...(page.held && { noindex: true }),
    };
    const ref = pageRef(page);
    // The content's digest, not its text: a service page's list of places runs to a megabyte.
    const input = JSON.stringify([ref, sha1(body.contentHtml), body.metaTags, page.held]);
    const source = { input, body: () => body, noindex: page.held };
    await emit(ref, source, page.updatedAt);
  }
  const services = written.filter((p) => p.kind === 'service');
  // Service pages' breadcrumbs and the header link /services: the written "Services" page
  // answers there; when it is missing, a listing of the service pages takes its place.
  const servicesPage = written.some((p) => pageRef(p).path === '/services');
  if (!servicesPage && (services.length || project.createServicePages))
    await emitHub(servicesHub(project, services), newestOf(services.length ? services : written));
}

/**
 * The project's images, copied from the store. Pages name images as /images/{file}, the same
 * address as in the editor and the preview. An image the store lacks (a restored backup, a
 * deleted object) is left out and named in the answer: one lost picture must not stop a site
 * of thousands of pages from going out. Stored images never change under their name (a new
 * image is a new file).
 */
async function copyImages(opts: BuildOptions, memo: ReturnType<typeof createMemoKeeper>) {
  const lost: string[] = [];
  for (const file of await opts.repo.siteImages(opts.project.id)) {
    const site = `${SITE_IMAGES}${file}`;
    await memo.keep(site, file, async () => {
      const opened = await opts.images.open(file);
      if (opened) await opts.out.copy(site, opened.stream);
      else lost.push(site.slice(1));
    });
  }
  return lost;
}

/**
 * The files every site has beside its pages: 404, robots.txt, Netlify headers and redirects,
 * IndexNow key.
 */
async function writeSiteFiles(opts: BuildOptions, frame: SiteFrame, plan: RedirectPlan) {
  const { project, out } = opts;
  // The 404 page has no address of its own: no canonical URL, not in the sitemap.
  const missing = notFoundHub(project);
  const notFound = pageDocument(
    { ...frame, siteUrl: undefined },
    missing.ref,
    hubBody(project, missing, { noindex: true }),
  );
  await out.write('/404.html', notFound);
  await out.write('/robots.txt', robotsTxt(opts.siteUrl));
  await out.write('/_headers', NETLIFY_HEADERS);
  if (plan.redirects.length) await out.write('/_redirects', redirectsFile(plan.redirects));
  // Written by every build, never remembered: a redeploy without the key drops the file.
  if (opts.indexNowKey) await out.write(keyFileOf(opts.indexNowKey), opts.indexNowKey);
}

/**
 * Every page of the site: the places (each city with its service pages, the county and state
 * pages above them), the written pages, and the page above every state.
 */
async function writePages(
  opts: BuildOptions,
  written: SitePage[],
  sink: ReturnType<typeof createPageSink>,
  unchanged: ((path: string, input: string) => boolean) | undefined,
  where: Pick<Parameters<typeof buildLocations>[0], 'states' | 'counties'>,
) {
  const { project, repo } = opts;
  const { emit, emitHub } = sink;
  const serviceCities = createServiceCityPages({
    repo,
    projectId: project.id,
    services: new Map(written.filter((p) => p.kind === 'service').map((p) => [p.id, p])),
    emit,
    unchanged,
  });
  const places = await buildLocations({
    ...where,
    project,
    repo,
    emit,
    emitHub,
    batchSize: opts.batchSize,
    unchanged,
    serviceCities,
  });
  await emitWrittenPages(project, written, sink, serviceCities);
  await emitHub(statesHub(project, places.states), places.newest ?? newestOf(written));
}

/**
 * Builds the whole static site of a project into `out`: every written page with clean URLs,
 * the listing pages above city pages, one shared stylesheet, an icon, the project's images,
 * robots.txt, a 404 page, Netlify headers and the sitemap. Pages are streamed from the
 * database in batches.
 */
export async function buildSite(opts: BuildOptions): Promise<BuildResult> {
  const { project, siteUrl, repo, out } = opts;
  const written = await repo.sitePages(project.id);
  if (!written.some((p) => p.kind === 'homepage'))
    throw new AppError('conflict', MSG.nothingToPublish);

  const { frame, css, cssFile, digest } = siteFrameOf(project, siteUrl, written);
  const memo = createMemoKeeper(out, digest, opts.memo);
  await out.write(cssFile, css);
  await out.write('/favicon.svg', faviconSvg(project));
  const lost = await copyImages(opts, memo);
  const sitemap = siteUrl ? createSitemapWriter(out, siteUrl) : null;
  const [states, counties] = await Promise.all([
    repo.siteStates(project.id),
    repo.siteCounties(project.id),
  ]);
  const threads =
    opts.renderThreads ?? renderThreadsFor(counties.reduce((n, c) => n + Number(c.cities), 0));
  const pool = threads > 0 ? createRenderPool({ target: out.target, frame }, threads) : null;
  // A build that remembers nothing renders every page: the threads load the renderer while
  // the cities are read (~0.1 s, else waited for).
  if (!opts.memo) pool?.start();
  const sink = createPageSink({
    project,
    frame,
    out,
    memo,
    pool,
    sitemap,
    onProgress: opts.onProgress,
  });
  const unchanged = opts.memo
    ? (path: string, input: string) => memo.unchanged(fileOf(path), input)
    : undefined;
  try {
    await writePages(opts, written, sink, unchanged, { states, counties });
    await out.flush();
  } finally {
    await pool?.close();
  }

  // The addresses earlier deploys published (one per page of theirs), read once the pages are
  // written: held only while they are compared with this build's.
  const redirects = planRedirects(await repo.siteAddresses(project.id), sink.published, new Date());
  await writeSiteFiles(opts, frame, redirects);
  await sitemap?.finish();
  await out.flush();
  return {
    files: out.digest.size,
    pages: sink.pages,
    bytes: out.bytes,
    hasSitemap: Boolean(sitemap),
    missing: lost,
    rendered: memo.rendered,
    memo: memo.files(),
    redirects,
  };
}
