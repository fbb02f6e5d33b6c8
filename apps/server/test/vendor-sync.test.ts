import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobCore } from '../src/app.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { fixture, fixtureText } from './vendors/fixtures.ts';
import { sendJson, sendText, startReplayServer, type ReplayServer } from './vendors/replay-server.ts';

const GH_TOKEN = 'ghp_sync0000000000000000000000000000000';
const PAT = 'azurepat0000000000000000000000000000000000000000';

let t: TestApp;
let gh: ReplayServer;
let az: ReplayServer;
let token: string;
let other: string;

beforeAll(async () => {
  gh = await startReplayServer();
  gh.on('GET /user', (req, res) =>
    req.headers.authorization === `token ${GH_TOKEN}`
      ? sendJson(res, 200, fixture('github/user.json'))
      : sendJson(res, 401, fixture('github/bad-credentials-401.json')),
  );
  gh.on('GET /user/repos', (_r, res) => sendJson(res, 200, fixture('github/repos-page1.json')));
  az = await startReplayServer();
  az.on('GET /fabrikam/_apis/projects', (req, res) =>
    req.headers.authorization === `Basic ${Buffer.from(`:${PAT}`).toString('base64')}`
      ? sendJson(res, 200, fixture('azure/projects.json'))
      : sendText(res, 401, fixtureText('azure/signin-203.html'), 'text/html; charset=utf-8'),
  );
  t = await createTestApp();
  token = (await signUp(t, 'vendors@example.com')).token;
  other = (await signUp(t, 'other-vendors@example.com')).token;
});

afterAll(async () => {
  await t.close();
  await gh.close();
  await az.close();
});

/** Reads an install/sync event stream to its end. */
async function readStream(url: string, auth: string): Promise<string[]> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = t.app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, { headers: { authorization: `Bearer ${auth}` } });
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const text = await res.text();
  return [...text.matchAll(/^data: (.*)$/gm)].map((m) => m[1]!);
}

