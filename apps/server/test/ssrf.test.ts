import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInternalAddress, parseAllowList, setOutboundAllow } from '../src/net/outbound.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/**
 * The outbound policy's findings (docs/security.md) replayed: a loopback "internal service" that must receive
 * nothing when a user hands its address to Docent as a vendor base URL, an Azure PAT check or a
 * git remote — in every spelling of the address — and answers that do not tell an open port
 * from a closed one. The app runs with the production default: an empty OUTBOUND_ALLOW.
 */
let t: TestApp;
let token: string;
let internal: Server;
let internalPort: number;
let closedPort: number;
let tcpHits = 0;
let tcpPort: number;
const hits: string[] = [];
const tcp = createTcpServer((socket) => {
  tcpHits += 1;
  socket.destroy();
});

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW: '' });
  token = (await signUp(t, 'ssrf@example.com')).token;
  internal = createHttpServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'INTERNAL-SECRET-BODY' }));
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalPort = (internal.address() as AddressInfo).port;
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as AddressInfo).port;
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await t.close();
  internal.close();
  tcp.close();
});

const spellings = (port: number) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
  `http://[::1]:${port}`,
  `http://[::ffff:127.0.0.1]:${port}`,
  `http://2130706433:${port}`,
  `http://0x7f000001:${port}`,
  `http://127.1:${port}`,
  `http://0.0.0.0:${port}`,
  // IPv4 inside IPv6 and a trailing-dot name (security round 2)
  `http://[::127.0.0.1]:${port}`,
  `http://[::ffff:0:127.0.0.1]:${port}`,
  `http://[2002:7f00:1::]:${port}`,
  `http://[64:ff9b::127.0.0.1]:${port}`,
  `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${port}`,
  `http://localhost.:${port}`,
  `http://LOCALHOST..:${port}`,
  `http://api.localhost:${port}`,
];

const connect = (vendor: string, baseUrl: string) =>
  t.call({
    method: 'POST',
    url: `/api/v1/vendors/${vendor}/connection`,
    token,
    payload: { token: 'tok-123456', baseUrl, ...(vendor === 'azure' ? { organization: 'fabrikam' } : {}) },
  });

describe('vendor base URLs', () => {
  for (const vendor of ['github', 'gitlab', 'bitbucket', 'azure']) {
    it(`${vendor}: every spelling of a loopback address is refused before any request leaves`, async () => {
      for (const baseUrl of spellings(internalPort)) {
        const res = await connect(vendor, baseUrl);
        expect(res.statusCode, baseUrl).toBe(400);
        expect(res.json().code, baseUrl).toBe('OUTBOUND_REFUSED');
        expect(res.body).not.toContain('INTERNAL-SECRET-BODY');
        expect(res.body).not.toContain(String(internalPort));
      }
      expect(hits).toEqual([]);
    });
  }

  it('an open and a closed internal port get the very same answer', async () => {
    const open = await connect('gitlab', `http://127.0.0.1:${internalPort}`);
    const closed = await connect('gitlab', `http://127.0.0.1:${closedPort}`);
    expect(closed.statusCode).toBe(open.statusCode);
    expect(closed.body).toBe(open.body);
  });

  it('refuses "?", "#" and credentials in a base URL (they would steer the path the server calls)', async () => {
    for (const baseUrl of [`https://example.com/api#`, `https://example.com/api?x=`, `https://user:pw@example.com/api`]) {
      const res = await connect('gitlab', baseUrl);
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().detail).toMatch(/baseUrl/);
    }
  });

  it('the Azure PAT check refuses an internal base URL and sends nothing', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/azure/pat?organization=fabrikam&baseUrl=${encodeURIComponent(`http://127.0.0.1:${internalPort}/`)}`,
      token,
      headers: { 'x-azure-pat': 'pat-123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OUTBOUND_REFUSED');
    expect(hits).toEqual([]);
  });

  it('with the host on OUTBOUND_ALLOW the same call goes through (and the foreign body is still not echoed)', async () => {
    const allowed = await createTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
    try {
      const me = await signUp(allowed, 'allowed@example.com');
      const res = await allowed.call({
        method: 'POST',
        url: '/api/v1/vendors/gitlab/connection',
        token: me.token,
        payload: { token: 'tok-123456', baseUrl: `http://127.0.0.1:${internalPort}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'GitLab rejected the token.', code: 'INVALID_TOKEN' });
      expect(hits.length).toBeGreaterThan(0);
    } finally {
      await allowed.close();
      setOutboundAllow([]); // the allow-list is process-wide: back to this file's default
      hits.length = 0;
    }
  });
});

