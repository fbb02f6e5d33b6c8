import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmProvider, extractJson, llmConfigFromEnv, LlmError, providerNameOf, resolveLlm } from '../../src/llm/index.ts';
import { answer, startLlmLoopback, type Loopback } from '../helpers/llm-loopback.ts';

const SCHEMA = z.object({ ok: z.boolean(), note: z.string() });
const ask = { system: 'Answer JSON.', user: 'Is it ok?', schema: SCHEMA };

let server: Loopback;
beforeAll(async () => {
  server = await startLlmLoopback();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const openai = (extra: object = {}) =>
  createLlmProvider({ provider: 'openai-compatible', baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'm-openai', ...extra });
const anthropic = (extra: object = {}) =>
  createLlmProvider({ provider: 'anthropic', baseUrl: server.url, apiKey: 'ak-test', model: 'm-claude', ...extra });

describe('configuration', () => {
  it('reads LLM_PROVIDER, LLM_BASE_URL alone meaning openai-compatible, and none by default', () => {
    expect(providerNameOf(llmConfigFromEnv({}))).toBe('none');
    expect(providerNameOf(llmConfigFromEnv({ LLM_BASE_URL: 'http://x/v1' }))).toBe('openai-compatible');
    expect(providerNameOf(llmConfigFromEnv({ LLM_PROVIDER: 'anthropic', LLM_API_KEY: 'k' }))).toBe('anthropic');
    expect(providerNameOf(llmConfigFromEnv({ LLM_PROVIDER: 'none', LLM_BASE_URL: 'http://x/v1' }))).toBe('none');
    expect(llmConfigFromEnv({ LLM_TIMEOUT_MS: '1500' }).timeoutMs).toBe(1500);
    expect(() => llmConfigFromEnv({ LLM_PROVIDER: 'gemini' })).toThrow(/LLM_PROVIDER must be one of none, openai-compatible, anthropic/);
    expect(() => llmConfigFromEnv({ LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => createLlmProvider({ provider: 'anthropic' })).toThrow(/LLM_API_KEY/);
    expect(() => createLlmProvider({ provider: 'openai-compatible' })).toThrow(/LLM_BASE_URL/);
  });
  it('none is disabled and never calls out', async () => {
    const none = resolveLlm(undefined);
    expect(none.enabled).toBe(false);
    await expect(none.completeJson(ask)).rejects.toMatchObject({ kind: 'disabled' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('openai-compatible', () => {
  it('posts model, temperature 0 and system + user messages with a Bearer key, and reads choices[0].message.content', async () => {
    server.respond(() => answer({ ok: true, note: 'fine' }));
    await expect(openai().completeJson(ask)).resolves.toEqual({ ok: true, note: 'fine' });
    const req = server.requests[0]!;
    expect(req.wire).toBe('openai');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({
      model: 'm-openai',
      temperature: 0,
      messages: [
        { role: 'system', content: 'Answer JSON.' },
        { role: 'user', content: 'Is it ok?' },
      ],
    });
  });
  it('accepts the JSON inside one ```json fence', async () => {
    server.respond(() => ({ text: '```json\n{"ok": false, "note": "n"}\n```' }));
    await expect(openai().completeJson(ask)).resolves.toEqual({ ok: false, note: 'n' });
  });
});

describe('anthropic', () => {
  it('posts to /v1/messages with x-api-key and anthropic-version 2023-06-01 and reads content[].text', async () => {
    server.respond(() => answer({ ok: true, note: 'claude' }));
    await expect(anthropic().completeJson({ ...ask, maxTokens: 99 })).resolves.toEqual({ ok: true, note: 'claude' });
    const req = server.requests[0]!;
    expect(req.wire).toBe('anthropic');
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe('ak-test');
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toMatchObject({
      model: 'm-claude',
      max_tokens: 99,
      temperature: 0,
      system: 'Answer JSON.',
      messages: [{ role: 'user', content: 'Is it ok?' }],
    });
  });
});

describe.each([
  ['openai-compatible', openai],
  ['anthropic', anthropic],
])('%s failures never carry the answer body', (_name, make) => {
  const SECRET = 'leaked-body-sk-live-123';
  it('HTTP 500', async () => {
    server.respond(() => ({ status: 500, body: `{"error":{"message":"${SECRET}"}}` }));
    const err = await make()
      .completeJson(ask)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err).toMatchObject({ kind: 'http', message: 'the LLM endpoint answered HTTP 500' });
    expect(String((err as Error).message)).not.toContain(SECRET);
  });
  it('invalid JSON from the model', async () => {
    server.respond(() => ({ text: `Sure! ${SECRET} is fine` }));
    const err = (await make()
      .completeJson(ask)
      .catch((e: unknown) => e)) as LlmError;
    expect(err).toMatchObject({ kind: 'invalid-json' });
    expect(err.message).not.toContain(SECRET);
  });
  it('a body that is not JSON at all', async () => {
    server.respond(() => ({ raw: `<html>${SECRET}</html>` }));
    const err = (await make()
      .completeJson(ask)
      .catch((e: unknown) => e)) as LlmError;
    expect(err).toMatchObject({ kind: 'invalid-json' });
    expect(err.message).not.toContain(SECRET);
  });
  it('JSON that fails the schema', async () => {
    server.respond(() => answer({ ok: 'yes', note: SECRET }));
    const err = (await make()
      .completeJson(ask)
      .catch((e: unknown) => e)) as LlmError;
    expect(err).toMatchObject({ kind: 'schema' });
    expect(err.message).not.toContain(SECRET);
  });
  it('a timeout', async () => {
    server.respond(() => ({ hang: true }));
    const started = Date.now();
    await expect(make({ timeoutMs: 200 }).completeJson(ask)).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
  it("the caller's abort", async () => {
    server.respond(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = make().completeJson({ ...ask, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('cache', () => {
  it('answers a repeated prompt from memory, and from the directory in a new provider; failures are not cached', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-llm-cache-'));
    server.respond(() => ({ status: 500, body: '{}' }));
    const first = openai({ cacheDir: dir });
    await expect(first.completeJson(ask)).rejects.toBeInstanceOf(LlmError);
    server.respond(() => answer({ ok: true, note: 'cached' }));
    await expect(first.completeJson(ask)).resolves.toEqual({ ok: true, note: 'cached' });
    await expect(first.completeJson(ask)).resolves.toEqual({ ok: true, note: 'cached' });
    expect(server.requests).toHaveLength(2);
    await expect(openai({ cacheDir: dir }).completeJson(ask)).resolves.toEqual({ ok: true, note: 'cached' });
    expect(server.requests).toHaveLength(2);
    // Another model (or prompt) is another question.
    await openai({ cacheDir: dir, model: 'other' }).completeJson(ask);
    await openai({ cacheDir: dir }).completeJson({ ...ask, user: 'Other?' });
    expect(server.requests).toHaveLength(4);
  });
  it('reports a failure as a short reason through onFailure', async () => {
    const reasons: string[] = [];
    server.respond(() => ({ status: 503, body: 'secret body' }));
    const p = openai({ onFailure: (r: string) => reasons.push(r) });
    await p.completeJson(ask).catch((e: unknown) => p.reportFailure('Test', e));
    expect(reasons).toEqual(['Test: the LLM endpoint answered HTTP 503; the deterministic result was kept']);
  });
});

describe('extractJson', () => {
  it('takes the whole text, a fenced block, or the outermost braces, and refuses the rest', () => {
    expect(extractJson(' {"a":1} ')).toEqual({ a: 1 });
    expect(extractJson('```\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(extractJson('Here: {"a":3} done')).toEqual({ a: 3 });
    expect(() => extractJson('no json')).toThrow(LlmError);
  });
});
