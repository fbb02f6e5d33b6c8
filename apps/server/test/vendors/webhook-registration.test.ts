/**
 * Registering Docent's webhook through each vendor's documented API, against a loopback server
 * replaying the vendor's answers: method, path, auth scheme and body; an existing hook for the
 * same URL is found and reused; a refusal keeps its kind (the caller then shows URL and secret).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerWebhook } from '../../src/vendors/webhooks.ts';
import { VendorApiError } from '../../src/vendors/hosted-types.ts';
import { sendJson, startReplayServer, type ReplayServer } from './replay-server.ts';

const TOKEN = 'tok_hooks_5b4a39281706f5e4d3c2b1a0';
const TARGET = { url: 'https://docent.example.com/api/v1/webhooks/gitlab/abcDEF123456', secret: 'f'.repeat(64) };
let srv: ReplayServer;

beforeAll(async () => {
  srv = await startReplayServer();
});
afterAll(async () => srv?.close());
beforeEach(() => srv.requests.splice(0));

describe('webhook registration', () => {
  it('GitLab: POST /api/v4/projects/:id/hooks with the token, push and merge request events', async () => {
    srv.on('GET /api/v4/projects/diaspora%2Fdiaspora-client/hooks', (_q, res) => sendJson(res, 200, []));
    srv.on('POST /api/v4/projects/diaspora%2Fdiaspora-client/hooks', (_q, res) =>
      sendJson(res, 201, { id: 1, url: TARGET.url, project_id: 3, push_events: true, merge_requests_events: true }),
    );
    const reg = await registerWebhook(
      'GITLAB',
      { token: TOKEN, kind: 'pat', baseUrl: srv.url },
      { organizationName: 'diaspora', repoName: 'diaspora-client' },
      TARGET,
    );
    expect(reg).toEqual({ id: '1', existing: false });
    const post = srv.requests.find((r) => r.method === 'POST')!;
    expect(post.headers['private-token']).toBe(TOKEN);
    expect(JSON.parse(post.body)).toEqual({
      url: TARGET.url,
      token: TARGET.secret,
      push_events: true,
      merge_requests_events: true,
      enable_ssl_verification: true,
    });
    // registered before: found by its URL, nothing posted
    srv.on('GET /api/v4/projects/diaspora%2Fdiaspora-client/hooks', (_q, res) =>
      sendJson(res, 200, [
        { id: 9, url: 'https://elsewhere.example/' },
        { id: 1, url: TARGET.url },
      ]),
    );
    srv.requests.splice(0);
    expect(
      await registerWebhook(
        'GITLAB',
        { token: TOKEN, kind: 'pat', baseUrl: srv.url },
        { organizationName: 'diaspora', repoName: 'diaspora-client' },
        TARGET,
      ),
    ).toEqual({ id: '1', existing: true });
    expect(srv.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('Bitbucket: POST /2.0/repositories/{workspace}/{slug}/hooks with the secret and the three events', async () => {
    srv.on('GET /2.0/repositories/team/repo/hooks', (_q, res) => sendJson(res, 200, { values: [], pagelen: 10, size: 0, page: 1 }));
    srv.on('POST /2.0/repositories/team/repo/hooks', (_q, res) =>
      sendJson(res, 201, { uuid: '{2a6f3b0e-1c1d-4a43-9d2e-6b5f7a8c9d0e}', url: TARGET.url, active: true, events: ['repo:push'] }),
    );
    const reg = await registerWebhook(
      'BITBUCKET',
      { token: TOKEN, kind: 'pat', username: 'emma', baseUrl: srv.url },
      { organizationName: 'team', repoName: 'repo' },
      TARGET,
    );
    expect(reg.id).toBe('{2a6f3b0e-1c1d-4a43-9d2e-6b5f7a8c9d0e}');
    const post = srv.requests.find((r) => r.method === 'POST')!;
    expect(post.headers.authorization).toBe(`Basic ${Buffer.from(`emma:${TOKEN}`).toString('base64')}`);
    expect(JSON.parse(post.body)).toEqual({
      description: 'Docent',
      url: TARGET.url,
      active: true,
      secret: TARGET.secret,
      events: ['repo:push', 'pullrequest:created', 'pullrequest:updated'],
    });
  });

  it('Azure DevOps: one service hook subscription per event, naming the project and repository ids, basic auth with the secret', async () => {
    srv.on('GET /fabrikam/Fabrikam-Fiber/_apis/git/repositories/web', (_q, res) =>
      sendJson(res, 200, {
        id: '278d5cd2-584d-4b63-824a-2ba458937249',
        name: 'web',
        project: { id: '6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c', name: 'Fabrikam-Fiber' },
      }),
    );
    let n = 0;
    srv.on('POST /fabrikam/_apis/hooks/subscriptions', (_q, res) =>
      sendJson(res, 200, { id: `sub-${++n}`, eventType: 'git.push', consumerId: 'webHooks' }),
    );
    const reg = await registerWebhook(
      'AZUREDEVOPS',
      { token: TOKEN, kind: 'pat', baseUrl: `${srv.url}/fabrikam` },
      { organizationName: 'fabrikam', repoName: 'Fabrikam-Fiber/web' },
      TARGET,
    );
    expect(reg).toEqual({ id: 'sub-1', existing: false });
    const posts = srv.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => (JSON.parse(p.body) as { eventType: string }).eventType)).toEqual([
      'git.push',
      'git.pullrequest.created',
      'git.pullrequest.updated',
    ]);
    expect(posts[0]!.query.get('api-version')).toBe('7.1');
    expect(posts[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`:${TOKEN}`).toString('base64')}`);
    expect(JSON.parse(posts[0]!.body)).toMatchObject({
      publisherId: 'tfs',
      consumerId: 'webHooks',
      consumerActionId: 'httpRequest',
      publisherInputs: { projectId: '6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c', repository: '278d5cd2-584d-4b63-824a-2ba458937249' },
      consumerInputs: { url: TARGET.url, basicAuthUsername: 'docent', basicAuthPassword: TARGET.secret },
    });
  });

  it('GitHub: a 403 (no admin:repo_hook) is a forbidden VendorApiError without the vendor words in its message', async () => {
    srv.on('POST /repos/octocat/Hello-World/hooks', (_q, res) => sendJson(res, 403, { message: 'Must have admin rights to Repository.' }));
    const err = await registerWebhook(
      'GITHUB',
      { token: TOKEN, kind: 'pat', baseUrl: srv.url },
      { organizationName: 'octocat', repoName: 'Hello-World' },
      TARGET,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorApiError);
    expect((err as VendorApiError).failure).toBe('forbidden');
    expect((err as VendorApiError).message).not.toContain('admin rights');
  });

  it('GitHub: 422 "Hook already exists" reuses the hook with our URL', async () => {
    srv.on('POST /repos/octocat/Hello-World/hooks', (_q, res) =>
      sendJson(res, 422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Hook', code: 'custom', message: 'Hook already exists on this repository' }],
      }),
    );
    srv.on('GET /repos/octocat/Hello-World/hooks', (_q, res) =>
      sendJson(res, 200, [{ id: 12345678, name: 'web', config: { url: TARGET.url, content_type: 'json' } }]),
    );
    expect(
      await registerWebhook(
        'GITHUB',
        { token: TOKEN, kind: 'pat', baseUrl: srv.url },
        { organizationName: 'octocat', repoName: 'Hello-World' },
        TARGET,
      ),
    ).toEqual({ id: '12345678', existing: true });
  });
});
