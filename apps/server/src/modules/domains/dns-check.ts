import { Resolver } from 'node:dns/promises';
import { DNS_TXT_RECORD, type TDomainCheck } from '@cityforge/shared';

/** Netlify's load balancer: what a bare domain's A record points at when CNAME is not allowed. */
export const NETLIFY_APEX_IP = '75.2.60.5';

/** Codes that mean "the record is not there", as opposed to "DNS did not answer". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

export type DomainChecks = {
  checks: TDomainCheck[];
  /** every failure is a real answer, not a DNS outage */ definitive: boolean;
};

/** A resolver on the servers of DNS_SERVERS ("1.1.1.1,8.8.8.8" or "127.0.0.1:5353"), else the system's. */
export function createResolver(servers?: string): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const list = servers
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list?.length) resolver.setServers(list);
  return resolver;
}

const clean = (name: string) => name.trim().replace(/\.$/, '').toLowerCase();

type Lookup = { values: string[]; failed: string | null };

async function lookup(run: () => Promise<string[]>, normalise = clean): Promise<Lookup> {
  try {
    return { values: (await run()).map(normalise), failed: null };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'EUNKNOWN';
    return { values: [], failed: ABSENT.has(code) ? null : code };
  }
}

const unreachable = (host: string, code: string) =>
  `We could not look up ${host}: the DNS servers did not answer (${code}). Try again in a few minutes.`;

/**
 * Checks the records the deployment guide asks for: the netlify-challenge TXT value, www
 * as a CNAME to the Netlify host, and the bare domain as a CNAME to it (or, where the DNS
 * provider flattens it, A records that land on the same place). Each check says what is
 * missing or wrong in words a site owner can act on.
 */
export async function checkDomain(
  resolver: Resolver,
  domain: string,
  netlifyHost: string,
): Promise<DomainChecks> {
  const host = clean(netlifyHost);
  const txtHost = `${DNS_TXT_RECORD.name}.${domain}`;
  const www = `www.${domain}`;
  const [txt, wwwCname, apexCname] = await Promise.all([
    lookup(
      async () => (await resolver.resolveTxt(txtHost)).map((chunks) => chunks.join('')),
      (v) => v.trim(),
    ),
    lookup(() => resolver.resolveCname(www)),
    lookup(() => resolver.resolveCname(domain)),
  ]);
  let apex = apexCname;
  let apexOk = apexCname.values.includes(host);
  if (!apexOk && !apexCname.failed && !apexCname.values.length) {
    // ALIAS / ANAME / CNAME flattening: the bare domain answers A records, not a CNAME.
    const [mine, netlify] = await Promise.all([
      lookup(() => resolver.resolve4(domain)),
      lookup(() => resolver.resolve4(host)),
    ]);
    apex = mine;
    apexOk = mine.values.some((ip) => ip === NETLIFY_APEX_IP || netlify.values.includes(ip));
  }

  const txtOk = txt.values.includes(DNS_TXT_RECORD.value);
  const checks: TDomainCheck[] = [
    {
      type: 'TXT',
      host: txtHost,
      expected: DNS_TXT_RECORD.value,
      found: txt.values,
      ok: txtOk,
      problem: txtOk
        ? null
        : txt.failed
          ? unreachable(txtHost, txt.failed)
          : txt.values.length
            ? `The TXT record ${txtHost} says "${txt.values.join('", "')}" but should say "${DNS_TXT_RECORD.value}". Change its value.`
            : `No TXT record named ${DNS_TXT_RECORD.name} was found on ${domain}. Add a TXT record with the name ${DNS_TXT_RECORD.name} and the value ${DNS_TXT_RECORD.value}.`,
    },
    cnameCheck(www, host, wwwCname, wwwCname.values.includes(host), 'www'),
    cnameCheck(domain, host, apex, apexOk, '@'),
  ];
  const definitive = !txt.failed && !wwwCname.failed && !apex.failed;
  return { checks, definitive };
}

function cnameCheck(
  name: string,
  host: string,
  found: Lookup,
  ok: boolean,
  label: string,
): TDomainCheck {
  const bare = label === '@';
  const how = `Add a CNAME record with the name ${label} pointing to ${host}${
    bare
      ? ' (if your DNS provider does not allow a CNAME on the bare domain, use its ALIAS, ANAME or flattened CNAME record instead)'
      : ''
  }.`;
  return {
    type: 'CNAME',
    host: name,
    expected: host,
    found: found.values,
    ok,
    problem: ok
      ? null
      : found.failed
        ? unreachable(name, found.failed)
        : found.values.length
          ? `${name} points to ${found.values.join(', ')} instead of ${host}. Change the record so it points to ${host}.`
          : `${name} does not point to your Netlify site yet. ${how}`,
  };
}
