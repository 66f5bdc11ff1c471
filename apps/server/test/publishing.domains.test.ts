import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DNS_TXT_RECORD, MSG, type TProject, type TVerifyDomainResult } from '@cityforge/shared';
import { NETLIFY_APEX_IP } from '../src/modules/domains/dns-check.ts';
import { startFakeDns, type FakeDns } from '@cityforge/fakes/dns';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { published, siteProject } from './helpers/publishing.ts';

let t: TestApp;
let netlify: FakeNetlify;
let dns: FakeDns;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  dns = await startFakeDns();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, DNS_SERVERS: dns.servers });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  await dns.close();
});

const { get, post } = http(() => t);
let seq = 0;
const domainName = () => `lonestar-${++seq}-${Date.now().toString(36)}.test`;

async function verify(id: string, headers: Record<string, string>) {
  const res = await post(`/api/projects/${id}/verify-domain/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TVerifyDomainResult;
}
const failing = (r: TVerifyDomainResult) => r.checks.filter((c) => !c.ok).map((c) => c.host);

describe('custom domains', () => {
  it('stores a domain before the first deploy and attaches it to the site on publish', async () => {
    const u = await siteProject(t);
    const domain = domainName();
    const set = await post(`/api/projects/${u.id}/domain/`, u.headers, { clientDomain: domain });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(MSG.domainUpdated);
    const result = await published(t, u.id, u.headers);
    const site = netlify.findSite(new URL(result.netlifyUrl).host)!;
    expect(site.customDomain).toBe(domain);
    expect(site.domainAliases).toEqual([`www.${domain}`]);
  });

  it('adds a domain to a live site with the contact details, and keeps nothing Netlify refuses', async () => {
    const a = await siteProject(t);
    const b = await siteProject(t);
    const siteA = await published(t, a.id, a.headers);
    await published(t, b.id, b.headers);
    const domain = domainName();
    const res = await post(`/api/projects/${a.id}/add-custom-domain/`, a.headers, {
      client_domain: domain,
      email: 'owner@lonestar.test',
      contact_phone_number: '(512) 555-0123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const project = res.json().data as TProject;
    expect(project.clientDomain).toBe(domain);
    expect(project.email).toBe('owner@lonestar.test');
    expect(project.contactPhoneNumber).toBe('(512) 555-0123');
    expect(netlify.findSite(new URL(siteA.netlifyUrl).host)!.customDomain).toBe(domain);

    // The same domain on another user's site: Netlify refuses it and B keeps what it had.
    const taken = await post(`/api/projects/${b.id}/domain/`, b.headers, { clientDomain: domain });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toMatch(/^Netlify did not accept the domain: .*already in use/);
    const after = (await get(`/api/projects/${b.id}/`, b.headers)).json().data as TProject;
    expect(after.clientDomain).toBeNull();

    const bad = await post(`/api/projects/${a.id}/add-custom-domain/`, a.headers, {
      client_domain: 'https://www.example.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.client_domain).toEqual([MSG.domainNoProtocol]);
  });

  it('verifies by DNS, naming each missing or wrong record, then canonicals use the domain', async () => {
    const u = await siteProject(t);
    const noDomain = await post(`/api/projects/${u.id}/verify-domain/`, u.headers);
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json().message).toBe(MSG.domainNotSet);
    const domain = domainName();
    await post(`/api/projects/${u.id}/domain/`, u.headers, { clientDomain: domain });
    const notDeployed = await post(`/api/projects/${u.id}/verify-domain/`, u.headers);
    expect(notDeployed.json().message).toBe(MSG.deployFirst);

    const site = await published(t, u.id, u.headers);
    const host = new URL(site.netlifyUrl).host;

    const nothing = await verify(u.id, u.headers);
    expect(nothing.verified).toBe(false);
    expect(nothing.message).toBe(MSG.domainNotVerified);
    expect(failing(nothing)).toEqual([`netlify-challenge.${domain}`, `www.${domain}`, domain]);
    expect(nothing.checks[0]!.problem).toContain(`value ${DNS_TXT_RECORD.value}`);
    expect(nothing.checks[1]!.problem).toContain(`pointing to ${host}`);
    expect(nothing.data.isDomainVerified).toBe(false);

    dns.zone(domain, { txt: 'something-else', wwwCname: 'parked.registrar.test' });
    const wrong = await verify(u.id, u.headers);
    expect(wrong.checks[0]!.found).toEqual(['something-else']);
    expect(wrong.checks[0]!.problem).toContain(`should say "${DNS_TXT_RECORD.value}"`);
    expect(wrong.checks[1]!.problem).toBe(
      `www.${domain} points to parked.registrar.test instead of ${host}. Change the record so it points to ${host}.`,
    );

    dns.zone(domain, { txt: DNS_TXT_RECORD.value, wwwCname: host });
    const apexMissing = await verify(u.id, u.headers);
    expect(failing(apexMissing)).toEqual([domain]);
    expect(apexMissing.checks[2]!.problem).toContain('ALIAS');

    // A provider that flattens the bare domain answers Netlify's load balancer address.
    dns.zone(domain, { apexA: NETLIFY_APEX_IP });
    const ok = await verify(u.id, u.headers);
    expect(ok.verified).toBe(true);
    expect(ok.message).toBe(MSG.domainVerified);
    expect(ok.data.isDomainVerified).toBe(true);

    const live = await published(t, u.id, u.headers);
    expect(live.netlifyUrl).toBe(site.netlifyUrl);
    const files = netlify.publishedFiles(host);
    expect(files.get('/sitemap.xml')!.toString()).toContain(`<loc>https://${domain}/</loc>`);
    expect(files.get('/index.html')!.toString()).toContain(
      `<link rel="canonical" href="https://${domain}/">`,
    );

    // Records removed: the next check says so and the domain is no longer verified.
    dns.clear(`netlify-challenge.${domain}`);
    const gone = await verify(u.id, u.headers);
    expect(failing(gone)).toEqual([`netlify-challenge.${domain}`]);
    expect(gone.data.isDomainVerified).toBe(false);
  });

  it('accepts a CNAME on the bare domain as the instructions give it', async () => {
    const u = await siteProject(t);
    const domain = domainName();
    await post(`/api/projects/${u.id}/domain/`, u.headers, { clientDomain: domain });
    const site = await published(t, u.id, u.headers);
    const host = new URL(site.netlifyUrl).host;
    dns.zone(domain, { txt: DNS_TXT_RECORD.value, wwwCname: host, apexCname: host });
    expect((await verify(u.id, u.headers)).verified).toBe(true);
  });
});