describe('connecting GitHub and syncing repositories', () => {
  it("refuses a token GitHub rejects, with GitHub's reason and without the token", async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/vendors/github/connection',
      token,
      payload: { token: 'ghp_wrong', baseUrl: gh.url },
    });
    expect(res.statusCode).toBe(400);
    // the vendor's own words stay in the server log (a base URL could be any service)
    expect(res.json().detail).toBe('GitHub rejected the token.');
    expect(res.body).not.toContain('ghp_wrong');
  });

  it('stores a valid token sealed, and never shows it', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/vendors/github/connection',
      token,
      payload: { token: GH_TOKEN, baseUrl: gh.url },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ vendor: 'GITHUB', login: 'octocat', status: 'no_status' });
    expect(res.body).not.toContain(GH_TOKEN);
    const row = await t.database.db.selectFrom('vendor_connections').select('credential_sealed').executeTakeFirstOrThrow();
    expect(row.credential_sealed).toMatch(/^v1\./);
    expect(row.credential_sealed).not.toContain(GH_TOKEN);
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token });
    expect(me.json().connectedVendors).toEqual(['GITHUB']);
  });

  it('streams the sync as x~~ lines ending with COMPLETE, and the repositories appear', async () => {
    const lines = await readStream('/v2/github/install', token);
    expect(lines.every((l) => l.startsWith('x~~'))).toBe(true);
    expect(lines).toContain('x~~Found 2 repositories');
    expect(lines.at(-1)).toBe('x~~COMPLETE');
    const list = await t.call({ method: 'GET', url: '/api/app/github/list', token });
    expect(
      list
        .json()
        .map((r: { organizationName: string; repoName: string; vendor: string }) => `${r.vendor} ${r.organizationName}/${r.repoName}`),
    ).toEqual(['GITHUB octocat/Hello-World', 'GITHUB octocat/Spoon-Knife']);
    // docs/spec-conformance.md §3: a synced repository names its installation (the connection it came through)
    const conn = await t.database.db.selectFrom('vendor_connections').select('id').where('vendor', '=', 'GITHUB').executeTakeFirstOrThrow();
    expect(list.json().map((r: { installationId: string | null }) => r.installationId)).toEqual([conn.id, conn.id]);
    // a second sync adds nothing twice
    expect((await readStream('/v2/github/reinstall', token)).at(-1)).toBe('x~~COMPLETE');
    expect((await t.call({ method: 'GET', url: '/api/app/github/list', token })).json()).toHaveLength(2);
    const status = await t.call({ method: 'GET', url: '/api/git/github/install/status', token });
    expect(status.json()).toEqual({ status: 'no_status', message: 'Synced 2 repositories' });
  });

  it('clones a hosted repository with the token the way GitHub documents it, outside the URL', async () => {
    const row = await t.database.db.selectFrom('repositories').selectAll().where('repo_name', '=', 'Hello-World').executeTakeFirstOrThrow();
    expect(row.clone_url).not.toContain(GH_TOKEN); // sealed, and the sealed URL carries no credential
    const core = createJobCore({
      config: t.config,
      database: t.database,
      secrets: await loadSecrets(t.config),
      log: t.app.log,
      work: false,
    });
    // git gets the token as the header GitHub documents (x-access-token:TOKEN), per run; the URL it stores stays bare
    expect(await core.repoService.gitAccess(row)).toEqual({
      url: 'https://github.com/octocat/Hello-World.git',
      httpAuth: { scope: 'https://github.com/', header: `Basic ${Buffer.from(`x-access-token:${GH_TOKEN}`).toString('base64')}` },
    });
    const res = await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=octocat&repoName=Hello-World&vendor=GITHUB', token });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(GH_TOKEN);
  });

  it('skips a repository whose clone URL cannot be used, with a warning, and completes the sync', async () => {
    const repos = fixture('github/repos-page1.json') as Array<Record<string, unknown>>;
    const broken = {
      ...repos[0]!,
      id: 999,
      name: 'Broken',
      full_name: 'octocat/Broken',
      clone_url: 'not a url',
      html_url: 'also not a url',
    };
    gh.on('GET /user/repos', (_r, res) => sendJson(res, 200, [...repos, broken]));
    try {
      const lines = await readStream('/v2/github/reinstall', token);
      expect(lines).toContain('x~~⚠️ Skipped octocat/Broken: its clone URL cannot be used');
      expect(lines.some((l) => /Synced 2 repositories .*1 skipped/.test(l))).toBe(true);
      expect(lines.at(-1)).toBe('x~~COMPLETE');
      const names = (await t.call({ method: 'GET', url: '/api/app/github/list', token }))
        .json()
        .map((r: { repoName: string }) => r.repoName);
      expect(names).not.toContain('Broken');
    } finally {
      gh.on('GET /user/repos', (_r, res) => sendJson(res, 200, fixture('github/repos-page1.json')));
    }
  });

  it('ends the stream with ERROR for a vendor that is not connected', async () => {
    const lines = await readStream('/v1/gitlab/reinstall', token);
    expect(lines).toEqual(['x~~No GitLab connection yet. Connect GitLab with an access token first.', 'x~~ERROR']);
  });

  it("keeps each user's connections and repositories apart", async () => {
    expect((await t.call({ method: 'GET', url: '/api/app/github/list', token: other })).json()).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/v1/vendors/connections', token: other })).json()).toEqual([]);
    expect((await readStream('/v2/github/install', other)).at(-1)).toBe('x~~ERROR');
    expect(
      (await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=octocat&repoName=Hello-World&vendor=GITHUB', token: other }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown vendor path', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v2/sourceforge/install', token })).statusCode).toBe(404);
  });
});

describe('Azure DevOps personal access token', () => {
  it('refuses an empty PAT with the spec text', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/azure/pat?organization=fabrikam&baseUrl=${encodeURIComponent(`${az.url}/fabrikam`)}`,
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please enter a valid Personal Access Token');
  });

  it('answers isValid false with the spec text for a PAT Azure rejects', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/azure/pat?organization=fabrikam&baseUrl=${encodeURIComponent(`${az.url}/fabrikam`)}`,
      token,
      headers: { 'x-azure-pat': 'nope' },
    });
    expect(res.json()).toEqual({ isValid: false, message: "Invalid PAT. Please try again or check if the PAT has access to 'fabrikam'." });
    expect((await t.call({ method: 'GET', url: '/api/v1/azure/pat?organization=fabrikam', token })).json().isValid).toBe(false);
  });

  it('stores a valid PAT and the GET check then answers isValid true', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/azure/pat?organization=fabrikam&baseUrl=${encodeURIComponent(`${az.url}/fabrikam`)}`,
      token,
      headers: { 'x-azure-pat': PAT },
    });
    expect(res.json()).toEqual({ isValid: true, message: 'Azure Devops PAT verified successfully!' });
    expect((await t.call({ method: 'GET', url: '/api/v1/azure/pat?organization=fabrikam', token })).json()).toEqual({ isValid: true });
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token });
    expect(me.json().connectedVendors).toEqual(['AZUREDEVOPS', 'GITHUB']);
  });
});
