import { z } from 'zod';
import { ZId } from './common.ts';
import { MSG } from '../messages.ts';
import { ZDeployment } from './deployments.ts';
import {
  QUALITY_VERDICTS,
  ZQualityGate,
  ZReleasePlan,
  ZUpdateQualityGate,
  ZUpdateReleasePlan,
} from './quality.ts';
import { ZReleaseProgress } from './releases.ts';
import { ZSpendingCapInput } from './spending.ts';

/** The model every new project starts with (spec: a Sonnet 3.7 class model via OpenRouter). */
export const DEFAULT_MODEL_ID = 'anthropic/claude-3.7-sonnet';
export const OFFLINE_MODEL_ID = 'offline-draft';

export const ZAiModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(['offline', 'openrouter', 'openai']),
  /** False when the caller lacks the key this model needs. */
  available: z.boolean(),
});
export type TAiModel = z.infer<typeof ZAiModel>;

/**
 * How a model call asked for its answer's shape: `json_schema` (structured outputs, decoding
 * held to the page schema), `json_object` (JSON mode, the shape in the prompt) or `offline`
 * (no model). Null on usage recorded before modes were, and on image calls.
 */
export const OUTPUT_MODES = ['json_schema', 'json_object', 'offline'] as const;
export type TOutputMode = (typeof OUTPUT_MODES)[number];

const ZUsageEntry = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  createdAt: z.string(),
  callType: z.string(),
  model: z.string(),
  outputMode: z.enum(OUTPUT_MODES).nullable(),
  /** USD at the model's price when called: 0 for the offline draft, null when unpriced. */
  costUsd: z.number().nullable(),
});
export type TUsageEntry = z.infer<typeof ZUsageEntry>;

export const ZHeaderLink = z.object({ name: z.string(), link: z.string(), show: z.boolean() });
export type THeaderLink = z.infer<typeof ZHeaderLink>;

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Why a (trimmed, lower-cased) client domain is unacceptable, or null. */
function domainProblem(value: string): string | null {
  if (!value) return MSG.domainRequired;
  if (/^[a-z]+:\/\//.test(value)) return MSG.domainNoProtocol;
  if (value.startsWith('www.')) return MSG.domainNoWww;
  if (!DOMAIN_PATTERN.test(value)) return MSG.domainInvalid;
  return null;
}

const ZDomainText = z.string({ error: MSG.domainRequired }).trim().toLowerCase();
const checkDomain = (value: string, ctx: z.RefinementCtx) => {
  const problem = domainProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** A required client domain, without www or protocol. */
export const ZDomain = ZDomainText.superRefine(checkDomain);
/** An optional one: empty means none. */
const ZOptionalDomain = ZDomainText.optional().superRefine((v, ctx) => {
  if (v) checkDomain(v, ctx);
});

const ZOptionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: MSG.emailInvalid })
  .optional();
const ZPhone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || /^[+()\d\s.-]{7,40}$/.test(v), { error: MSG.phoneInvalid })
  .optional();
export const ZCreateProject = z.strictObject({
  name: z
    .string({ error: MSG.projectNameRequired })
    .trim()
    .min(1, { error: MSG.projectNameRequired })
    .max(120),
  serviceType: z
    .string({ error: MSG.serviceTypeRequired })
    .trim()
    .min(1, { error: MSG.serviceTypeRequired })
    .max(120),
  model: z.string().trim().min(1, { error: MSG.modelRequired }).max(120).default(DEFAULT_MODEL_ID),
  prompt: z.string().max(20_000).optional().default(''),
  contactPhoneNumber: ZPhone.default(''),
  email: ZOptionalEmail.default(''),
  clientDomain: ZOptionalDomain.default(''),
  createServicePages: z.boolean().default(false),
});
export type TCreateProject = z.input<typeof ZCreateProject>;

/** "Add New Page": a name, what the page is about (the prompt) and the model to write it. */
export const ZCreatePage = z.strictObject({
  name: z
    .string({ error: MSG.projectNameRequired })
    .trim()
    .min(1, { error: MSG.projectNameRequired })
    .max(120),
  prompt: z.string().trim().max(20_000).optional().default(''),
  model: z.string().trim().min(1, { error: MSG.modelRequired }).max(120),
});
export type TCreatePage = z.input<typeof ZCreatePage>;

/** A project as the list and its cards show it. */
export const ZProject = z.object({
  id: z.string(),
  name: z.string(),
  serviceType: z.string(),
  model: z.string(),
  prompt: z.string(),
  contactPhoneNumber: z.string(),
  email: z.string(),
  clientDomain: z.string().nullable(),
  isDomainVerified: z.boolean(),
  createServicePages: z.boolean(),
  totalCityPages: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  netlifySiteUrl: z.string().nullable(),
  netlifyLink: z.string().nullable(),
  /** Comma-separated list of every hosting URL the project has had. */
  netlifySiteUrlHistory: z.string(),
  /** The same addresses as a list, the current one first and then newest first. */
  netlifyUrls: z.array(z.string()),
  hasSiteMap: z.boolean(),
  /** The latest deploy to Netlify (progress while one runs); null before the first. */
  deployment: ZDeployment.nullable(),
  /** Superusers only; empty for everyone else. */
  usage: z.array(ZUsageEntry),
  /** The staged release's progress; null when every written page goes live at once. */
  release: ZReleaseProgress.nullable(),
  /** City pages the quality gate holds back (noindex, out of the sitemap). */
  heldBackCities: z.number().int(),
});
export type TProject = z.infer<typeof ZProject>;

