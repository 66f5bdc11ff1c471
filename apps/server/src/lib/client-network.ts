import { isIP } from 'node:net';

/**
 * The network a client's address stands for when its attempts are counted: an IPv4 address
 * itself, an IPv6 address's /64 (one subscriber's whole block: a client holding a /64 can
 * change its address per request, so counting per address would count nothing). An IPv4
 * address mapped into IPv6 (::ffff:a.b.c.d) is that IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, zeros written out, lower case. */
function expandIpv6(ip: string): string[] {
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::a.b.c.d) fills two groups; they lie past the /64 in any case.
  const missing = 8 - left.length - right.length;
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.map((g) => (g.includes('.') ? g : parseInt(g || '0', 16).toString(16)));
}
