import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/** The add-repository answer reads as a sentence, without a "url:" field prefix. */
let t: TestApp;
let token: string;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-local-'));
  t = await createTestApp({ LOCAL_REPO_ROOTS: root });
  token = (await signUp(t, 'adderr@example.com')).token;
});
afterAll(async () => {
  await t.close();
});

describe('POST /v1/git/repos errors', () => {
  it('a local path with no repository answers 400 with a plain sentence', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: path.join(root, 'missing') } });
    expect(res.statusCode).toBe(400);
    const { detail } = res.json() as { detail: string };
    expect(detail).not.toMatch(/^url:/);
    expect(detail.length).toBeGreaterThan(0);
  });
});
