import { createHash, randomBytes, randomUUID } from 'node:crypto';

export type FakeNetlifySite = {
  id: string;
  /** The token that created the site; any other token is answered as if it did not exist. */
  owner: string;
  name: string;
  customDomain: string | null;
  domainAliases: string[];
  /** Every sha1 ever uploaded to the site: a later deploy never has to upload them again. */
  held: Set<string>;
  /** path → sha1 of the published deploy. */
  publishedFiles: Map<string, string>;
  publishedDeployId: string | null;
  deployIds: Set<string>;
  createdAt: string;
  updatedAt: string;
};

/** `new`: created without a digest (as netlify-cli does), waiting for the PUT that adds one. */
export type FakeNetlifyDeployState = 'new' | 'uploading' | 'processing' | 'ready' | 'error';

/** The team a token belongs to: one per token, made on first use. */
export type FakeNetlifyAccount = { id: string; slug: string; name: string; createdAt: string };

export type FakeNetlifyDeploy = {
  id: string;
  siteId: string;
  state: FakeNetlifyDeployState;
  draft: boolean;
  /** The digest as posted: path → sha1 (lower case). */
  files: Map<string, string>;
  required: string[];
  /** Required sha1s not uploaded yet; the deploy leaves `uploading` when this empties. */
  pending: Set<string>;
  /** GETs answered while processing. */
  polls: number;
  /** Set by failNextDeploy: the deploy ends in `error` with this message instead of `ready`. */
  failWith: string | null;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};

/** A refusal the HTTP layer turns into `{code, message}`. */
export class NetlifyError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const NAME = /^[a-z0-9-]{1,63}$/;
const HOST = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const SHA1 = /^[0-9a-f]{40}$/;
export const APP_SUFFIX = '.netlify.app';

const now = () => new Date().toISOString();

/**
 * A deploy's `files`: path → sha1. Netlify takes paths with or without the leading slash
 * (netlify-cli sends `index.html`, @netlify/api callers often `/index.html`) and stores them
 * with it.
 */
function parseDigest(raw: unknown): Map<string, string> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new NetlifyError(422, 'files must be an object of path => sha1');
  const files = new Map<string, string>();
  for (const [name, sha] of Object.entries(raw)) {
    const digest = typeof sha === 'string' ? sha.toLowerCase() : '';
    const path = name.startsWith('/') ? name : `/${name}`;
    if (path === '/' || !SHA1.test(digest))
      throw new NetlifyError(422, `Invalid file digest for ${name}`);
    files.set(path, digest);
  }
  return files;
}

const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** Sites, deploys and blobs of the fake, with the rules the real API enforces on them. */
export class NetlifyState {
  readonly sites = new Map<string, FakeNetlifySite>();
  readonly deploys = new Map<string, FakeNetlifyDeploy>();
  /** Content-addressed, shared by all sites: a bench re-deploying the same pages stores them once. */
  readonly blobs = new Map<string, Buffer>();
  private readonly byName = new Map<string, FakeNetlifySite>();
  /** Custom domains and aliases; real Netlify refuses a domain that another site serves. */
  private readonly byDomain = new Map<string, FakeNetlifySite>();
  private readonly accounts = new Map<string, FakeNetlifyAccount>();
  private nextFailure: string | null = null;
  processingPolls: number;

  constructor(processingPolls: number) {
    this.processingPolls = processingPolls;
  }

  /** By id, `<name>.netlify.app`, custom domain or alias, as real Netlify resolves `site_id`. */
  findSite(idOrHost: string): FakeNetlifySite | undefined {
    const byId = this.sites.get(idOrHost);
    if (byId) return byId;
    const host = normalizeHost(idOrHost);
    if (host.endsWith(APP_SUFFIX)) return this.byName.get(host.slice(0, -APP_SUFFIX.length));
    return this.byDomain.get(host);
  }

  accountFor(token: string): FakeNetlifyAccount {
    let account = this.accounts.get(token);
    if (!account) {
      const id = randomBytes(12).toString('hex');
      account = { id, slug: `team-${id.slice(0, 8)}`, name: 'Fake Team', createdAt: now() };
      this.accounts.set(token, account);
    }
    return account;
  }

