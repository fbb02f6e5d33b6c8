import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';
import { answer, startLlmLoopback, type Loopback } from '../../../packages/analyzer/test/helpers/llm-loopback.ts';

/**
 * The server passes the configured LLM provider (LLM_* env) to the DOC_REPO job: with an
 * OpenAI-compatible endpoint (here a loopback server speaking its wire format) the prose of the
 * functions the model answered well comes from the model, the rest stays deterministic, and the
 * saved result says how many docstrings had prose from which model.
 */
const FILES: Record<string, string> = {
  'lib/a.py': 'def fetch_item(item_id):\n    return STORE[item_id]\n',
  'lib/b.py': 'def drop_item(item_id):\n    del STORE[item_id]\n',
};

let t: TestApp;
let daemon: GitDaemon;
let llm: Loopback;
let alice: { token: string; id: string };

beforeAll(async () => {
  llm = await startLlmLoopback((req) =>
    req.user.includes('Function: fetch_item.')
      ? answer({
          summary: 'Read one item from the shared store',
          params: { item_id: 'Key of the item to read.' },
          returns: 'The stored item.',
        })
      : { status: 500, body: '{"error":{"message":"model overloaded: secret-upstream-detail"}}' },
  );
  daemon = await GitDaemon.start();
  await daemon.addRepo('llmdocs', [FILES]);
  t = await createTestApp({
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: `${llm.url}/v1`,
    LLM_API_KEY: 'sk-loopback-key',
    LLM_MODEL: 'loop-model',
  });
  alice = await signUp(t, 'alice-llm@example.com');
  const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice.token, payload: { url: daemon.url('llmdocs') } });
  expect(res.statusCode).toBe(201);
  await t.database.db.updateTable('repositories').set({ plan_type: 'PRO' }).where('repo_name', '=', 'llmdocs').execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
  await llm?.close();
});

const repo = { git_repo: { organization_name: 'local', repo_name: 'llmdocs' }, vendor: 'GIT' };

async function finish(jobId: number): Promise<{
  state: string;
  messages: string[];
  result: Record<string, unknown> & { files: { path: string; diff: string; modelProse?: number }[] };
}> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/git/generate/repo/doc/status?jobId=${jobId}`,
      token: alice.token,
      payload: repo,
    });
    const body = res.json();
    if (['COMPLETE', 'FAILED', 'CANCELLED'].includes(body.state)) return body;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${body.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('DOC_REPO with an LLM configured', () => {
  it('records which docstrings have prose from the model, keeps the deterministic text where it failed, never logs its answer', async () => {
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo, delivery: 'branch' },
    });
    expect(start.statusCode).toBe(200);
    const done = await finish(start.json().lroJobId);
    expect(done.state).toBe('COMPLETE');
    const r = done.result;
    // the model wrote fetch_item's doc; for drop_item it failed, and nothing in the code grounds
    // a docstring for it offline, so it gets none (docs/docgen.md) rather than a made-up one
    expect(r).toMatchObject({ documented: 1, modelProse: 1, model: 'loop-model' });
    const a = r.files.find((f) => f.path === 'lib/a.py')!;
    expect(a.modelProse).toBe(1);
    expect(a.diff).toContain('+    """Read one item from the shared store.');
    expect(a.diff).toContain('+        item_id: Key of the item to read.');
    expect(r.files.find((f) => f.path === 'lib/b.py')).toBeUndefined();

    const lines = done.messages.map(decodeLogLine).map((l) => l.text);
    expect(lines).toContain('Prose from loop-model: 1 of 1 docstring(s)');
    expect(lines.join('\n')).not.toContain('secret-upstream-detail');
    expect(lines.join('\n')).not.toContain('sk-loopback-key');

    // The request went out in the OpenAI wire format with the configured key and model.
    expect(llm.requests[0]).toMatchObject({ wire: 'openai', path: '/v1/chat/completions', model: 'loop-model' });
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-loopback-key');
    // The answers are kept under DATA_DIR for the next run.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'llm-cache')).length).toBeGreaterThan(0);

    // The pushed commit says which prose came from the model.
    const bare = `${daemon.base}/llmdocs.git`;
    const message = execFileSync('git', ['log', '-1', '--format=%B', `refs/heads/docent/docs-${String(r.commit).slice(0, 7)}`], {
      cwd: bare,
      encoding: 'utf8',
    });
    expect(message).toContain('the prose of 1 function(s) was written by loop-model');
  });
});
