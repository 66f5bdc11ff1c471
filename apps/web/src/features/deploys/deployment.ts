import { DNS_TXT_RECORD, orderNetlifyUrls, PROJECT_STATUS } from '@cityforge/shared';
import type { TDeployment, TProject } from '@cityforge/shared';

/** What the deployment rules look at. */
export type DeployFacts = Pick<
  TProject,
  'netlifyLink' | 'netlifySiteUrl' | 'clientDomain' | 'isDomainVerified' | 'hasSiteMap'
>;

export type StepKey = 'netlify' | 'domain' | 'verify';

export interface DeployStep {
  key: StepKey;
  /** 1-based, as the guide numbers them. */
  number: 1 | 2 | 3;
  label: string;
  complete: boolean;
  enabled: boolean;
}

/** The hosted preview link; the spec calls it both netlifySiteUrl and netlifyLink. */
export function hostingLink(p: Pick<TProject, 'netlifyLink' | 'netlifySiteUrl'>): string | null {
  return p.netlifyLink || p.netlifySiteUrl || null;
}

function flags(p: DeployFacts) {
  const link = !!hostingLink(p);
  const domain = !!p.clientDomain?.trim();
  return { link, domain, verified: domain && p.isDomainVerified };
}

/**
 * Step 1 is complete with a hosting link; step 2 with a client domain and enabled once a
 * link exists; step 3 with a verified domain and enabled once a domain exists. `locked`
 * (status In progress or Error) disables every step.
 */
export function deploySteps(p: DeployFacts, locked = false): DeployStep[] {
  const f = flags(p);
  return [
    { key: 'netlify', number: 1, label: 'Deploy to Netlify', complete: f.link, enabled: !locked },
    {
      key: 'domain',
      number: 2,
      label: 'Add Domain',
      complete: f.domain,
      enabled: !locked && f.link,
    },
    {
      key: 'verify',
      number: 3,
      label: 'Verify Domain',
      complete: f.verified,
      enabled: !locked && f.domain,
    },
  ];
}

/** 100 with link, domain and verification; 75 link and verification; 50 link and domain; else 25. */
export function progressPercent(p: DeployFacts): number {
  const f = flags(p);
  const verified = !!p.isDomainVerified;
  if (f.link && f.domain && verified) return 100;
  if (f.link && verified && !f.domain) return 75;
  if (f.link && f.domain && !verified) return 50;
  return 25;
}

export type GuideStep = 1 | 2 | 3 | 4;
export const GUIDE_STEPS = 4;

/** The guide opens on step 1 without a link, 2 with a link but no domain, 3 with both. */
export function guideStartStep(p: DeployFacts): GuideStep {
  const f = flags(p);
  if (!f.link) return 1;
  return f.domain ? 3 : 2;
}

/** Next is free up to step 3; from step 3 on it needs a link, a domain and verification. */
export function canGoNext(step: GuideStep, p: DeployFacts): boolean {
  if (step >= GUIDE_STEPS) return false;
  if (step < 3) return true;
  const f = flags(p);
  return f.link && f.domain && f.verified;
}

/** "example.com" → "https://example.com"; anything starting with http is kept as it is. */
export function withProtocol(host: string): string {
  const clean = host.trim();
  return /^http/i.test(clean) ? clean : `https://${clean}`;
}

/**
 * The sitemap's address: {host}/sitemap.xml on the client domain when it is
 * verified, else on the hosting link; only when a link and a sitemap both exist.
 */
export function sitemapUrl(p: DeployFacts): string | null {
  const link = hostingLink(p);
  if (!link || !p.hasSiteMap) return null;
  const f = flags(p);
  const host = f.verified ? p.clientDomain!.trim() : link;
  return `${withProtocol(host).replace(/\/+$/, '')}/sitemap.xml`;
}

/** POST /publish/ answer. */
export interface PublishResult {
  status?: string | null;
  netlifyUrl?: string | null;
  hasSiteMap?: boolean;
  netlify_site_url_history?: string | string[] | null;
  /** The deploy the publish ran (the server's TPublishResult always has it). */
  deployment?: TDeployment | null;
}

/**
 * Publishing sets the status the server returns (default "Published"), the site url, the
 * sitemap flag and the url history. An empty url never replaces a link: a
 * deploy still running (202) answers before its site has one, and the link it had still works.
 */
export function applyPublishResult<T extends TProject>(project: T, result: PublishResult): T {
  const url = result.netlifyUrl || hostingLink(project);
  const history = result.netlify_site_url_history;
  const historyText = Array.isArray(history)
    ? history.join(',')
    : (history ?? project.netlifySiteUrlHistory);
  return {
    ...project,
    status: result.status || PROJECT_STATUS.published,
    netlifySiteUrl: url,
    netlifyLink: url,
    hasSiteMap: result.hasSiteMap ?? project.hasSiteMap,
    netlifySiteUrlHistory: historyText,
    netlifyUrls: orderNetlifyUrls(url, historyText.split(',')),
    deployment: result.deployment ?? project.deployment,
  };
}

/** "https://site.netlify.app/" → "site.netlify.app": what a CNAME record points to. */
export function hostOf(url: string): string {
  return url
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[/?#].*$/, '');
}

/** The TXT ownership record, and www and @ as CNAMEs to the hosting host. */
export function dnsRecords(
  link: string | null,
): { type: 'TXT' | 'CNAME'; name: string; value: string }[] {
  const target = link ? hostOf(link) : 'your-site.netlify.app';
  return [
    { type: 'TXT', name: DNS_TXT_RECORD.name, value: DNS_TXT_RECORD.value },
    { type: 'CNAME', name: 'www', value: target },
    { type: 'CNAME', name: '@', value: target },
  ];
}

export interface NetlifyUrl {
  url: string;
  /** The project's live hosting address (deleting it deletes the Netlify site). */
  current: boolean;
}

/** The hosting addresses to list, the current one marked (the order is the server's). */
export function netlifyUrls(
  p: Pick<TProject, 'netlifyLink' | 'netlifySiteUrl' | 'netlifySiteUrlHistory'>,
): NetlifyUrl[] {
  const current = hostingLink(p)?.trim() || null;
  const history = (p.netlifySiteUrlHistory ?? '').split(',');
  return orderNetlifyUrls(current, history).map((url, i) => ({
    url,
    current: current !== null && i === 0,
  }));
}
