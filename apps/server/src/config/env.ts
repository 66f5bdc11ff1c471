import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';

/**
 * log2 of scrypt's N for new password hashes: 2^15 with r=8 is OWASP's minimum, the default and
 * the floor in production. A hash keeps the N it was made with, so raising the cost leaves old
 * hashes readable (and sign-in upgrades them, see `passwordHashCost`).
 */
export const PASSWORD_HASH_COST = 15;

const ZOptionalUrl = z.url().optional();

// proxy-addr's names for whole ranges, as Fastify accepts them.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * How many proxies stand in front of the API, or their addresses (IPs or CIDRs, comma
 * separated). "true" is refused: trusting every X-Forwarded-For lets any client choose the
 * address its rate limits are counted against.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string => {
    if (['false', '0', 'no'].includes(v)) return false;
    if (/^\d+$/.test(v) && Number(v) <= 16) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    if (entries.every(isAddressOrCidr)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the number of proxy hops in front of the API (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1, or loopback/linklocal/uniquelocal); "true" (trust anyone) is not accepted',
    });
    return z.NEVER;
  });

/** Host names (as written in a URL, with an optional :port) fetched even from private addresses. */
const ZHostList = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * The environment contract (docs/operations.md lists it): every variable optional, defaults
 * give the embedded mode. Parsed once at start; an invalid value stops the process with a list.
 */
