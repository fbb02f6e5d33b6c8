import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { installErrorHandling } from '../src/http/errors.ts';
import { flushObservability, initObservability } from '../src/observability/index.ts';
import { createTestApp, signUp } from './helpers/app.ts';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback stand-in for Sentry/GlitchTip and Plausible: records every request. */
let server: http.Server;
let port = 0;
const received: Received[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

const SECRET_MESSAGE =
  'clone of https://bob:hunter2@git.example.com/acme/x.git?ref=main failed for alice@example.com with Bearer abcdef123456';

/** An app with only the error handler and a route that fails. */
async function failingApp(env: Record<string, string>) {
  initObservability(loadConfig({ APP_URL: 'http://docent.test', ...env }));
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  app.get('/v1/boom/:id', async () => {
    throw new Error(SECRET_MESSAGE);
  });
  await app.ready();
  return app;
}

function parseEnvelope(body: string) {
  const [header, item, payload, rest] = body.split('\n');
  expect(rest).toBe('');
  return { header: JSON.parse(header!), item: JSON.parse(item!), payload: JSON.parse(payload!), payloadBytes: Buffer.byteLength(payload!) };
}

describe('error reporting (SENTRY_DSN)', { timeout: 120_000 }, () => {
  it('sends a 5xx as a Sentry envelope to {host}/api/{project}/envelope/, scrubbed', async () => {
    const app = await failingApp({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42`, SENTRY_RELEASE: 'abc1234' });
    const res = await app.inject({
      method: 'GET',
      url: '/v1/boom/7?email=carol@example.com&token=tok',
      headers: { authorization: 'Bearer supersecret', cookie: 'sid=cookiesecret' },
    });
    expect(res.statusCode).toBe(500);
    await flushObservability();
    await app.close();

    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.url).toBe('/api/42/envelope/');
    expect(req!.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(req!.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, sentry_client=docent\/[\d.]+, sentry_key=publickey$/);
    const { header, item, payload, payloadBytes } = parseEnvelope(req!.body);
    expect(header.dsn).toBe(`http://publickey@127.0.0.1:${port}/42`);
    expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(item).toEqual({ type: 'event', content_type: 'application/json', length: payloadBytes });
    expect(payload.event_id).toBe(header.event_id);
    expect(payload.release).toBe('abc1234');
    expect(payload.platform).toBe('node');
    expect(payload.request).toEqual({ method: 'GET', url: '/v1/boom/:id' });
    const value = payload.exception.values[0].value as string;
    expect(payload.exception.values[0].type).toBe('Error');
    expect(value).toContain('[email]');
    expect(payload.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    for (const secret of [
      'alice@example.com',
      'carol@example.com',
      'hunter2',
      'abcdef123456',
      'ref=main',
      'supersecret',
      'cookiesecret',
      'token=tok',
    ]) {
      expect(req!.body).not.toContain(secret);
    }
  });

  it('relays a browser error from the web app, scrubbed, with platform javascript', async () => {
    const t = await createTestApp({ SENTRY_DSN: `http://k@127.0.0.1:${port}/7` });
    try {
      const cfg = await t.call({ method: 'GET', url: '/api/v1/client-config' });
      expect(cfg.json()).toMatchObject({ errorReporting: true, analytics: false });
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/telemetry/error',
        payload: {
          type: 'TypeError',
          message: `x is undefined for dave@example.com`,
          stack: 'TypeError: x\n    at f (http://docent.test/assets/a.js?v=1:1:2)',
          path: '/jobs/123?token=abc',
        },
      });
      expect(res.statusCode).toBe(204);
      await flushObservability();
      expect(received).toHaveLength(1);
      const { payload } = parseEnvelope(received[0]!.body);
      expect(payload.platform).toBe('javascript');
      expect(payload.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'x is undefined for [email]' });
      expect(payload.exception.values[0].stacktrace.frames[0]).toMatchObject({
        function: 'f',
        filename: 'http://docent.test/assets/a.js',
        lineno: 1,
        colno: 2,
      });
      expect(payload.request.url).toBe('/jobs/123');
      expect(received[0]!.body).not.toContain('token=abc');
    } finally {
      await t.close();
    }
  });
});

describe('usage analytics (ANALYTICS_URL)', { timeout: 120_000 }, () => {
  it('sends key events and page views in the Plausible format, without personal data', async () => {
    const t = await createTestApp({ ANALYTICS_URL: `http://127.0.0.1:${port}` });
    try {
      expect((await t.call({ method: 'GET', url: '/api/v1/client-config' })).json()).toMatchObject({
        errorReporting: false,
        analytics: true,
      });
      await signUp(t, 'erin@example.com');
      await flushObservability();
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe('/api/event');
      expect(received[0]!.headers['content-type']).toBe('application/json');
      expect(received[0]!.headers.cookie).toBeUndefined();
      expect(JSON.parse(received[0]!.body)).toEqual({
        name: 'Sign-up',
        url: 'http://docent.test/api/signup',
        domain: 'docent.test',
        props: {},
      });
      expect(received[0]!.body).not.toContain('erin');

      const view = await t.call({
        method: 'POST',
        url: '/api/v1/telemetry/pageview',
        payload: { path: '/repositories/github/acme/secret-repo/settings?tab=x' },
      });
      expect(view.statusCode).toBe(204);
      await flushObservability();
      expect(received).toHaveLength(2);
      expect(JSON.parse(received[1]!.body)).toEqual({
        name: 'pageview',
        url: 'http://docent.test/repositories/github/:org/:repo/settings',
        domain: 'docent.test',
        props: {},
      });

      // Do-Not-Track and Global Privacy Control: nothing is sent.
      await t.call({ method: 'POST', url: '/api/v1/telemetry/pageview', headers: { dnt: '1' }, payload: { path: '/jobs' } });
      await t.call({ method: 'POST', url: '/api/v1/telemetry/pageview', headers: { 'sec-gpc': '1' }, payload: { path: '/jobs' } });
      await flushObservability();
      expect(received).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe('off by default', { timeout: 120_000 }, () => {
  it('makes no outbound request without SENTRY_DSN and ANALYTICS_URL', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const app = await failingApp({});
    expect((await app.inject({ method: 'GET', url: '/v1/boom/1' })).statusCode).toBe(500);
    await app.close();

    const t = await createTestApp();
    try {
      expect((await t.call({ method: 'GET', url: '/api/v1/client-config' })).json()).toEqual({
        errorReporting: false,
        analytics: false,
        release: null,
      });
      await signUp(t, 'frank@example.com');
      expect(
        (await t.call({ method: 'POST', url: '/api/v1/telemetry/error', payload: { type: 'Error', message: 'm', path: '/' } })).statusCode,
      ).toBe(404);
      expect((await t.call({ method: 'POST', url: '/api/v1/telemetry/pageview', payload: { path: '/' } })).statusCode).toBe(404);
      await flushObservability();
    } finally {
      await t.close();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(received).toHaveLength(0);
  });
});