const ZPageState = {
  id: z.string(),
  status: z.string(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  model: z.object({ id: z.string(), name: z.string() }),
  usage: z.array(ZUsageEntry),
};

const ZPageSummary = z.object({
  ...ZPageState,
  name: z.string(),
  slug: z.string(),
  prompt: z.string(),
});
export type TPageSummary = z.infer<typeof ZPageSummary>;

/** One of a city's service pages: the service, its page's state and the gate's verdict. */
export const ZServiceCityNode = z.object({
  id: z.string(),
  service: z.string(),
  slug: z.string(),
  status: z.string(),
  verdict: z.enum(QUALITY_VERDICTS),
});
export type TServiceCityNode = z.infer<typeof ZServiceCityNode>;

const ZCityNode = z.object({
  ...ZPageState,
  name: z.string(),
  slug: z.string(),
  zips: z.array(z.string()),
  /** Highest share of 5-word shingles shared with a sibling page (0-1); null until scored. */
  similarity: z.number().nullable(),
  /** The sibling it is most similar to. */
  similarTo: z.string().nullable(),
  /** similarity is above SIMILARITY_THRESHOLD. */
  tooSimilar: z.boolean(),
  /** Facts the customer gave for the place. */
  factCount: z.number().int(),
  /** Its pages for the services it offers (service-city pages), in the services' order. */
  servicePages: z.array(ZServiceCityNode),
});
const ZCountyNode = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  cities: z.array(ZCityNode),
});
const ZStateNode = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  slug: z.string(),
  counties: z.array(ZCountyNode),
});
export type TCityNode = z.infer<typeof ZCityNode>;
export type TCountyNode = z.infer<typeof ZCountyNode>;
export type TStateNode = z.infer<typeof ZStateNode>;

export const ZProjectDetail = ZProject.extend({
  deploymentStatus: z.string().nullable(),
  userPrompt: z.string(),
  metaTagsTemplate: z.string(),
  pages: z.array(ZPageSummary),
  servicePages: z.array(ZPageSummary),
  totalCities: z.number().int(),
  queuedCities: z.number().int(),
  states: z.array(ZStateNode),
  headerLinks: z.array(ZHeaderLink),
});
export type TProjectDetail = z.infer<typeof ZProjectDetail>;

/** A service of the project as settings name it: its service page's slug. */
const ZServiceSlug = z.string().trim().min(1).max(200);
/**
 * Service-city pages: on or off, for every service of the project or the listed ones, and
 * whether a place whose sheet row names no services offers them all or none.
 */
export const ZServicePagesSetting = z.strictObject({
  enabled: z.boolean(),
  services: z.union([
    z.literal('all'),
    z.array(ZServiceSlug).min(1, 'Choose at least one service, or all of them.').max(200),
  ]),
  unlisted: z.enum(['all', 'none']),
});
export type TServicePagesSetting = z.infer<typeof ZServicePagesSetting>;

/** What saving a service-city pages setting would do: pages added, removed, and then in all. */
export const ZServicePagesPreview = z.object({
  adding: z.number().int(),
  removing: z.number().int(),
  total: z.number().int(),
});
export type TServicePagesPreview = z.infer<typeof ZServicePagesPreview>;

export const ZProjectSettings = z.object({
  metaTags: z.string(),
  trackingCodeHead: z.string(),
  trackingCodeBody: z.string(),
  email: z.string(),
  clientDomain: z.string(),
  contactPhoneNumber: z.string(),
  /** The quality gate's thresholds (defaults filled in). */
  qualityGate: ZQualityGate,
  /** Tell IndexNow what each deploy changed (sites on a verified custom domain). */
  indexNow: z.boolean(),
  /** Staged releases of the city pages. */
  release: ZReleasePlan,
  /** The most the project may spend on AI calls in a calendar month (UTC); null: none. */
  spendingCapUsd: z.number().nullable(),
  /** Service-city pages: one page per service a place offers. */
  servicePages: ZServicePagesSetting,
  /** A deploy publishes only the pages the workspace's client approved. */
  requireClientApproval: z.boolean(),
});
export type TProjectSettings = z.infer<typeof ZProjectSettings>;

export const ZUpdateProjectSettings = z.strictObject({
  metaTags: z.string().max(5000).optional(),
  trackingCodeHead: z.string().max(20_000).optional(),
  trackingCodeBody: z.string().max(20_000).optional(),
  email: ZOptionalEmail,
  clientDomain: ZOptionalDomain,
  contactPhoneNumber: ZPhone,
  qualityGate: ZUpdateQualityGate.optional(),
  indexNow: z.boolean().optional(),
  release: ZUpdateReleasePlan.optional(),
  spendingCapUsd: ZSpendingCapInput.optional(),
  servicePages: ZServicePagesSetting.optional(),
  requireClientApproval: z.boolean().optional(),
});
export type TUpdateProjectSettings = z.input<typeof ZUpdateProjectSettings>;

export const ZUpdateHeaderLinks = z.strictObject({
  visible_links: z.array(z.string().max(120)).max(50),
});

export const ZSetDomain = z.strictObject({ clientDomain: ZDomain });

export const ZProjectListQuery = z.object({
  query: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).default(1),
  /** Whose projects: the caller's own id; a superuser may name anyone's, or "all". */
  user_id: z.union([z.literal('all'), ZId('user')], { error: 'Not a valid user id' }).optional(),
});
