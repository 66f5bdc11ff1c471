import { isIPv4, type Socket } from 'node:net';
import { Packet, TCPServer, UDPServer } from 'dns2';
import type DNS from 'dns2';

export type FakeDnsType = 'TXT' | 'CNAME' | 'A';

export type FakeDnsQuery = {
  /** As asked, case preserved. */
  name: string;
  /** 'A', 'TXT', 'CNAME', 'AAAA', … or the number for types dns2 does not name. */
  type: string;
  /** 0 NOERROR, 3 NXDOMAIN. */
  rcode: number;
  answers: number;
  transport: 'udp' | 'tcp';
  at: number;
};

export type FakeDnsZone = {
  /** `netlify-challenge.<domain>` TXT values. */
  txt?: string | string[];
  /** `www.<domain>` CNAME target. */
  wwwCname?: string;
  /** `<domain>` CNAME target (what a DNS host's ALIAS/flattening looks like from outside). */
  apexCname?: string;
  /** `<domain>` A addresses. */
  apexA?: string | string[];
};

export type FakeDnsOptions = {
  /** TTL of every answer; 0 so resolvers that cache never hide a record a test just changed. */
  ttl?: number;
};

export type FakeDns = {
  /** DNS_SERVERS / `Resolver#setServers` entry: '127.0.0.1:PORT' (UDP and TCP share the port). */
  servers: string;
  port: number;
  /** Normalized name (lower case, no trailing dot) → type → values. */
  records: ReadonlyMap<string, ReadonlyMap<FakeDnsType, readonly string[]>>;
  queries: FakeDnsQuery[];
  /** Replaces the name's values of that type; an empty list removes them. */
  set(name: string, type: FakeDnsType, values: string[]): void;
  /** Removes one name's records, or every record. */
  clear(name?: string): void;
  zone(domain: string, zone: FakeDnsZone): void;
  close(): Promise<void>;
};

type Resource = DNS.Packet.Resource;

const TYPE_NAMES = new Map<number, string>(Object.entries(Packet.TYPE).map(([k, v]) => [v, k]));
const MAX_CNAME_HOPS = 8;
const RCODE_NOERROR = 0;
const RCODE_NXDOMAIN = 3;

const normalize = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');
const list = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** A TXT string longer than 255 bytes travels as several character-strings of one record. */
function txtChunks(value: string): Buffer[] {
  const bytes = Buffer.from(value, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) chunks.push(bytes.subarray(i, i + 255));
  return chunks.length ? chunks : [Buffer.alloc(0)];
}

/**
 * A real DNS server (dns2) on a random loopback port, answering from records the test sets, so
 * the product's domain checks run through node's own resolver exactly as in production.
 */
export async function startFakeDns(options: FakeDnsOptions = {}): Promise<FakeDns> {
  const ttl = options.ttl ?? 0;
  const records = new Map<string, Map<FakeDnsType, string[]>>();
  const queries: FakeDnsQuery[] = [];

  const resource = (name: string, type: FakeDnsType, value: string): Resource => {
    const base = { name, class: Packet.CLASS.IN, ttl, type: Packet.TYPE[type] };
    if (type === 'A') return new Packet.Resource({ ...base, address: value });
    if (type === 'CNAME') return new Packet.Resource({ ...base, domain: value });
    return new Packet.Resource({ ...base, data: txtChunks(value) as unknown as string[] });
  };

  // An empty non-terminal (example.com when only www.example.com is set) exists in real DNS:
  // it answers NOERROR with no records, not NXDOMAIN.
  const hasDescendant = (name: string) => {
    for (const key of records.keys()) if (key.endsWith(`.${name}`)) return true;
    return false;
  };

  // Answers as a recursive resolver would: a CNAME answers for any type and is followed while
  // its target lives in the fake, so `resolve4('www.x')` sees the chain plus the addresses.
  const answer = (question: DNS.Packet.Question) => {
    const answers: Resource[] = [];
    const wanted = TYPE_NAMES.get(question.type);
    let owner = question.name;
    for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
      const rrs = records.get(normalize(owner));
      if (!rrs) {
        const exists = hop > 0 || hasDescendant(normalize(owner));
        return { rcode: exists ? RCODE_NOERROR : RCODE_NXDOMAIN, answers };
      }
      const cname = rrs.get('CNAME')?.[0];
      if (cname && wanted !== 'CNAME' && wanted !== 'ANY') {
        answers.push(resource(owner, 'CNAME', cname));
        owner = normalize(cname);
        continue;
      }
      for (const [type, values] of rrs)
        if (wanted === 'ANY' || wanted === type)
          for (const value of values) answers.push(resource(owner, type, value));
      break;
    }
    return { rcode: RCODE_NOERROR, answers };
  };

  const handler =
    (transport: 'udp' | 'tcp'): DNS.DnsHandler =>
    (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      response.header.aa = 1;
      response.header.ra = 1;
      for (const question of request.questions) {
        const { rcode, answers } = answer(question);
        response.header.rcode = Math.max(response.header.rcode, rcode);
        response.answers.push(...answers);
        queries.push({
          name: question.name,
          type: TYPE_NAMES.get(question.type) ?? String(question.type),
          rcode,
          answers: answers.length,
          transport,
          at: Date.now(),
        });
      }
      send(response).catch(() => {
        // The client went away (TCP) or the socket closed under a late answer; nothing to do.
      });
    };

  const sockets = new Set<Socket>();
  const { udp, tcp } = await listen(handler, sockets);
  const port = udp.address().port;

  const set = (name: string, type: FakeDnsType, values: string[]) => {
    const key = normalize(name);
    if (type === 'A' && values.some((v) => !isIPv4(v)))
      throw new Error(`A values must be IPv4 addresses: ${values.join(', ')}`);
    if (type === 'CNAME' && values.length > 1)
      throw new Error(`A name has at most one CNAME (${name})`);
    const rrs = records.get(key) ?? new Map<FakeDnsType, string[]>();
    if (values.length === 0) rrs.delete(type);
    else rrs.set(type, type === 'CNAME' ? values.map(normalize) : [...values]);
    if (rrs.size) records.set(key, rrs);
    else records.delete(key);
  };

  return {
    servers: `127.0.0.1:${port}`,
    port,
    records,
    queries,
    set,
    clear(name) {
      if (name === undefined) records.clear();
      else records.delete(normalize(name));
    },
    zone(domain, zone) {
      if (zone.txt !== undefined) set(`netlify-challenge.${domain}`, 'TXT', list(zone.txt));
      if (zone.wwwCname !== undefined) set(`www.${domain}`, 'CNAME', [zone.wwwCname]);
      if (zone.apexCname !== undefined) set(domain, 'CNAME', [zone.apexCname]);
      if (zone.apexA !== undefined) set(domain, 'A', list(zone.apexA));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

/**
 * Binds UDP on a free port, then TCP on the same number, because a resolver falls back to TCP
 * on the server it was given; when that TCP port is taken it starts over on another port.
 */
async function listen(handler: (transport: 'udp' | 'tcp') => DNS.DnsHandler, sockets: Set<Socket>) {
  for (let attempt = 0; ; attempt++) {
    const udp = new UDPServer({ type: 'udp4' });
    udp.on('request', handler('udp'));
    udp.on('error', () => {});
    await udp.listen(0, '127.0.0.1');
    const tcp = new TCPServer();
    tcp.on('request', handler('tcp'));
    tcp.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(udp.address().port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      tcp.on('error', () => {});
      return { udp, tcp };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (attempt >= 9) throw error;
    }
  }
}