  /**
   * GET /sites: the token's sites, `name` matching part of the name as Netlify's search does,
   * paged by `page` and `per_page` (at most 100). Every site here is owned, so `guest` is empty.
   */
  listSites(token: string, query: URLSearchParams): FakeNetlifySite[] {
    const filter = query.get('filter') ?? 'all';
    if (!['all', 'owner', 'guest'].includes(filter))
      throw new NetlifyError(422, 'filter must be one of all, owner, guest');
    const name = query.get('name')?.toLowerCase() ?? '';
    const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
    const perPage = Math.min(
      100,
      Math.max(1, Number.parseInt(query.get('per_page') ?? '100', 10) || 100),
    );
    const mine = [...this.sites.values()].filter(
      (site) => site.owner === token && filter !== 'guest' && site.name.includes(name),
    );
    return mine.slice((page - 1) * perPage, page * perPage);
  }

  siteFor(token: string, idOrHost: string): FakeNetlifySite {
    const site = this.findSite(idOrHost);
    if (!site || site.owner !== token) throw new NetlifyError(404, 'Not Found');
    return site;
  }

  deployFor(token: string, deployId: string, site?: FakeNetlifySite): FakeNetlifyDeploy {
    const deploy = this.deploys.get(deployId);
    const owner = deploy && this.sites.get(deploy.siteId);
    if (!deploy || !owner || owner.owner !== token || (site && site !== owner))
      throw new NetlifyError(404, 'Not Found');
    return deploy;
  }

  createSite(token: string, body: Record<string, unknown>): FakeNetlifySite {
    let name = typeof body.name === 'string' ? body.name : undefined;
    if (name === undefined) {
      do name = `site-${randomBytes(3).toString('hex')}`;
      while (this.byName.has(name));
    }
    this.checkName(name, null);
    const customDomain = this.checkDomain(body.custom_domain, null, 'custom_domain');
    const id = randomUUID();
    const at = now();
    const site: FakeNetlifySite = {
      id,
      owner: token,
      name,
      customDomain: null,
      domainAliases: [],
      held: new Set(),
      publishedFiles: new Map(),
      publishedDeployId: null,
      deployIds: new Set(),
      createdAt: at,
      updatedAt: at,
    };
    this.sites.set(id, site);
    this.byName.set(name, site);
    this.setDomains(site, customDomain ?? null, []);
    return site;
  }

  updateSite(site: FakeNetlifySite, body: Record<string, unknown>): FakeNetlifySite {
    // Validate everything before touching anything, so a 422 leaves the site as it was.
    const name = typeof body.name === 'string' ? body.name : site.name;
    this.checkName(name, site);
    const custom =
      'custom_domain' in body
        ? (this.checkDomain(body.custom_domain, site, 'custom_domain') ?? null)
        : site.customDomain;
    let aliases = site.domainAliases;
    if ('domain_aliases' in body) {
      if (!Array.isArray(body.domain_aliases))
        throw new NetlifyError(422, 'domain_aliases must be an array');
      aliases = [
        ...new Set(body.domain_aliases.map((a) => this.checkDomain(a, site, 'domain_aliases'))),
      ].filter((a): a is string => !!a);
    }
    this.byName.delete(site.name);
    site.name = name;
    this.byName.set(name, site);
    this.setDomains(site, custom, aliases);
    site.updatedAt = now();
    return site;
  }

  deleteSite(site: FakeNetlifySite): void {
    for (const id of site.deployIds) this.deploys.delete(id);
    this.setDomains(site, null, []);
    this.byName.delete(site.name);
    this.sites.delete(site.id);
  }

  failNextDeploy(message: string): void {
    this.nextFailure = message;
  }

  /**
   * POST /sites/ID/deploys. With `files` the digest is taken at once; without, the deploy is
   * `new` until PUT /sites/ID/deploys/ID brings the digest (netlify-cli creates, then updates).
   */
  createDeploy(site: FakeNetlifySite, body: Record<string, unknown>): FakeNetlifyDeploy {
    const files = body.files === undefined ? null : parseDigest(body.files);
    const at = now();
    const deploy: FakeNetlifyDeploy = {
      id: randomBytes(12).toString('hex'),
      siteId: site.id,
      state: 'new',
      draft: body.draft === true,
      files: new Map(),
      required: [],
      pending: new Set(),
      polls: 0,
      failWith: this.nextFailure,
      errorMessage: null,
      createdAt: at,
      updatedAt: at,
      publishedAt: null,
    };
    this.nextFailure = null;
    if (files) this.takeDigest(deploy, site, files);
    this.deploys.set(deploy.id, deploy);
    site.deployIds.add(deploy.id);
    return deploy;
  }

