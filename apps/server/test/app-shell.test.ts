import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'docent-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Docent</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html and assets as files', async () => {
    for (const url of ['/', '/repositories', '/auth/login?state=x', '/jobs/123']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.call({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it("sends the build's precompressed copy the client accepts, and caches hashed assets for good", async () => {
    const plain = 'console.log("hashed")'.repeat(100);
    await writeFile(path.join(dist, 'assets', 'chunk-abc123.js'), plain);
    await writeFile(path.join(dist, 'assets', 'chunk-abc123.js.br'), brotliCompressSync(plain));
    await writeFile(path.join(dist, 'assets', 'chunk-abc123.js.gz'), gzipSync(plain));
    const br = await t.call({ method: 'GET', url: '/assets/chunk-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await t.call({ method: 'GET', url: '/assets/chunk-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    const none = await t.call({ method: 'GET', url: '/assets/chunk-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
    // the page that names the hashes is revalidated on every load
    const page = await t.call({ method: 'GET', url: '/repositories' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(cacheControlFor(dist, path.join(dist, 'favicon.svg'))).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/gone-1234.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves a file added after start (a rebuilt web app needs no restart)', async () => {
    await writeFile(path.join(dist, 'assets', 'new-5678.js'), 'console.log(2)');
    expect((await t.call({ method: 'GET', url: '/assets/new-5678.js' })).body).toBe('console.log(2)');
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await t.call({ method: 'GET', url: '/api/unknown/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers the health check and publishes the OpenAPI document', async () => {
    // the suite runs once on PGlite and, in CI, once on a PostgreSQL server
    const database = process.env.DOCENT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    expect((await t.call({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database, version: '1.2.0' });
    const doc = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    // paths are relative to the document's server URL, /api
    expect(doc.json().servers).toEqual([{ url: '/api' }]);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/login', '/signup', '/v1/user', '/v1/users', '/forgotPassword', '/refreshToken']));
  });
});

describe('config and secrets', () => {
  it('reads every documented variable with defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeNull();
    expect(c.appUrl).toBe('http://localhost:8080');
    const d = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://x/y', APP_URL: 'https://docent.example/', SMTP_URL: 'smtp://m:25' });
    expect(d).toMatchObject({ port: 9000, databaseUrl: 'postgres://x/y', appUrl: 'https://docent.example', smtpUrl: 'smtp://m:25' });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be/);
  });

  it('generates secrets once into DATA_DIR (mode 600) and keeps them across restarts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docent-secrets-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const a = await loadSecrets(config);
      const b = await loadSecrets(config);
      expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
      expect(a.encryptionKey.equals(b.encryptionKey)).toBe(true);
      expect(a.encryptionKey).toHaveLength(32);
      expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'));
      expect(Object.keys(stored).sort()).toEqual(['encryptionKey', 'jwtSecret']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an encryption key of the wrong size', async () => {
    await expect(
      loadSecrets(loadConfig({ DATA_DIR: '/tmp/x-never', JWT_SECRET: 's', ENCRYPTION_KEY: Buffer.alloc(8).toString('base64') })),
    ).rejects.toThrow(/32 bytes/);
  });
});
