import type { ProjectRow } from '../../db/schema/index.ts';
import { footerPages, type SiteFrame, themeCss, themeFor } from '../site/lean.ts';
import { frameDigest } from './build-memo.ts';
import type { SitePage } from './site-reads.repo.ts';
import { sha1 } from './site-output.ts';

// Project fields that change without changing a page: a status flip must not re-render a site.
// The gate's thresholds reach pages through each page's own held flag; release and IndexNow
// settings change what is deployed and told, not how a page renders.
const NOT_RENDERED = new Set([
  'status',
  'updatedAt',
  'hasSiteMap',
  'deploymentStatus',
  'qualityGate',
  'gateMaxSimilarity',
  'gateMinLocalShare',
  'gateMinWords',
  'indexNow',
  'indexNowKey',
  'releasePerDay',
  'releaseTime',
  'releaseTimeZone',
  'releasePaused',
  'nextReleaseAt',
  'spendingCapUsd',
  'capMailedMonth',
  // Client approval reaches pages through each page's own held flag, like the gate.
  'requireClientApproval',
  // A page names the site's address through `siteUrl` alone (part of the frame): the row's
  // own copies of it change nothing the pages are made of.
  'netlifySiteId',
  'netlifySiteUrl',
  'netlifySiteUrlHistory',
  'clientDomain',
  'isDomainVerified',
]);

/** The frame every page of the site is rendered in, and the digest a memo knows it by. */
export function siteFrameOf(project: ProjectRow, siteUrl: string | undefined, written: SitePage[]) {
  const footer = footerPages(written);
  const css = themeCss(themeFor(project));
  const cssFile = `/assets/site-${sha1(css).slice(0, 10)}.css`;
  const digest = frameDigest({
    project: Object.fromEntries(Object.entries(project).filter(([k]) => !NOT_RENDERED.has(k))),
    footer,
    cssFile,
    siteUrl: siteUrl ?? null,
    // The footer's copyright year.
    year: new Date().getFullYear(),
  });
  const frame: SiteFrame = {
    project,
    footer,
    css: { href: cssFile },
    icon: '/favicon.svg',
    mode: 'publish',
    siteUrl,
  };
  return { frame, css, cssFile, digest };
}