  /**
   * POST /sites/ID/deploys with a ZIP body: the deploy is the ZIP's files, every one of them
   * stored at once, so nothing is required and the deploy goes on to processing.
   */
  createZipDeploy(site: FakeNetlifySite, files: Map<string, Buffer>): FakeNetlifyDeploy {
    const deploy = this.createDeploy(site, {});
    const digest = new Map<string, string>();
    for (const [path, body] of files) {
      const sha = createHash('sha1').update(body).digest('hex');
      digest.set(path, sha);
      if (!this.blobs.has(sha)) this.blobs.set(sha, body);
      site.held.add(sha);
    }
    this.takeDigest(deploy, site, digest);
    return deploy;
  }

  /** PUT /sites/ID/deploys/ID: the digest of a deploy created without one. */
  updateDeploy(deploy: FakeNetlifyDeploy, body: Record<string, unknown>): FakeNetlifyDeploy {
    if (deploy.state !== 'new')
      throw new NetlifyError(422, `Deploy is ${deploy.state}, its files are already set`);
    const files = parseDigest(body.files);
    if (typeof body.draft === 'boolean') deploy.draft = body.draft;
    // `async: true` asks Netlify to diff in the background; the fake diffs at once and answers
    // with the outcome, which clients that poll for it accept on their first poll.
    this.takeDigest(deploy, this.sites.get(deploy.siteId)!, files);
    deploy.updatedAt = now();
    return deploy;
  }

  /** POST /deploys/ID/cancel: a deploy that is not live yet ends in `error`. */
  cancelDeploy(deploy: FakeNetlifyDeploy): FakeNetlifyDeploy {
    if (deploy.state === 'ready' || deploy.state === 'error') return deploy;
    deploy.state = 'error';
    deploy.errorMessage = 'Canceled';
    deploy.pending.clear();
    deploy.updatedAt = now();
    return deploy;
  }

  private takeDigest(deploy: FakeNetlifyDeploy, site: FakeNetlifySite, files: Map<string, string>) {
    deploy.files = files;
    deploy.required = [...new Set(files.values())].filter((sha) => !site.held.has(sha));
    deploy.pending = new Set(deploy.required);
    deploy.state = deploy.required.length ? 'uploading' : 'processing';
  }

  /** Stores one uploaded file whose body hashed to `sha`, if the digest expects exactly that. */
  upload(deploy: FakeNetlifyDeploy, path: string, body: Buffer, sha: string): void {
    if (deploy.state !== 'uploading')
      throw new NetlifyError(422, `Deploy is ${deploy.state}, not accepting uploads`);
    const expected = deploy.files.get(path);
    if (!expected) throw new NetlifyError(422, `File ${path} is not part of this deploy`);
    if (expected !== sha) throw new NetlifyError(422, 'checksum mismatch');
    if (!this.blobs.has(sha)) this.blobs.set(sha, body);
    this.sites.get(deploy.siteId)?.held.add(sha);
    deploy.pending.delete(sha);
    deploy.updatedAt = now();
    if (deploy.pending.size === 0) deploy.state = 'processing';
  }

  /** Counts a GET; processing answers `processing` for `processingPolls` GETs, then settles. */
  poll(deploy: FakeNetlifyDeploy): void {
    if (deploy.state !== 'processing') return;
    if (deploy.polls++ < this.processingPolls) return;
    const at = now();
    deploy.updatedAt = at;
    if (deploy.failWith !== null) {
      deploy.state = 'error';
      deploy.errorMessage = deploy.failWith;
      return;
    }
    deploy.state = 'ready';
    const site = this.sites.get(deploy.siteId);
    if (!site || deploy.draft) return;
    deploy.publishedAt = at;
    site.publishedFiles = new Map(deploy.files);
    site.publishedDeployId = deploy.id;
    site.updatedAt = at;
  }

  private checkName(name: string, self: FakeNetlifySite | null): void {
    if (!NAME.test(name)) throw new NetlifyError(422, 'invalid name');
    const other = this.byName.get(name);
    if (other && other !== self) throw new NetlifyError(422, 'name already exists');
  }

  private checkDomain(value: unknown, self: FakeNetlifySite | null, field: string) {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    if (typeof value !== 'string') throw new NetlifyError(422, `invalid ${field}`);
    const host = normalizeHost(value);
    if (!HOST.test(host)) throw new NetlifyError(422, `invalid ${field}`);
    const other = this.byDomain.get(host);
    if (other && other !== self) throw new NetlifyError(422, `${field} ${host} is already in use`);
    return host;
  }

  private setDomains(site: FakeNetlifySite, custom: string | null, aliases: string[]): void {
    for (const d of [site.customDomain, ...site.domainAliases]) if (d) this.byDomain.delete(d);
    site.customDomain = custom;
    site.domainAliases = aliases;
    for (const d of [custom, ...aliases]) if (d) this.byDomain.set(d, site);
  }
}