export const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: ZOptionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('CityForge <no-reply@cityforge.local>'),
    OPENROUTER_BASE_URL: z.url().default('https://openrouter.ai/api/v1'),
    OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
    OPENROUTER_API_KEY: z.string().optional(),
    OPENAI_API_KEY: z.string().optional(),
    NETLIFY_API_URL: z.url().default('https://api.netlify.com/api/v1'),
    /** How long a Netlify connection may stay silent (no byte either way) before the call is retried. */
    NETLIFY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
    /**
     * Netlify's rate limits per access token, counted over NETLIFY_RATE_WINDOW_SECONDS: deploys
     * created (shared by every process on the database) and API calls (per process; Netlify's
     * X-RateLimit-* headers and 429s say how much the token's other users took).
     */
    NETLIFY_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    NETLIFY_DEPLOYS_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).default(3),
    NETLIFY_CALLS_PER_WINDOW: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /**
     * A site's first deploy to its Netlify site goes as one ZIP from this many cities on (one
     * request instead of one per file); smaller sites send their digest and files. 0: always.
     */
    NETLIFY_ZIP_FROM_CITIES: z.coerce.number().int().min(0).max(1_000_000).default(500),
    /**
     * How hard that ZIP's pages are deflated: 0 stores them (as the digest method's uploads
     * send them), 1–9 trade the render threads' CPU for fewer bytes on a slow uplink.
     */
    NETLIFY_ZIP_LEVEL: z.coerce.number().int().min(0).max(9).default(0),
    /**
     * How long POST publish/ holds the request for the deploy before answering 202 with its
     * progress; the deploy goes on and the web app follows it through GET deployment/.
     */
    PUBLISH_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /**
     * With PostgreSQL, how long work in flight may stay still before it counts as left behind
     * by a dead process and is put right: a running deploy whose worker stopped writing ends as
     * interrupted; a queued page whose job was never sent gets one. (The embedded mode puts
     * both right at boot: no other process can be running them.) A live deploy worker writes
     * every 5 s, so 15 is the floor; longer waits out longer pauses of a loaded worker.
     */
    RECOVER_AFTER_SECONDS: z.coerce.number().int().min(15).max(3600).default(60),
    /** How often a worker checks for staged releases whose next batch is due. */
    RELEASE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** The IndexNow endpoint a deploy to a verified domain tells what changed ({url}/indexnow). */
    INDEXNOW_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.indexnow.org'),
    /** How long one IndexNow request may take; past it the deploy stops telling and says so. */
    INDEXNOW_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_URL: ZOptionalUrl,
    /**
     * An OAuth client of the operator's Google Cloud project: with both, owners connect Google
     * on their profile and linked Google Sheets are read through the Sheets API as them.
     */
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /**
     * Google's OAuth endpoints: unset, the real ones (the consent screen on accounts.google.com,
     * tokens and revocation on oauth2.googleapis.com); set, one server answering them all
     * (`/o/oauth2/v2/auth`, `/token`, `/revoke`): a proxy or a local fake.
     */
    GOOGLE_OAUTH_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    /** Where the Sheets API is (`{url}/v4/spreadsheets/…`). */
    GOOGLE_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://sheets.googleapis.com'),
    DNS_SERVERS: z.string().optional(),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** Pages written at once with one API key, across every worker process. */
    GENERATION_CONCURRENCY_PER_KEY: z.coerce.number().int().min(1).max(64).default(4),
    /** How long one model call may take before it is abandoned and retried. */
    AI_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(1800).default(240),
    /** Time and heap one upload's spreadsheet parse (a worker thread) may use before it is stopped. */
    UPLOAD_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    UPLOAD_PARSE_MEMORY_MB: z.coerce.number().int().min(16).max(8192).default(768),
    /** One site download's build process: its deadline and heap cap (site-zip.ts). */
    SITE_ZIP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    SITE_ZIP_MEMORY_MB: z.coerce.number().int().min(16).max(8192).default(512),
    /** How long a download waits for a build process before it is answered 503 (busy). */
    SITE_ZIP_QUEUE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
    /**
     * Up to this many cities the detail screen's tree (GET detail/lean/) carries every city;
     * past it, counties come with counts and their cities are fetched when one is opened.
     */
    DETAIL_INLINE_CITIES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: ZTrustProxy.default(false),
    /**
     * Hosts trusted although they resolve to a private, loopback or link-local address (an
     * OpenAI-compatible gateway on the LAN, a file server of the operator's): every fetch of an
     * address someone else named (photos, linked sheets, providers' images) must otherwise
     * reach a public one. IMAGE_DOWNLOAD_TRUSTED_HOSTS is its earlier name, still honoured.
     */
    FETCH_TRUSTED_HOSTS: ZHostList.default([]),
    IMAGE_DOWNLOAD_TRUSTED_HOSTS: ZHostList.default([]),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
    // log2 of scrypt's N for new password hashes. Below OWASP's 15 only outside production
    // (a test run signs in hundreds of times; each hash at 15 is ~90 ms of CPU).
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PASSWORD_HASH_COST),
    /**
     * Object storage shared by every process (S3 or an S3-compatible store such as MinIO); unset
     * → files in DATA_DIR, for one machine only. S3_ENDPOINT is left unset for AWS itself.
     */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z 0-9 . -)')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Sentry project DSN for the server and the web app; unset → no error reporting at all. */
    SENTRY_DSN: z
      .url()
      .regex(/^https?:\/\/[^@/]+@[^/]+\/.+$/, 'must look like https://<key>@<host>/<project>')
      .optional(),
  })
  .superRefine((env, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if ((env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) && !env.S3_BUCKET)
      problem('S3_BUCKET', 'must be set when any other S3_ variable is');
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET))
      problem('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
      problem('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    // A secret generated per machine would make one machine's sessions and sealed API keys
    // unreadable on the next.
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < PASSWORD_HASH_COST)
      problem(
        'PASSWORD_HASH_COST',
        `must be at least ${PASSWORD_HASH_COST} in production (OWASP minimum for scrypt)`,
      );
    if (env.S3_BUCKET && !env.APP_SECRET)
      problem(
        'APP_SECRET',
        'must be set when files are in object storage (S3_BUCKET): every machine signs sessions and seals API keys with it',
      );
  });
export type TEnv = z.infer<typeof ZEnv>;

export type Config = TEnv & {
  appUrl: string;
  dataDir: string;
  embeddedDb: boolean;
  runApi: boolean;
  runWorkers: boolean;
  stripeConfigured: boolean;
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: owners may connect Google. */
  googleConfigured: boolean;
  webDistDir: string;
  /** FETCH_TRUSTED_HOSTS and IMAGE_DOWNLOAD_TRUSTED_HOSTS together. */
  fetchTrustedHosts: string[];
};

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset so `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    dataDir,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    embeddedDb: !env.DATABASE_URL,
    runApi: env.ROLE !== 'worker',
    runWorkers: env.ROLE !== 'api',
    stripeConfigured: Boolean(env.STRIPE_SECRET_KEY),
    googleConfigured: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    fetchTrustedHosts: [
      ...new Set([...env.FETCH_TRUSTED_HOSTS, ...env.IMAGE_DOWNLOAD_TRUSTED_HOSTS]),
    ],
    webDistDir: path.resolve(
      env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname,
    ),
  };
}
