import { z } from 'zod';
import { ZDeployment } from './deployments.ts';
import { ZDomain, ZProject } from './projects.ts';

/** POST /api/projects/{id}/publish/, plus the deploy it ran. */
export const ZPublishResult = z.object({
  status: z.string(),
  netlifyUrl: z.string(),
  hasSiteMap: z.boolean(),
  netlify_site_url_history: z.array(z.string()),
  deployment: ZDeployment,
});
export type TPublishResult = z.infer<typeof ZPublishResult>;

export const ZDeleteNetlifySite = z.strictObject({
  site_url: z.string().trim().min(1, 'site_url is required').max(500),
});

/** POST /api/projects/{id}/add-custom-domain/ (the card flow). */
export const ZAddCustomDomain = z.strictObject({
  client_domain: ZDomain,
  email: z.union([z.literal(''), z.email('Invalid email address')]).optional(),
  contact_phone_number: z.string().trim().max(40).optional(),
});
export type TAddCustomDomain = z.input<typeof ZAddCustomDomain>;

/** One DNS record the verification looked for. */
const ZDomainCheck = z.object({
  /** 'TXT' for the ownership record, 'CNAME' for www and the bare domain. */
  type: z.enum(['TXT', 'CNAME']),
  /** The full name looked up, e.g. netlify-challenge.example.com. */
  host: z.string(),
  /** What the instructions ask for. */
  expected: z.string(),
  /** What DNS answered (empty when nothing). */
  found: z.array(z.string()),
  ok: z.boolean(),
  /** In words a site owner understands; null when the record is right. */
  problem: z.string().nullable(),
});
export type TDomainCheck = z.infer<typeof ZDomainCheck>;

/** POST /api/projects/{id}/verify-domain/: the check ran (verified or not) and each record. */
export const ZVerifyDomainResult = z.object({
  verified: z.boolean(),
  message: z.string(),
  checks: z.array(ZDomainCheck),
  data: ZProject,
});
export type TVerifyDomainResult = z.infer<typeof ZVerifyDomainResult>;

/**
 * An address the published site no longer has as a page, and where its 301 leads: the page's
 * new address, or the nearest page above it. `since`: the first deploy without the page.
 */
export const ZSiteRedirect = z.object({
  from: z.string(),
  to: z.string(),
  since: z.string(),
});
export type TSiteRedirect = z.infer<typeof ZSiteRedirect>;

/** Redirects a page of the project screen lists. */
export const SITE_REDIRECTS_PAGE_SIZE = 20;
