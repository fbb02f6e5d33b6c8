import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AzureDevOpsAdapter } from '../../src/vendors/azure/azure-adapter.ts';
import { VendorApiError, type VendorCredential } from '../../src/vendors/hosted-types.ts';
import { fixture, fixtureText } from './fixtures.ts';
import { hang, sendJson, sendText, startReplayServer, type ReplayServer } from './replay-server.ts';

const PAT = 'y3kq7v2xw9tm4zr8pl5nc6bh1dgf0sja3ue7oi2wq9xc4vb8nm5lk';

let server: ReplayServer;
let cred: VendorCredential;
const adapter = new AzureDevOpsAdapter({ timeoutMs: 2_000 });
const basic = `Basic ${Buffer.from(`:${PAT}`).toString('base64')}`;

beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  cred = { token: PAT, kind: 'pat', organization: 'fabrikam', baseUrl: `${server.url}/fabrikam` };
  server.on('GET /fabrikam/_apis/projects', (_r, res) => sendJson(res, 200, fixture('azure/projects.json')));
  server.on('GET /fabrikam/_apis/git/repositories', (_r, res) => sendJson(res, 200, fixture('azure/repositories.json')));
});

describe('Azure DevOps adapter against replayed REST 7.1 payloads', () => {
  it('validates a PAT for an organization by reading its projects, with Basic `:PAT` auth', async () => {
    await expect(adapter.validateCredential(cred)).resolves.toEqual({ valid: true, login: 'fabrikam' });
    const req = server.requests[0]!;
    expect(req.path).toBe('/fabrikam/_apis/projects');
    expect(req.query.get('api-version')).toBe('7.1');
    expect(req.query.get('$top')).toBe('1');
    expect(req.headers.authorization).toBe(basic);
  });

  it('answers isValid=false for a 401 and for the 203 sign-in page Azure DevOps sends for a bad PAT', async () => {
    server.on('GET /fabrikam/_apis/projects', (_r, res) =>
      sendText(res, 401, fixtureText('azure/signin-203.html'), 'text/html; charset=utf-8'),
    );
    await expect(adapter.validateCredential(cred)).resolves.toEqual({ valid: false, message: 'Azure DevOps rejected the token.' });
    server.on('GET /fabrikam/_apis/projects', (_r, res) =>
      sendText(res, 203, fixtureText('azure/signin-203.html'), 'text/html; charset=utf-8'),
    );
    await expect(adapter.validateCredential(cred)).resolves.toEqual({
      valid: false,
      message: 'Azure DevOps rejected the token: it answered with a sign-in page.',
    });
  });

  it('lists the organization of the PAT', async () => {
    await expect(adapter.listOrganizations(cred)).resolves.toEqual([{ name: 'fabrikam', id: 'fabrikam' }]);
    expect(server.requests).toHaveLength(0);
  });

  it('lists every repository of the organization as project/repository, leaving disabled ones out', async () => {
    const repos = await adapter.listRepositories(cred);
    const req = server.requests[0]!;
    expect(`${req.path}?${req.query}`).toBe('/fabrikam/_apis/git/repositories?api-version=7.1');
    expect(req.headers.authorization).toBe(basic);
    expect(repos).toEqual([
      // An empty repository has no defaultBranch; no webUrl in the documented sample → the clone URL.
      {
        organizationName: 'fabrikam',
        repoName: 'Fabrikam-Fiber-Git/AnotherRepository',
        defaultBranch: 'main',
        isPrivate: true,
        cloneUrl: 'https://dev.azure.com/fabrikam/Fabrikam-Fiber-Git/_git/AnotherRepository',
        webUrl: 'https://dev.azure.com/fabrikam/Fabrikam-Fiber-Git/_git/AnotherRepository',
        sizeKb: undefined,
      },
      // `fabrikam@` in remoteUrl is removed.
      {
        organizationName: 'fabrikam',
        repoName: 'Fabrikam-Fiber-Git/Fabrikam-Fiber-Git',
        defaultBranch: 'master',
        isPrivate: true,
        cloneUrl: 'https://dev.azure.com/fabrikam/Fabrikam-Fiber-Git/_git/Fabrikam-Fiber-Git',
        webUrl: 'https://dev.azure.com/fabrikam/Fabrikam-Fiber-Git/_git/Fabrikam-Fiber-Git',
        sizeKb: 2048,
      },
      {
        organizationName: 'fabrikam',
        repoName: 'Public Site/Open Docs',
        defaultBranch: 'main',
        isPrivate: false,
        cloneUrl: 'https://dev.azure.com/fabrikam/Public%20Site/_git/Open%20Docs',
        webUrl: 'https://dev.azure.com/fabrikam/Public%20Site/_git/Open%20Docs',
        sizeKb: 10,
      },
    ]);
    expect(await new AzureDevOpsAdapter({ maxRepositories: 2 }).listRepositories(cred)).toHaveLength(2);
  });

  it('reads the default branch of project/repository, URL-encoding both parts', async () => {
    server.on('GET /fabrikam/Public%20Site/_apis/git/repositories/Open%20Docs', (_r, res) =>
      sendJson(res, 200, fixture<{ value: unknown[] }>('azure/repositories.json').value[2]),
    );
    await expect(adapter.defaultBranch(cred, { organizationName: 'fabrikam', repoName: 'Public Site/Open Docs' })).resolves.toBe('main');
    expect(server.requests[0]?.query.get('api-version')).toBe('7.1');
    await expect(adapter.defaultBranch(cred, { organizationName: 'fabrikam', repoName: 'no-project' })).rejects.toThrow(
      /named "project\/repository"/,
    );
  });

  it('opens a pull request with refs/heads/ branch names and links to its web page', async () => {
    server.on('POST /fabrikam/Fabrikam-Fiber-Git/_apis/git/repositories/Fabrikam-Fiber-Git/pullrequests', (_r, res) =>
      sendJson(res, 201, fixture('azure/pullrequest-created.json')),
    );
    const ref = { organizationName: 'fabrikam', repoName: 'Fabrikam-Fiber-Git/Fabrikam-Fiber-Git' };
    const pr = await adapter.openPullRequest(cred, ref, {
      head: 'docent/docs',
      base: 'master',
      title: 'Add docs',
      body: 'Generated by Docent',
    });
    expect(pr).toEqual({
      url: `${server.url}/fabrikam/Fabrikam-Fiber-Git/_git/Fabrikam-Fiber-Git/pullrequest/22`,
      number: 22,
      existing: false,
    });
    const post = server.requests[0]!;
    expect(post.query.get('api-version')).toBe('7.1');
    expect(post.headers.authorization).toBe(basic);
    expect(JSON.parse(post.body)).toEqual({
      sourceRefName: 'refs/heads/docent/docs',
      targetRefName: 'refs/heads/master',
      title: 'Add docs',
      description: 'Generated by Docent',
    });
  });

  it('cuts a description to Azure’s 4,000-character limit and reports a duplicate pull request in Azure’s words', async () => {
    server.on('POST /fabrikam/Fabrikam-Fiber-Git/_apis/git/repositories/Fabrikam-Fiber-Git/pullrequests', (_r, res) =>
      sendJson(res, 409, fixture('azure/pr-exists-409.json')),
    );
    const err = (await adapter
      .openPullRequest(
        cred,
        { organizationName: 'fabrikam', repoName: 'Fabrikam-Fiber-Git/Fabrikam-Fiber-Git' },
        { head: 'a', base: 'master', title: 't', body: 'x'.repeat(5000) },
      )
      .catch((e: unknown) => e)) as VendorApiError;
    expect(err.status).toBe(409);
    expect(err.message).toBe('Azure DevOps answered with an error (HTTP 409).');
    expect(err.internalDetail).toBe('TF401179: An active pull request for the source and target branch already exists.');
    expect((JSON.parse(server.requests[0]!.body) as { description: string }).description).toHaveLength(4000);
  });

  it('turns 429 with Retry-After into a rate-limit error', async () => {
    server.on('GET /fabrikam/_apis/git/repositories', (_r, res) =>
      sendJson(
        res,
        429,
        { message: 'Request was blocked due to exceeding usage of resource.' },
        { 'retry-after': '30', 'x-ratelimit-resource': 'ATCPU', 'x-ratelimit-delay': '31.2' },
      ),
    );
    const err = (await adapter.listRepositories(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('rate-limit');
    expect(err.message).toBe('Azure DevOps rate limit reached. Try again in 30 s.');
  });

  it('validation throws (not "invalid") when Azure DevOps cannot be reached in time', async () => {
    server.on('GET /fabrikam/_apis/projects', hang());
    const err = (await new AzureDevOpsAdapter({ timeoutMs: 200 }).validateCredential(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err).toBeInstanceOf(VendorApiError);
    expect(err.failure).toBe('timeout');
    expect(err.message).toBe('Azure DevOps did not answer within 200 ms.');
  });

  it('keeps the PAT (and its Basic form) out of messages', async () => {
    server.on('GET /fabrikam/_apis/projects', (_r, res) =>
      sendJson(res, 401, {
        message: `TF400813: The user '' is not authorized. PAT ${PAT} (${Buffer.from(`:${PAT}`).toString('base64')}) has expired.`,
      }),
    );
    const result = await adapter.validateCredential(cred);
    expect(result.valid).toBe(false);
    expect(result.message).toBe('Azure DevOps rejected the token.');
  });

  it('clones with the PAT as the user name, as Azure DevOps documents', () => {
    const repo = {
      organizationName: 'fabrikam',
      repoName: 'Fabrikam-Fiber-Git/Fabrikam-Fiber-Git',
      defaultBranch: 'master',
      isPrivate: true,
      cloneUrl: 'https://dev.azure.com/fabrikam/Fabrikam-Fiber-Git/_git/Fabrikam-Fiber-Git',
      webUrl: '',
    };
    expect(adapter.authenticatedCloneUrl(cred, repo)).toBe(
      `https://${PAT}@dev.azure.com/fabrikam/Fabrikam-Fiber-Git/_git/Fabrikam-Fiber-Git`,
    );
  });
});
