import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Why a fetch was refused before any byte was sent to the address. */
export class NotPublicError extends Error {}

// Ranges that are not the public internet: this host, private networks, link-local (cloud
// metadata at 169.254.169.254), carrier-grade NAT, benchmarking, multicast and reserved space.
// Two lists: Node checks an IPv4 address against IPv6 rules as its mapped form, so one list
// holding ::ffff:0:0/96 would refuse every IPv4 address.
const NOT_PUBLIC_V4 = new net.BlockList();
const NOT_PUBLIC_V6 = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC_V4.addSubnet(address, prefix, 'ipv4');
// IPv6: unspecified and loopback, IPv4-mapped and -compatible (a public server has its own
// A record, so a mapped answer only hides an IPv4 address), NAT64, unique-local, link-local,
// site-local and multicast.
for (const [address, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(address, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_V4.check(address, 'ipv4')
    : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The socket's own DNS look-up, refusing the connection when any answer is not public. The
 * check runs on the very addresses the socket connects to, so a name that resolves to a
 * public address once and a private one the next time (DNS rebinding) gains nothing.
 */
function guardedLookup(hostname: string, options: dns.LookupOptions, done: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return done(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || !addresses.length)
      return done(new NotPublicError(`${hostname} resolves to a non-public address`), []);
    if (options.all) return done(null, addresses);
    done(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export type PublicFetchOptions = {
  signal: AbortSignal;
  /** Hosts (as written in the URL, with an optional :port) trusted on any address. */
  trustedHosts?: readonly string[];
  maxRedirects?: number;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function isTrusted(url: URL, trustedHosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const name = url.hostname.toLowerCase();
  return trustedHosts.includes(host) || trustedHosts.includes(name);
}

function get(url: URL, trusted: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is connected to without a look-up: checked here instead.
  if (!trusted && net.isIP(literal) && !isPublicAddress(literal))
    return Promise.reject(new NotPublicError(`${literal} is not a public address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // No pooled socket: every download connects (and is checked) afresh.
    const options = { signal, agent: false as const, ...(!trusted && { lookup: guardedLookup }) };
    const req = client.get(url, options, resolve);
    req.on('error', reject);
  });
}

/**
 * GET of a URL named by someone else (a provider's answer), only ever reaching public
 * addresses: every hop of a redirect is checked the same way. Answers the final response,
 * body unread; a refused address rejects with NotPublicError.
 */
export async function fetchPublic(
  target: string,
  options: PublicFetchOptions,
): Promise<IncomingMessage> {
  const trustedHosts = options.trustedHosts ?? [];
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new NotPublicError(`${url.protocol} addresses cannot be fetched`);
    const res = await get(url, isTrusted(url, trustedHosts), options.signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return res;
    res.resume();
    if (hop >= (options.maxRedirects ?? 3)) throw new NotPublicError('too many redirects');
    url = new URL(location, url);
  }
}

/**
 * Why an address would be refused before any request is made to it: not http(s), an address
 * written in it that is not public, or a name that resolves to one. Null when nothing is known
 * against it, a name that does not resolve within `timeoutMs` included: the fetch itself
 * checks every connection again (fetchPublic), this only lets a refusal be told early.
 */
export async function addressRefusal(
  target: string,
  options: { trustedHosts?: readonly string[]; timeoutMs?: number } = {},
): Promise<string | null> {
  if (!URL.canParse(target)) return 'it is not a web address';
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${url.protocol} addresses cannot be fetched`;
  if (isTrusted(url, options.trustedHosts ?? [])) return null;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal))
    return isPublicAddress(literal) ? null : `${literal} is not a public address`;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), options.timeoutMs ?? 2000);
  });
  const looked = dns.promises
    .lookup(literal, { all: true })
    .then((addresses) =>
      addresses.some((a) => !isPublicAddress(a.address))
        ? `${literal} resolves to a non-public address`
        : null,
    )
    .catch(() => null);
  try {
    return await Promise.race([looked, late]);
  } finally {
    clearTimeout(timer);
  }
}
