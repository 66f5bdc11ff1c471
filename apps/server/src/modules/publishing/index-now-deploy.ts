import type { ProjectRow } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { MemoFiles } from './build-memo.ts';
import { siteChanges, type SiteChanges } from './index-now-changes.ts';
import { newIndexNowKey, submitIndexNow, type IndexNowSubmission } from './index-now.ts';
import { publishedUrl } from './netlify-site.ts';

/** INDEXNOW_URL and INDEXNOW_TIMEOUT_SECONDS, as the deploy worker uses them. */
export type IndexNowConfig = { endpoint: string; timeoutMs: number };

/** The site a deploy tells IndexNow about: its origin, host and key. */
export type IndexNowSite = { origin: string; host: string; key: string };

/**
 * The site IndexNow hears about, or null when it hears nothing: the project wants it and its
 * pages live on its verified domain (the host its canonicals name). The key is made on the
 * first such deploy and kept: search engines remember a host's key.
 */
export async function indexNowSite(
  projectsRepo: Pick<ProjectsRepo, 'update'>,
  project: ProjectRow,
): Promise<IndexNowSite | null> {
  if (!project.indexNow || !project.clientDomain || !project.isDomainVerified) return null;
  const origin = publishedUrl(project)!;
  const key =
    project.indexNowKey ??
    (await projectsRepo.update(project.id, { indexNowKey: newIndexNowKey() })).indexNowKey!;
  return { origin, host: new URL(origin).host, key };
}

const counted = (n: number, word: string) =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

const kinds = (c: SiteChanges) =>
  (['changed', 'added', 'removed'] as const)
    .filter((kind) => c[kind].length)
    .map((kind) => `${c[kind].length.toLocaleString('en-US')} ${kind}`)
    .join(', ');

const STATUS_WORDS: Record<number, string> = {
  400: 'bad request',
  403: 'key not valid',
  422: 'URLs or key refused',
  429: 'too many requests',
};

function whyNot(outcome: IndexNowSubmission['outcome'], timeoutMs: number): string {
  switch (outcome.kind) {
    case 'refused': {
      const words = STATUS_WORDS[outcome.status];
      return `the endpoint answered ${outcome.status}${words ? ` (${words})` : ''}`;
    }
    case 'timeout':
      return `the endpoint did not answer within ${Math.round(timeoutMs / 1000)} s`;
    default:
      return 'the endpoint could not be reached';
  }
}

/** The deploy line's words for a submission: what was sent and how the endpoint took it. */
export function indexNowLine(
  changes: SiteChanges,
  submission: IndexNowSubmission,
  timeoutMs: number,
): string {
  const total = changes.changed.length + changes.added.length + changes.removed.length;
  const { sent, outcome } = submission;
  if (outcome.kind === 'accepted') {
    const pending = outcome.pending ? ' (key check pending)' : '';
    return `IndexNow: ${counted(total, 'URL')} sent (${kinds(changes)}), accepted${pending}`;
  }
  const why = whyNot(outcome, timeoutMs);
  if (!sent) return `IndexNow: not sent — ${why}`;
  return `IndexNow: ${sent.toLocaleString('en-US')} of ${counted(total, 'URL')} sent (${kinds(changes)}), then ${why}`;
}

/**
 * Tells IndexNow the pages a live deploy added, changed and removed (only those), and answers
 * the deploy line. Never throws: the site is live whatever IndexNow says.
 */
export async function tellIndexNow(opts: {
  config: IndexNowConfig;
  site: IndexNowSite;
  previous: MemoFiles | undefined;
  next: MemoFiles;
  /**
   * Addresses this deploy first redirects (or redirects anew): told as removed even when the
   * last deploy to this Netlify site is not remembered (a new site, a site rebuilt whole).
   */
  moved?: readonly string[];
  logger: Logger;
}): Promise<string> {
  const { config, site } = opts;
  try {
    const found = siteChanges(opts.previous, opts.next);
    const removed = [...new Set([...found.removed, ...(opts.moved ?? [])])].sort();
    const changes = { ...found, removed };
    const urls = [...changes.changed, ...changes.added, ...changes.removed].map(
      (address) => new URL(address, site.origin).href,
    );
    if (!urls.length) return 'IndexNow: nothing changed';
    const submission = await submitIndexNow({
      endpoint: config.endpoint,
      host: site.host,
      key: site.key,
      urls,
      timeoutMs: config.timeoutMs,
    });
    const line = indexNowLine(changes, submission, config.timeoutMs);
    opts.logger.info({ host: site.host, urls: urls.length, sent: submission.sent }, line);
    return line;
  } catch (error) {
    opts.logger.warn({ err: error, host: site.host }, 'IndexNow submission failed');
    return 'IndexNow: not sent — the submission failed';
  }
}
