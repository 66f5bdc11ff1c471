import type { ProjectRow } from '../../db/schema/index.ts';
import { pageDocument, type SiteFrame, hubBody, type HubPage } from '../site/lean.ts';
import type { createMemoKeeper } from './build-memo.ts';
import type { RenderPool } from './render-pool.ts';
import type { PageSink } from './site-reads.ts';
import { fileOf, type SiteOutput } from './site-output.ts';
import type { createSitemapWriter } from './sitemap.ts';
import type { PublishedPage } from './site-redirects.ts';

/**
 * Where a build's pages go: each is rendered (on this thread or a render thread) unless the
 * memo holds it unchanged, gets its line in the sitemap, and is remembered with its identity
 * (the addresses a deploy published: site-redirects.ts).
 */
export function createPageSink(opts: {
  project: ProjectRow;
  frame: SiteFrame;
  out: SiteOutput;
  memo: ReturnType<typeof createMemoKeeper>;
  pool: RenderPool | null;
  sitemap: ReturnType<typeof createSitemapWriter> | null;
  onProgress?: (files: number) => unknown;
}) {
  const { project, frame, out, memo, pool, sitemap } = opts;
  let pages = 0;
  const published: PublishedPage[] = [];
  let reported = 0;
  let reportedAt = performance.now();

  const emit: PageSink = async (ref, source, updatedAt) => {
    const file = fileOf(ref.path);
    await memo.keep(file, source.input, () =>
      pool
        ? out.pend(file, pool.render(file, ref, source.body()))
        : pageDocument(frame, ref, source.body()),
    );
    if (!source.noindex) await sitemap?.add(ref.path, updatedAt);
    published.push({
      path: ref.path,
      kind: ref.kind,
      cityId: source.cityId ?? null,
      serviceSlug: source.serviceSlug ?? null,
    });
    pages += 1;
    // Every 250 files and at most once a second: the screen polls every few seconds, and each
    // report is a write the build waits for.
    if (
      opts.onProgress &&
      out.digest.size - reported >= 250 &&
      performance.now() - reportedAt >= 1_000
    ) {
      reported = out.digest.size;
      reportedAt = performance.now();
      await opts.onProgress(reported);
    }
  };
  const emitHub = (hub: HubPage, updatedAt: Date) =>
    emit(
      { ...hub.ref, path: hub.ref.path! },
      { input: JSON.stringify(hub), body: () => hubBody(project, hub) },
      updatedAt,
    );
  return {
    emit,
    emitHub,
    get pages() {
      return pages;
    },
    /** Every page written so far, by address and identity. */
    published,
  };
}
