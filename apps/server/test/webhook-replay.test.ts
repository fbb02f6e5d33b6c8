/**
 * Security round 2, webhooks: a signed body replayed under a new delivery id is refused (409)
 * on every route whose proof can be replayed; the post-receive hook signs a timestamp and a
 * delivery signed over 5 minutes ago is refused; the hook id, the rate budget and the
 * header-only proofs are checked before a byte of an (up to 10 MB) body is read.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookStatus } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';
import { hmacSignature, hookSignature } from '../src/webhooks/verify.ts';
import { fixture } from './vendors/fixtures.ts';

const FILES = { 'calc/ops.py': 'def add(a, b):\n    return a + b\n' };
const gitRepo = { git_repo: { organization_name: 'acme', repo_name: 'calc' }, vendor: 'GIT' } as const;
const query = new URLSearchParams({ vendor: 'GIT', orgName: 'acme', repoName: 'calc' }).toString();

let t: TestApp;
let daemon: GitDaemon;
let token: string;
let hookPath: string;
let secret: string;
let port: number;

let seq = 0;
const uuid = () => `7c2e0d1a-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const now = () => String(Math.floor(Date.now() / 1000));

/** Each route's documented headers and proof for `body`. */
function signed(route: string, body: string, delivery = uuid(), ts = now()): Record<string, string> {
  switch (route) {
    case 'github':
      return {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-github-delivery': delivery,
        'x-hub-signature-256': hmacSignature(body, secret),
      };
    case 'gitlab':
      return {
        'content-type': 'application/json',
        'x-gitlab-event': 'Push Hook',
        'x-gitlab-event-uuid': delivery,
        'x-gitlab-token': secret,
      };
    case 'bitbucket':
      return {
        'content-type': 'application/json',
        'x-event-key': 'repo:push',
        'x-request-uuid': delivery,
        'x-hub-signature': hmacSignature(body, secret),
      };
    default:
      return {
        'content-type': 'text/plain',
        'x-docent-delivery': delivery,
        'x-docent-timestamp': ts,
        'x-docent-signature-256': hookSignature(body, secret, ts),
      };
  }
}

/**
 * A push that queues nothing but is handled ("ignored"): to a branch that is not the default one,
 * or, through the git hook (which checks such branches, docs/pr-insights.md), of a tag.
 */
function pushBody(route: string, n: number): string {
  const after = n.toString(16).padStart(40, 'b');
  if (route === 'git') return `${'a'.repeat(40)} ${after} refs/tags/feature\n`;
  const raw = JSON.stringify(fixture<object>(`${route}/webhook-push.json`)).replaceAll('__AFTER__', after);
  return raw.replace('"ref":"refs/heads/main"', '"ref":"refs/heads/feature"').replace(/"name":"main"/g, '"name":"feature"');
}

