import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { fixture } from './vendors/fixtures.ts';
import { sendJson, startReplayServer, type ReplayServer } from './vendors/replay-server.ts';

/**
 * docs/spec-conformance.md §1 "connect and sync repositories from the four providers": GitHub's
 * token connection and sync are asserted in vendor-sync.test.ts; here the other three code hosts
 * are connected with a token through the same route and synced through their install stream,
 * each against its vendor's documented payloads (replayed on loopback), and their repositories
 * are then listed under their organisation. §1 "coupons paid out by UPI or Amazon Pay": the UPI payout
 * is asserted in coupons.test.ts; here a coupon redeemed to an Amazon Pay id reaches the operator's
 * payout list under that id.
 */

const GL_TOKEN = 'glpat-s1Recount9xWk3Qm9rZp7T';
const BB_PASSWORD = 'ATBBs1Recount8Zr2LmN5vX7cW3pT9y';
const AZ_PAT = 's1recount3kq7v2xw9tm4zr8pl5nc6bh1dgf0sja3ue7oi2wq9xc';

let t: TestApp;
let host: ReplayServer;
let token: string;

beforeAll(async () => {
  host = await startReplayServer();
  // GitLab REST v4: the token's user, and the member projects over two pages (Link header)
  host.on('GET /api/v4/user', (req, res) =>
    req.headers['private-token'] === GL_TOKEN
      ? sendJson(res, 200, fixture('gitlab/user.json'))
      : sendJson(res, 401, fixture('gitlab/unauthorized-401.json')),
  );
  host.on('GET /api/v4/projects', (req, res, base) => {
    const page = Number(req.query.get('page') ?? '1');
    const next = `<${base}/api/v4/projects?membership=true&per_page=100&order_by=id&sort=asc&page=2>; rel="next"`;
    sendJson(res, 200, fixture(`gitlab/projects-page${page}.json`), page === 1 ? { link: next } : {});
  });
  // Bitbucket REST 2.0: an app password with its user; two workspaces, one with two pages of repositories
  host.on('GET /2.0/user', (req, res) =>
    req.headers.authorization === `Basic ${Buffer.from(`emmap1:${BB_PASSWORD}`).toString('base64')}`
      ? sendJson(res, 200, fixture('bitbucket/user.json'))
      : sendJson(res, 401, fixture('bitbucket/unauthorized-401.json')),
  );
  host.on('GET /2.0/user/workspaces', (req, res, base) =>
    sendJson(res, 200, fixture(`bitbucket/workspaces-page${req.query.get('page') ?? '1'}.json`, base)),
  );
  host.on('GET /2.0/repositories/teamsinspace', (req, res, base) =>
    sendJson(res, 200, fixture(`bitbucket/repositories-page${req.query.get('page') ?? '1'}.json`, base)),
  );
  host.on('GET /2.0/repositories/emmap1', (_r, res) => sendJson(res, 200, { pagelen: 100, page: 1, size: 0, values: [] }));
  // Azure DevOps REST 7.1: a PAT for the organisation fabrikam, checked by reading its projects
  host.on('GET /fabrikam/_apis/projects', (req, res) =>
    req.headers.authorization === `Basic ${Buffer.from(`:${AZ_PAT}`).toString('base64')}`
      ? sendJson(res, 200, fixture('azure/projects.json'))
      : sendJson(res, 401, { message: 'unauthorized' }),
  );
  host.on('GET /fabrikam/_apis/git/repositories', (_r, res) => sendJson(res, 200, fixture('azure/repositories.json')));
  t = await createTestApp();
  token = (await signUp(t, 'section1@example.com')).token;
});

afterAll(async () => {
  await t.close();
  await host.close();
});

/** Reads an install stream to its end: the `x~~` messages. */
async function readStream(url: string): Promise<string[]> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = t.app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/^data: (.*)$/gm)].map((m) => m[1]!);
}

