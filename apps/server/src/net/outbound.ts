import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit, type Response as UndiciResponse } from 'undici';

/**
 * The one outbound policy for destinations a user supplies (vendor base URLs, PAT checks, git
 * URLs): a host must resolve only to public addresses, unless the operator allows it with
 * OUTBOUND_ALLOW (hostnames or CIDRs, comma-separated: a GitLab on a private network is a real
 * use). HTTP connections are pinned to the vetted address by the dispatcher's own lookup, so a
 * DNS answer that changes between check and connect (rebinding) is checked again, not trusted.
 */

/** Thrown when a destination points somewhere the policy refuses. Its text names no address. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  readonly code = 'OUTBOUND_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string | undefined,
  ) {
    super('The address is not allowed: it points to a private or internal network.');
  }
}

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64],
  ['2001::', 32], // Teredo: the client's IPv4 travels inside, obfuscated
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local, includes fd00:ec2::254 (metadata)
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with or without a dotted IPv4 tail), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(fill).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address carries, where one reaches an IPv4 host: mapped
 * `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, the deprecated compatible `::a.b.c.d` (the URL
 * parser writes `[::127.0.0.1]` as `::7f00:1`) and 6to4 `2002:AABB:CCDD::`. Anything else
 * comes back unchanged. NAT64 and Teredo prefixes are refused whole (see INTERNAL).
 */
function unmapIpv4(address: string): string {
  const g = ipv6Groups(address);
  if (!g) return address;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) return dotted(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6]!, g[7]!); // ::ffff:0:a.b.c.d
  if (zeros(6)) return dotted(g[6]!, g[7]!); // ::a.b.c.d, and :: / ::1 land in 0.0.0.0/8
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!); // 6to4
  return address;
}

/**
 * `localhost` and every name under it are loopback by definition (RFC 6761), whatever DNS says;
 * a trailing dot (`localhost.`) is the same name.
 */
function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/** Whether an IP address is loopback, private, link-local, CGNAT, metadata, multicast or reserved. */
export function isInternalAddress(address: string): boolean {
  const plain = unmapIpv4(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  return INTERNAL.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

export interface AllowList {
  hosts: Set<string>;
  networks: BlockList;
}

/** Parses OUTBOUND_ALLOW: `gitlab.corp,10.1.0.0/16,192.168.1.5,fd00::/8`. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const networks = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [net, prefix] = entry.split('/');
    const family = isIP(net ?? '');
    if (family && prefix !== undefined) {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128))
        throw new Error(`OUTBOUND_ALLOW: "${raw}" is not a valid CIDR`);
      networks.addSubnet(net!, bits, family === 4 ? 'ipv4' : 'ipv6');
    } else if (family) {
      networks.addAddress(entry, family === 4 ? 'ipv4' : 'ipv6');
    } else if (/^[a-z0-9.-]+$/.test(entry)) {
      hosts.add(entry);
    } else {
      throw new Error(`OUTBOUND_ALLOW: "${raw}" is neither a host name, an address nor a CIDR`);
    }
  }
  return { hosts, networks };
}

let allowList: AllowList = parseAllowList((process.env.OUTBOUND_ALLOW ?? '').split(','));

/** The server sets this from its config at start (tests set their own). */
export function setOutboundAllow(entries: readonly string[]): void {
  allowList = parseAllowList(entries);
}

function allowedAddress(host: string, address: string): boolean {
  if (allowList.hosts.has(host.toLowerCase())) return true;
  const plain = unmapIpv4(address);
  const family = isIP(plain);
  if (family && allowList.networks.check(plain, family === 4 ? 'ipv4' : 'ipv6')) return true;
  return !isInternalAddress(plain);
}

/** The bare host of a URL's hostname: IPv6 without brackets, a name without its trailing dots, lower case. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
}

/**
 * Resolves `host` and returns its addresses when every one of them is allowed; throws
 * OutboundRefused otherwise (one internal answer is enough to refuse: a round-robin of a public
 * and a private address must not win half the time).
 */
async function vetHost(hostname: string): Promise<Array<{ address: string; family: number }>> {
  const host = bareHost(hostname);
  const literal = isIP(host);
  if (!literal && isLocalhostName(host) && !allowList.hosts.has(host)) throw new OutboundRefused(host, undefined);
  const addresses = literal ? [{ address: host, family: literal }] : await dnsLookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new OutboundRefused(host, undefined);
  for (const a of addresses) if (!allowedAddress(host, a.address)) throw new OutboundRefused(host, a.address);
  return addresses;
}

/** net.connect's lookup, answering only with vetted addresses: the connection is pinned to them. */
const vettedLookup: LookupFunction = (hostname, options, callback) => {
  vetHost(hostname).then(
    (addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      const list = wanted.length ? wanted : addresses;
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    },
    (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
  );
};

const dispatcher = new Agent({ connect: { lookup: vettedLookup } });

/**
 * fetch for a destination a user supplied. IP literals are vetted before connecting (net.connect
 * skips lookup for them); names are vetted by the pinned lookup at connect time.
 */
export async function policyFetch(url: string, init: UndiciRequestInit = {}): Promise<UndiciResponse> {
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new OutboundRefused(u.hostname, undefined);
  if (u.username || u.password) throw new OutboundRefused(u.hostname, undefined);
  if (isIP(bareHost(u.hostname))) await vetHost(u.hostname);
  return undiciFetch(url, { ...init, dispatcher });
}

/** The refusal hidden inside a fetch failure's causes, if that is what it was. */
export function refusalIn(err: unknown): OutboundRefused | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (current instanceof OutboundRefused) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Vets a git remote before git runs, and returns the `-c` options that pin an http(s) remote to
 * the vetted address and keep git from following redirects elsewhere. git:// and ssh resolve
 * again inside git (no pinning there: a DNS answer that changes within that moment is the
 * residual risk, docs/security.md).
 */
export async function vetGitRemote(source: string): Promise<string[]> {
  const scp = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):/.exec(source);
  if (scp && !source.includes('://')) {
    await vetHost(scp[1]!);
    return [];
  }
  const url = new URL(source);
  const addresses = await vetHost(url.hostname);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = bareHost(url.hostname);
  const pinned = addresses.map((a) => (a.family === 6 ? `[${a.address}]` : a.address)).join(',');
  if (isIP(host)) return ['-c', 'http.followRedirects=false'];
  // curl looks the name up as written: pin `example.com.` as well as `example.com`.
  const names = [...new Set([host, url.hostname.toLowerCase()])];
  return ['-c', 'http.followRedirects=false', ...names.flatMap((name) => ['-c', `http.curloptResolve=${name}:${port}:${pinned}`])];
}