const post = (route: string, body: string, headers: Record<string, string>, path = hookPath) =>
  t.call({ method: 'POST', url: path.replace('/git/', `/${route}/`), payload: body, headers });

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('calc', [FILES]);
  t = await createTestApp({ WEBHOOK_FAILURES_PER_HOUR: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  token = (await signUp(t, 'replay@example.com')).token;
  const added = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url: daemon.url('calc'), organizationName: 'acme', repoName: 'calc' },
  });
  expect(added.statusCode).toBe(201);
  const s = (await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query}`, token })).json() as WebhookStatus;
  hookPath = new URL(s.url).pathname;
  secret = (
    (await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token, payload: gitRepo })).json() as { secret: string }
  ).secret;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
});

describe('the replay window', () => {
  it.each(['github', 'gitlab', 'bitbucket', 'git'])(
    '%s: the same signed body under a new delivery id is refused with 409; the vendor redelivery stays a duplicate',
    async (route) => {
      const body = pushBody(route, 1000 + ++seq);
      const ts = now();
      const first = await post(route, body, signed(route, body, `first-${route}-${seq}`, ts));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().status).toBe('ignored');
      // handled deliveries; a refusal is recorded apart, as `rejected` with its reason (docs/webhooks.md)
      const deliveries = async () =>
        (await t.database.db.selectFrom('webhook_deliveries').select('id').where('result', '!=', 'rejected').execute()).length;
      const refusals = async () =>
        (
          await t.database.db.selectFrom('webhook_deliveries').select('detail').where('result', '=', 'rejected').orderBy('id').execute()
        ).map((r) => r.detail);
      const recorded = await deliveries();
      const refusedBefore = (await refusals()).length;

      const replay = await post(route, body, signed(route, body, `replay-${route}-${seq}`, ts));
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ code: 'WEBHOOK_REPLAY' });
      expect(replay.json().detail).toMatch(/already delivered to this webhook within the last 24 hours/);
      expect(await deliveries()).toBe(recorded); // the replay left no handled delivery behind
      const refused = await refusals();
      expect(refused).toHaveLength(refusedBefore + 1);
      expect(refused.at(-1)).toMatch(/already delivered to this webhook within the last 24 hours/);

      // the vendor's own redelivery (same delivery id) is still recognised as such
      const again = await post(route, body, signed(route, body, `first-${route}-${seq}`, ts));
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('duplicate');
      // another body to the same webhook is a new delivery, not a replay
      const other = pushBody(route, 2000 + seq);
      expect((await post(route, other, signed(route, other))).statusCode).toBe(200);
    },
  );
});

describe('the post-receive hook signs a timestamp', () => {
  it('a body signed without the timestamp (the old hook, or a captured delivery) is refused', async () => {
    const body = pushBody('git', 6001);
    const res = await post('git', body, {
      'content-type': 'text/plain',
      'x-docent-delivery': uuid(),
      'x-docent-signature-256': hmacSignature(body, secret),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/X-Docent-Timestamp/);
  });

  it('a delivery signed more than 5 minutes ago is refused as stale; one signed now is taken', async () => {
    const body = pushBody('git', 6002);
    const old = String(Math.floor(Date.now() / 1000) - 6 * 60);
    const stale = await post('git', body, signed('git', body, uuid(), old));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'WEBHOOK_STALE' });
    const future = String(Math.floor(Date.now() / 1000) + 6 * 60);
    expect((await post('git', body, signed('git', body, uuid(), future))).json()).toMatchObject({ code: 'WEBHOOK_STALE' });
    const fresh = await post('git', body, signed('git', body));
    expect(fresh.statusCode).toBe(200);
    // the signature covers the timestamp: a fresh time on an old signature does not match
    const moved = { ...signed('git', body, uuid(), old), 'x-docent-timestamp': now() };
    expect((await post('git', body, moved)).statusCode).toBe(401);
  });
});

/**
 * Sends the headers and 1 KB of a `declared`-byte body over a real socket, then waits: the
 * answer's status if one comes while the rest of the body is still unsent, else null.
 */
function answerBeforeBody(
  path: string,
  headers: Record<string, string>,
  declared = 10 * 1024 * 1024 - 1,
  waitMs = 4000,
): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const done = (status: number | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => done(null), waitMs);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m) done(Number(m[1]));
    });
    socket.on('error', () => done(null));
    socket.on('connect', () => {
      const head = Object.entries({ host: '127.0.0.1', 'content-length': String(declared), ...headers })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n`);
      socket.write(Buffer.alloc(1024, 0x7b));
    });
  });
}

describe('checks before the body is read', () => {
  it('an unknown hook id is answered 404 before the body arrives', async () => {
    const status = await answerBeforeBody('/api/v1/webhooks/github/AAAAAAAAAAAAAAAAAAAAAAAA', {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
    });
    expect(status).toBe(404);
  });

  it('a wrong GitLab token or Azure password, a missing signature or a stale hook timestamp is answered 401 before the body arrives', async () => {
    expect(
      await answerBeforeBody(hookPath.replace('/git/', '/gitlab/'), { 'content-type': 'application/json', 'x-gitlab-token': 'wrong' }),
    ).toBe(401);
    expect(
      await answerBeforeBody(hookPath.replace('/git/', '/azure/'), {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('u:wrong').toString('base64')}`,
      }),
    ).toBe(401);
    expect(await answerBeforeBody(hookPath.replace('/git/', '/github/'), { 'content-type': 'application/json' })).toBe(401);
    expect(
      await answerBeforeBody(hookPath, {
        'content-type': 'text/plain',
        'x-docent-timestamp': '1000',
        'x-docent-signature-256': `sha256=${'0'.repeat(64)}`,
      }),
    ).toBe(401);
  });

  it('a client address over its budget is answered 429 before the body arrives', async () => {
    const small = await createTestApp({ WEBHOOK_FAILURES_PER_HOUR: '2' });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const saved = port;
      port = (small.app.server.address() as { port: number }).port;
      try {
        for (let i = 0; i < 2; i++)
          expect(
            (
              await small.call({
                method: 'POST',
                url: '/api/v1/webhooks/github/BBBBBBBBBBBBBBBBBBBBBBBB',
                payload: '{}',
                headers: { 'content-type': 'application/json' },
              })
            ).statusCode,
          ).toBe(404);
        expect(await answerBeforeBody('/api/v1/webhooks/github/BBBBBBBBBBBBBBBBBBBBBBBB', { 'content-type': 'application/json' })).toBe(
          429,
        );
      } finally {
        port = saved;
      }
    } finally {
      await small.close();
    }
  });
});