describe('git remotes', () => {
  const add = (url: string) => t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url } });

  it('refuses internal http and git:// remotes before git runs', async () => {
    for (const url of [
      `http://127.0.0.1:${internalPort}/a/b.git`,
      `http://localhost:${internalPort}/a/b.git`,
      `http://localhost.:${internalPort}/a/b.git`,
      `http://[::127.0.0.1]:${internalPort}/a/b.git`,
      `http://[2002:7f00:1::]:${internalPort}/a/b.git`,
      `git://localhost.:${tcpPort}/a/b.git`,
      `git://127.0.0.1:${tcpPort}/a/b.git`,
      `ssh://git@127.0.0.1:${tcpPort}/a/b.git`,
      `git@127.0.0.1:a/b.git`,
    ]) {
      const res = await add(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('OUTBOUND_REFUSED');
    }
    expect(hits).toEqual([]);
    expect(tcpHits).toBe(0);
  });

  it("refuses credentials in a git URL's query", async () => {
    const res = await add('https://example.com/org/repo.git?access_token=ghp_abcdef');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('ghp_abcdef');
  });
});

describe('address classifier', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.31.255.255', true],
    ['192.168.0.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['fd00:ec2::254', true],
    ['fe80::1', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['140.82.112.3', false],
    ['2606:4700::1111', false],
    ['172.32.0.1', false],
    ['not-an-address', true],
    // one row per spelling that used to pass (security round 2)
    ['::127.0.0.1', true], // IPv4-compatible, as written
    ['::7f00:1', true], // the same, as the URL parser writes it
    ['::10.0.0.1', true],
    ['::ffff:0:127.0.0.1', true], // IPv4-translated (SIIT)
    ['::ffff:0:7f00:1', true],
    ['2002:7f00:1::', true], // 6to4 of 127.0.0.1
    ['2002:a9fe:a9fe::1', true], // 6to4 of 169.254.169.254
    ['2002:c0a8:101::', true], // 6to4 of 192.168.1.1
    ['64:ff9b::7f00:1', true], // NAT64 of 127.0.0.1
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b:1::a00:1', true], // local-use NAT64
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true], // Teredo
    ['[::127.0.0.1]', true],
    ['2002:808:808::', false], // 6to4 of 8.8.8.8 stays public
    ['::8.8.8.8', false],
    ['2001:4860:4860::8888', false], // 2001:4860::/32 is not Teredo
  ])('%s internal: %s', (address, internalExpected) => {
    expect(isInternalAddress(address)).toBe(internalExpected);
  });

  it('parses OUTBOUND_ALLOW hosts, addresses and CIDRs and rejects junk', () => {
    const allow = parseAllowList(['gitlab.corp', '10.1.0.0/16', '192.168.1.5', 'fd00::/8']);
    expect(allow.hosts.has('gitlab.corp')).toBe(true);
    expect(allow.networks.check('10.1.200.3', 'ipv4')).toBe(true);
    expect(allow.networks.check('10.2.0.1', 'ipv4')).toBe(false);
    expect(allow.networks.check('192.168.1.5', 'ipv4')).toBe(true);
    expect(allow.networks.check('fd12::1', 'ipv6')).toBe(true);
    expect(() => parseAllowList(['10.0.0.0/99'])).toThrow(/CIDR/);
    expect(() => parseAllowList(['http://x'])).toThrow(/neither/);
  });
});