describe('§1 connect and sync repositories from GitLab, Bitbucket and Azure DevOps (docs/spec-conformance.md §1)', () => {
  it.each([
    {
      vendor: 'GITLAB',
      connect: () => ({ token: GL_TOKEN, kind: 'pat', baseUrl: host.url }),
      stream: '/v1/gitlab/reinstall',
      found: 'x~~Found 3 repositories',
      repos: ['brightbox/platform/puppet', 'diaspora/diaspora-client', 'john_smith/dotfiles'],
    },
    {
      vendor: 'BITBUCKET',
      connect: () => ({ token: BB_PASSWORD, kind: 'pat', username: 'emmap1', baseUrl: host.url }),
      stream: '/v2/bitbucket/install',
      found: 'x~~Found 3 repositories',
      repos: ['teamsinspace/documentation-tests', 'teamsinspace/empty-repo', 'teamsinspace/rocket-launcher'],
    },
    {
      vendor: 'AZUREDEVOPS',
      connect: () => ({ token: AZ_PAT, kind: 'pat', organization: 'fabrikam', baseUrl: `${host.url}/fabrikam` }),
      stream: '/v1/azure/reinstall',
      found: 'x~~Found 3 repositories',
      // the disabled repository is left out
      repos: [
        'fabrikam/Fabrikam-Fiber-Git/AnotherRepository',
        'fabrikam/Fabrikam-Fiber-Git/Fabrikam-Fiber-Git',
        'fabrikam/Public Site/Open Docs',
      ],
    },
  ])('$vendor: a token connects it, the install stream syncs its repositories, listed under their organisation', async (c) => {
    const connected = await t.call({
      method: 'POST',
      url: `/api/v1/vendors/${c.vendor.toLowerCase()}/connection`,
      token,
      payload: c.connect(),
    });
    expect(connected.statusCode).toBe(201);
    expect(connected.json()).toMatchObject({ vendor: c.vendor });
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token })).json().connectedVendors).toContain(c.vendor);

    const lines = await readStream(c.stream);
    expect(lines).toContain(c.found);
    expect(lines.at(-1)).toBe('x~~COMPLETE');

    const list = (await t.call({ method: 'GET', url: '/api/app/github/list', token })).json() as {
      vendor: string;
      organizationName: string;
      repoName: string;
    }[];
    const mine = list.filter((r) => r.vendor === c.vendor).map((r) => `${r.organizationName}/${r.repoName}`);
    expect(mine.sort()).toEqual(c.repos);
  });
});

describe('§1 coupons paid out by Amazon Pay (docs/spec-conformance.md §1)', () => {
  it('a coupon redeemed to an Amazon Pay id is used, pending payout, and listed for the operator as AMAZON with that id', async () => {
    const box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
    const lines: string[] = [];
    const admin = (args: string[]) => runAdmin(args, { db: t.database.db, box, out: (l: string) => lines.push(l) });
    const ada = await signUp(t, 'ada-payout@example.com');
    // a repository of one's own is the code host the redeem's checklist asks for
    await t.database.db
      .insertInto('repositories')
      .values({
        user_id: ada.id,
        vendor: 'GIT',
        organization_name: 'plain',
        repo_name: 'shop',
        clone_url: 'sealed',
        default_branch: 'main',
        installation_id: null,
        site_url: null,
      })
      .execute();
    expect(await admin(['coupon', 'issue', '--email', 'ada-payout@example.com', '--amount', '5', '--currency', 'INR'])).toBe(0);
    const redeem = await t.call({
      method: 'POST',
      url: '/api/v1/coupon/redeem',
      token: ada.token,
      payload: { redeem_type: 'AMAZON', redeem_id: 'ada.payout@example.com' },
    });
    expect(redeem.json()).toEqual({ status: ['SUCCESS'] });
    const [coupon] = (await t.call({ method: 'GET', url: '/api/v1/coupon/get/all', token: ada.token })).json() as {
      coupon_code: string;
      is_used: boolean;
      coupon_state: string;
    }[];
    expect(coupon).toMatchObject({ is_used: true, coupon_state: 'PAYMENT_PENDING' });
    expect(await admin(['coupon', 'pending'])).toBe(0);
    expect(lines.find((l) => l.startsWith(coupon!.coupon_code))).toBe(
      `${coupon!.coupon_code}\tada-payout@example.com\t5.00 INR\tAMAZON\tada.payout@example.com`,
    );
  });
});
