import { Resolver } from 'node:dns/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TCPClient } from 'dns2';
import { startFakeDns, type FakeDns } from '@cityforge/fakes/dns';

// Every check resolves through node's own resolver (c-ares), the one the product uses with
// DNS_SERVERS, so the fake is proven to speak DNS on the wire, not just to store records.
let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns();
});
afterEach(() => dns.clear());
afterAll(() => dns.close());

const resolver = () => {
  const r = new Resolver({ timeout: 2_000, tries: 1 });
  r.setServers([dns.servers]);
  return r;
};

const errorCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: NodeJS.ErrnoException) => error.code,
  );

describe('fake DNS server', () => {
  it('answers TXT, CNAME and A records', async () => {
    dns.set('netlify-challenge.example.com', 'TXT', ['token-1', 'token-2']);
    dns.set('www.example.com', 'CNAME', ['acme.netlify.app.']);
    dns.set('example.com', 'A', ['75.2.60.5']);
    const r = resolver();
    expect((await r.resolveTxt('netlify-challenge.example.com')).sort()).toEqual([
      ['token-1'],
      ['token-2'],
    ]);
    expect(await r.resolveCname('www.example.com')).toEqual(['acme.netlify.app']);
    expect(await r.resolve4('example.com')).toEqual(['75.2.60.5']);
  });

  it('matches names case-insensitively and tolerates a trailing dot', async () => {
    dns.set('Netlify-Challenge.Example.com.', 'TXT', ['abc']);
    expect(await resolver().resolveTxt('NETLIFY-CHALLENGE.example.COM')).toEqual([['abc']]);
    expect(await resolver().resolveTxt('netlify-challenge.example.com.')).toEqual([['abc']]);
  });

  it('splits a TXT value over 255 bytes into character-strings of one record', async () => {
    const long = 'x'.repeat(300);
    dns.set('long.example.com', 'TXT', [long]);
    const [record] = await resolver().resolveTxt('long.example.com');
    expect(record?.join('')).toBe(long);
    expect(record).toHaveLength(2);
  });

  it('answers a CNAME name for other types and follows targets the fake holds', async () => {
    dns.zone('example.org', { wwwCname: 'example.org', apexA: ['75.2.60.5', '99.83.190.102'] });
    const r = resolver();
    expect((await r.resolve4('www.example.org')).sort()).toEqual(['75.2.60.5', '99.83.190.102']);
    expect(await r.resolveCname('www.example.org')).toEqual(['example.org']);
    // A target outside the fake: the chain alone (NOERROR), which node reports as no addresses.
    dns.set('shop.example.org', 'CNAME', ['elsewhere.test']);
    expect(await r.resolve4('shop.example.org')).toEqual([]);
    expect(await r.resolveCname('shop.example.org')).toEqual(['elsewhere.test']);
  });

  it('answers NXDOMAIN for unknown names and NODATA for missing types', async () => {
    dns.zone('example.net', { txt: 'verify-me', wwwCname: 'acme.netlify.app' });
    const r = resolver();
    expect(await errorCode(r.resolveTxt('nothing.example.net'))).toBe('ENOTFOUND');
    expect(await errorCode(r.resolve4('netlify-challenge.example.net'))).toBe('ENODATA');
    expect(await errorCode(r.resolveCname('netlify-challenge.example.net'))).toBe('ENODATA');
    // The apex has no records of its own but names below it: it exists, as in real DNS.
    expect(await errorCode(r.resolve4('example.net'))).toBe('ENODATA');
    expect(dns.queries.at(-1)).toMatchObject({ name: 'example.net', type: 'A', rcode: 0 });
    expect(dns.queries.some((q) => q.rcode === 3 && q.name === 'nothing.example.net')).toBe(true);
  });

  it('sees changes at once and forgets cleared names', async () => {
    const r = resolver();
    dns.set('netlify-challenge.example.io', 'TXT', ['old']);
    expect(await r.resolveTxt('netlify-challenge.example.io')).toEqual([['old']]);
    dns.set('netlify-challenge.example.io', 'TXT', ['new']);
    expect(await r.resolveTxt('netlify-challenge.example.io')).toEqual([['new']]);
    dns.clear('netlify-challenge.example.io');
    expect(await errorCode(r.resolveTxt('netlify-challenge.example.io'))).toBe('ENOTFOUND');
    expect(dns.records.size).toBe(0);
  });

  it('answers over TCP on the same port', async () => {
    dns.set('tcp.example.com', 'A', ['10.0.0.7']);
    const resolve = TCPClient({ dns: '127.0.0.1', port: dns.port });
    const packet = await resolve('tcp.example.com', 'A');
    expect(packet.answers.map((a) => a.address)).toEqual(['10.0.0.7']);
    expect(dns.queries.at(-1)?.transport).toBe('tcp');
  });

  it('refuses records the wire could not carry', () => {
    expect(() => dns.set('bad.example.com', 'A', ['not-an-ip'])).toThrow();
    expect(() => dns.set('bad.example.com', 'CNAME', ['a.test', 'b.test'])).toThrow();
  });
});
