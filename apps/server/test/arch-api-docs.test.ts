import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { decodeLogLine, type DocSetResult } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { git, GitDaemon } from './helpers/git-daemon.ts';
import { RepoRepository } from '../src/repos/repository.ts';
import { saveDocSetConfig, storedDocSetConfig } from '../src/docsets/auto.ts';

/** A small Express service: routes, a model, a dependency. */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'shop', main: 'src/server.js', dependencies: { express: '^4.19.0', pg: '^8.0.0' } }, null, 2),
  'src/server.js':
    "const express = require('express');\nconst users = require('./users');\n\nconst app = express();\napp.get('/health', (req, res) => res.send('ok'));\napp.use('/users', users);\napp.listen(process.env.PORT || 3000);\n",
  'src/users.js':
    "const { Router } = require('express');\nconst db = require('./db');\n\nconst router = Router();\n\n/** Lists users. */\nrouter.get('/', async (req, res) => res.json(await db.list()));\nrouter.post('/:id', async (req, res) => res.json(await db.save(req.params.id, req.body)));\n\nmodule.exports = router;\n",
  'src/db.js':
    "const { Pool } = require('pg');\nconst pool = new Pool({ connectionString: process.env.DATABASE_URL });\n\n/** All users. */\nexports.list = async () => (await pool.query('select * from users')).rows;\n\nexports.save = async function save(id, body) {\n  return pool.query('update users set name = $1 where id = $2', [body.name, id]);\n};\n",
};

let t: TestApp;
let daemon: GitDaemon;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let repoId: string;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('shop', [FILES]);
  t = await createTestApp();
  alice = await signUp(t, 'alice-archdocs@example.com');
  bob = await signUp(t, 'bob-archdocs@example.com');
  const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice.token, payload: { url: daemon.url('shop') } });
  expect(res.statusCode).toBe(201);
  repoId = (await t.database.db.selectFrom('repositories').select('id').where('repo_name', '=', 'shop').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
});

const repo = { git_repo: { organization_name: 'local', repo_name: 'shop' }, vendor: 'GIT' };
type Done = { state: string; percentage: number; messages: string[]; result: DocSetResult | null };

async function finish(kind: 'arch' | 'api', jobId: number): Promise<Done & { texts: string[] }> {
  const until = Date.now() + 90_000;
  for (;;) {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/git/generate/${kind}/doc/status?jobId=${jobId}`,
      token: alice.token,
      payload: repo,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Done;
    if (['COMPLETE', 'FAILED', 'CANCELLED'].includes(body.state))
      return { ...body, texts: body.messages.map((m) => decodeLogLine(m).text) };
    if (Date.now() > until) throw new Error(`job ${jobId} still ${body.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function generate(kind: 'arch' | 'api', config?: unknown): Promise<Done & { texts: string[] }> {
  const start = await t.call({
    method: 'POST',
    url: `/api/v1/git/generate/${kind}/doc`,
    token: alice.token,
    payload: { ...repo, ...(config ? { arch_doc_config: config } : {}) },
  });
  expect(start.statusCode, start.body).toBe(200);
  expect(start.json().message).toBe('Documentation generation started');
  const done = await finish(kind, start.json().lroJobId);
  expect(done.state, done.texts.join('\n')).toBe('COMPLETE');
  return done;
}

let cookie = '';
const page = (url: string, c = cookie) => t.call({ method: 'GET', url, headers: c ? { cookie: c } : {} });
let first: DocSetResult;

describe('architecture and API docs: option rules, defaults and the hosted site', () => {
  it('refuses options against the rules with the spec texts', async () => {
    const cases: Array<[unknown, string]> = [
      [{ generateHtml: false, hostDocumentation: false }, 'Repository commit is required when HTML is not selected'],
      [{ commitOutput: { commitToGit: true, branch: 'main', path: '' } }, 'Please specify a directory path'],
      [{ generateHtml: false, commitOutput: { commitToGit: true, branch: 'main', path: 'docs' } }, 'Hosting requires HTML to be selected'],
      [{ commitOutput: { commitToGit: true, branch: 'main', path: '../../etc' } }, 'relative to the repository root'],
    ];
    for (const [config, text] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/git/generate/arch/doc',
        token: alice.token,
        payload: { ...repo, arch_doc_config: config },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(text);
    }
    const other = await t.call({ method: 'POST', url: '/api/v1/git/generate/api/doc', token: bob.token, payload: repo });
    expect(other.statusCode).toBe(404);
  });
});

describe('architecture docs: generate, host, download', () => {
  it('generates with the defaults (host, PDF, Markdown, HTML), logs the pages, sets the site URL', async () => {
    const done = await generate('arch');
    expect(done.percentage).toBe(100);
    expect(done.texts.at(-1)).toBe('Job COMPLETE: Documentation generation complete!');
    // one page per section of the architecture document (docs/docgen-arch-api.md), each in the three formats, plus the book and index
    expect(done.texts.find((l) => l.startsWith('Pages regenerated:'))).toMatch(
      /^Pages regenerated: \d+ \(architecture-context, .*architecture-risks\)$/,
    );
    const r = done.result!;
    first = r;
    const names = r.files.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'architecture.html',
        'architecture.md',
        'architecture.pdf',
        'architecture-components.md',
        'architecture-components.svg',
        'architecture-search.js',
      ]),
    );
    expect(names.filter((n) => /\.(rst|xml|rtf)$/.test(n))).toEqual([]);
    expect(r.siteUrl).toBe(`/docs/${repoId}/arch/`);
    expect(r.versionUrl).toBe(`/docs/${repoId}/arch/@${r.commit}/`);
    expect(r.delivery).toBeNull();
    const detail = await t.call({
      method: 'GET',
      url: '/api/app/github/get/repo?orgName=local&repoName=shop&vendor=GIT',
      token: alice.token,
    });
    expect(JSON.stringify(detail.json())).toContain(`"siteUrl":"/docs/${repoId}/arch/"`);
  });

  it('serves the site to its owner only: sign-in page without the cookie, 404 for another user', async () => {
    const anon = await page(first.siteUrl!, '');
    expect(anon.statusCode).toBe(401);
    expect(anon.body).toContain('/docs/_docent/auth.js');
    const auth = await page('/docs/_docent/auth.js', '');
    expect(auth.statusCode).toBe(200);
    expect(auth.headers['content-type']).toContain('text/javascript');

    const session = await t.call({ method: 'POST', url: '/api/v1/docs/session', token: alice.token });
    expect(session.statusCode).toBe(204);
    const set = String(session.headers['set-cookie']);
    expect(set).toMatch(/^docent_docs=[^;]+; Path=\/docs; HttpOnly; SameSite=Lax/);
    cookie = set.split(';')[0]!;

    const home = await page(first.siteUrl!);
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('shop');
    expect(String(home.headers['content-security-policy'])).toMatch(/^default-src 'self'; script-src 'self'/);
    const md = await page(`${first.siteUrl}architecture.md`);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');

    const bobCookie = String((await t.call({ method: 'POST', url: '/api/v1/docs/session', token: bob.token })).headers['set-cookie']).split(
      ';',
    )[0]!;
    const foreign = await page(first.siteUrl!, bobCookie);
    expect(foreign.statusCode).toBe(404);
    const nothing = await page(`/docs/00000000-0000-4000-8000-000000000000/arch/`);
    expect(nothing.statusCode).toBe(404);
    expect(foreign.body).toBe(nothing.body);
    // A bearer credential works as well as the cookie (API clients).
    const bearer = await t.call({ method: 'GET', url: `${first.siteUrl}architecture.md`, token: alice.token });
    expect(bearer.statusCode).toBe(200);
    // A revoked session no longer opens the docs.
    const badCookie = await page(first.siteUrl!, 'docent_docs=not-a-token');
    expect(badCookie.statusCode).toBe(401);
  });

  it('versioned URLs, the trailing-slash redirect and no path traversal', async () => {
    const v = await page(first.versionUrl!);
    expect(v.statusCode).toBe(200);
    expect(v.headers['cache-control']).toBe('private, max-age=3600');
    const short = await page(`/docs/${repoId}/arch/@${first.commit.slice(0, 7)}/architecture.md`);
    expect(short.statusCode).toBe(200);
    const unknown = await page(`/docs/${repoId}/arch/@0000000/`);
    expect(unknown.statusCode).toBe(404);
    const redirect = await page(`/docs/${repoId}/arch`);
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`/docs/${repoId}/arch/`);
    for (const evil of [
      `/docs/${repoId}/arch/..%2f..%2fpackage.json`,
      `/docs/${repoId}/arch/%2e%2e/%2e%2e/etc/passwd`,
      `/docs/${repoId}/arch/..%5c..%5cx`,
      `/docs/${repoId}/arch/a%00b`,
      `/docs/${repoId}/../../etc/passwd`,
    ]) {
      const res = await page(evil);
      // NUL never reaches the route (refused as hostile input, 400)
      expect([400, 404], evil).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
    const kind = await page(`/docs/${repoId}/repo/`);
    expect(kind.statusCode).toBe(404);
  });

  it('every artifact downloads from the result: each file and a zip of all', async () => {
    const pdf = first.files.find((f) => f.name === 'architecture.pdf')!; // the book
    expect(pdf.url).toBe(`/docs/${repoId}/arch/@${first.commit}/architecture.pdf?download=1`);
    const res = await page(pdf.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="architecture.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(pdf.size);
    const zip = await page(first.zipUrl);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(first.files.map((f) => f.name).sort());
    const md = await page(first.files.find((f) => f.name === 'architecture.md')!.url);
    expect(Buffer.from(entries['architecture.md']!).toString()).toBe(md.body);
  });

  it("a page's files are marked as parts and come in their format's zip with the diagrams; an absent format is a 400", async () => {
    const parts = first.files.filter((f) => f.part);
    expect(parts.length).toBeGreaterThan(0);
    // The index and the books stand alone; a page's Markdown, HTML and PDF part do not.
    for (const name of ['architecture.md', 'architecture.html', 'architecture.pdf', 'architecture-search.js'])
      expect(first.files.find((f) => f.name === name)?.part, name).toBe(false);
    expect(parts.some((f) => f.format === 'pdf')).toBe(true);
    const zip = await page(`${first.zipUrl}?format=md`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/-arch-docs-[0-9a-f]{7}-md\.zip"$/);
    const names = Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort();
    expect(names).toEqual(
      first.files
        .filter((f) => f.format === 'md' || f.format === 'svg')
        .map((f) => f.name)
        .sort(),
    );
    expect(names.some((n) => n.endsWith('.svg'))).toBe(true);
    const none = await page(`${first.zipUrl}?format=docx`);
    expect(none.statusCode).toBe(400);
    expect(JSON.parse(none.body).detail).toBe('This documentation has no files in the format "docx".');
  });

  it('a second run on an unchanged tree reuses the page, byte for byte', async () => {
    const done = await generate('arch');
    expect(
      done.texts.some((l) =>
        l.startsWith(
          `Pages reused from ${first.commit.slice(0, 12)}, their sources unchanged: ${first.reused.length + first.regenerated.length} (architecture-context`,
        ),
      ),
    ).toBe(true);
    expect(done.texts.some((l) => l.startsWith('Pages regenerated'))).toBe(false);
    expect(done.result!.regenerated).toEqual([]);
    expect(done.result!.reused).toEqual(first.regenerated);
    expect(done.result!.files.map((f) => f.size)).toEqual(first.files.map((f) => f.size));
  });
});

describe('API docs committed to the repository', () => {
  const bare = () => `${daemon.base}/shop.git`;

  it('commits to a chosen branch and folder on the remote (DocBook and RST, not hosted)', async () => {
    const done = await generate('api', {
      hostDocumentation: false,
      generateHtml: false,
      generatePdf: false,
      generateMd: true,
      generateXml: true,
      generateRst: true,
      commitOutput: { commitToGit: true, branch: 'published-docs', path: 'docs/api' },
    });
    const r = done.result!;
    expect(r.siteUrl).toBeNull();
    expect(r.delivery).toMatchObject({ branch: 'published-docs', path: 'docs/api', pushed: true, direct: true, pullRequest: null });
    const tree = execFileSync('git', ['ls-tree', '-r', '--name-only', 'refs/heads/published-docs'], { cwd: bare(), encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(tree).toEqual(expect.arrayContaining(['docs/api/api.md', 'docs/api/api.rst', 'docs/api/api.xml', 'src/server.js']));
    const xml = execFileSync('git', ['show', 'refs/heads/published-docs:docs/api/api.xml'], { cwd: bare(), encoding: 'utf8' });
    expect(xml).toContain('http://docbook.org/ns/docbook');
    // not hosted: the browsable site is absent, the downloads are there
    expect((await page(`/docs/${repoId}/api/`)).statusCode).toBe(404);
    expect((await page(r.files.find((f) => f.format === 'xml')!.url)).statusCode).toBe(200);
  });

  it('the default branch without a confirmed direct push gets a new branch, main stays', async () => {
    const mainBefore = git(bare(), 'rev-parse', 'refs/heads/main').trim();
    const done = await generate('api', { commitOutput: { commitToGit: true, branch: 'main', path: 'docs' } });
    const d = done.result!.delivery!;
    expect(d).toMatchObject({ pushed: true, direct: false, path: 'docs' });
    expect(d.branch).toBe(`docent/api-docs-${done.result!.commit.slice(0, 7)}`);
    expect(git(bare(), 'rev-parse', 'refs/heads/main').trim()).toBe(mainBefore);
    expect(git(bare(), 'ls-tree', '--name-only', `refs/heads/${d.branch}`, 'docs/').trim().split('\n')).toEqual(
      expect.arrayContaining(['docs/api.html', 'docs/api.md', 'docs/api.pdf', 'docs/openapi.json']),
    );
    // hosted too: the API site
    expect(done.result!.siteUrl).toBe(`/docs/${repoId}/api/`);
    expect((await page(done.result!.siteUrl!)).statusCode).toBe(200);
  });
});

describe('freshness against the latest analysed commit', () => {
  it('a new analysed commit makes the sets stale; regenerating rebuilds the page and is fresh again', async () => {
    const state0 = (
      await t.call({ method: 'GET', url: '/api/v1/git/generate/docs/state?orgName=local&repoName=shop&vendor=GIT', token: alice.token })
    ).json();
    expect(state0.sets.map((s: { kind: string; fresh: boolean }) => [s.kind, s.fresh])).toEqual([
      ['api', true],
      ['arch', true],
    ]);
    // The form's memory: each kind's last options by hand (the API's commit above, the architecture's defaults).
    expect(state0.lastOptions.api.commitOutput).toEqual({ commitToGit: true, branch: 'main', path: 'docs' });
    expect(state0.lastOptions.arch).toMatchObject({ hostDocumentation: true, generateHtml: true });
    expect(state0.lastOptions.arch.commitOutput).toBeUndefined();
    // A confirmation to push to the default branch is never remembered.
    const repos = new RepoRepository(t.database.db);
    const saved = await storedDocSetConfig(repos, repoId, 'api');
    await saveDocSetConfig(repos, repoId, 'api', { ...saved!, commitOutput: { ...saved!.commitOutput!, confirmDirectPush: true } });
    const remembered = (
      await t.call({ method: 'GET', url: '/api/v1/git/generate/docs/state?orgName=local&repoName=shop&vendor=GIT', token: alice.token })
    ).json().lastOptions.api;
    expect(remembered.commitOutput).toEqual({ commitToGit: true, branch: 'main', path: 'docs' });
    await saveDocSetConfig(repos, repoId, 'api', saved!);
    // a new commit on main, then an analysis of it
    const work = await mkdtemp(path.join(os.tmpdir(), 'docent-archdocs-'));
    try {
      git(work, 'clone', '-q', daemon.url('shop'), '.');
      await writeFile(
        path.join(work, 'src/orders.js'),
        "const { Router } = require('express');\nconst router = Router();\nrouter.get('/orders', (req, res) => res.json([]));\nmodule.exports = router;\n",
      );
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '-m', 'orders');
      git(work, 'push', '-q', 'origin', 'main');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    const analysis = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: alice.token, payload: repo });
    expect(analysis.statusCode).toBe(200);
    const until = Date.now() + 90_000;
    for (;;) {
      const job = await t.database.db
        .selectFrom('jobs')
        .select('state')
        .where('id', '=', analysis.json().lroJobId)
        .executeTakeFirstOrThrow();
      if (job.state === 'COMPLETE') break;
      expect(['FAILED', 'CANCELLED']).not.toContain(job.state);
      if (Date.now() > until) throw new Error('analysis did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }
    const state1 = (
      await t.call({ method: 'GET', url: '/api/v1/git/generate/docs/state?orgName=local&repoName=shop&vendor=GIT', token: alice.token })
    ).json();
    expect(state1.analysedCommit).not.toBe(first.commit);
    expect(state1.sets.every((s: { fresh: boolean }) => !s.fresh)).toBe(true);

    const again = await generate('arch');
    // the new router changes the pages that read the routes and the files, not every page
    const rebuilt = again.result!.regenerated;
    expect(rebuilt).toContain('architecture-http');
    expect(rebuilt.length).toBeLessThan(first.regenerated.length);
    expect(again.result!.reused.length).toBeGreaterThan(0);
    expect(again.result!.commit).toBe(state1.analysedCommit);
    const state2 = (
      await t.call({ method: 'GET', url: '/api/v1/git/generate/docs/state?orgName=local&repoName=shop&vendor=GIT', token: alice.token })
    ).json();
    expect(state2.sets.find((s: { kind: string }) => s.kind === 'arch').fresh).toBe(true);
    // the earlier version stays at its own URL; the latest moved on
    expect((await page(first.versionUrl!)).statusCode).toBe(200);
    expect((await page(`${again.result!.versionUrl}architecture-http.md`)).body).toContain('orders');
  }, 180_000);
});

describe('a protected branch and the API viewer', () => {
  it('a push the remote refuses (a protected branch) goes to a new branch instead', async () => {
    const bare = `${daemon.base}/shop.git`;
    git(bare, 'branch', 'locked', 'main');
    const hook = path.join(bare, 'hooks', 'pre-receive');
    await writeFile(
      hook,
      '#!/bin/sh\nwhile read old new ref; do\n  if [ "$ref" = "refs/heads/locked" ]; then echo "locked is protected" >&2; exit 1; fi\ndone\nexit 0\n',
      { mode: 0o755 },
    );
    try {
      const lockedBefore = git(bare, 'rev-parse', 'refs/heads/locked').trim();
      const done = await generate('api', {
        hostDocumentation: false,
        generateHtml: false,
        generatePdf: false,
        commitOutput: { commitToGit: true, branch: 'locked', path: 'docs' },
      });
      const d = done.result!.delivery!;
      expect(done.texts.some((l) => l.startsWith('The push to locked was refused'))).toBe(true);
      expect(d).toMatchObject({ pushed: true, direct: false });
      expect(d.branch).toMatch(/^docent\/api-docs-[0-9a-f]{7}(-\d+)?$/);
      expect(git(bare, 'rev-parse', 'refs/heads/locked').trim()).toBe(lockedBefore);
      expect(git(bare, 'ls-tree', '--name-only', `refs/heads/${d.branch}`, 'docs/').trim().split('\n')).toContain('docs/api.md');
    } finally {
      await rm(hook, { force: true });
    }
  });

  it('an API set with openapi.json opens in the locally served viewer; inline scripts pass the CSP by their hash only', async () => {
    const { DocSetStore } = await import('../src/docsets/store.ts');
    const store = new DocSetStore(t.database.db);
    const job = await t.database.db.selectFrom('jobs').select('id').where('job_type', '=', 'DOC_API').executeTakeFirstOrThrow();
    const script = "document.title = 'searched';";
    const html = `<!doctype html><html><head><title>API</title></head><body><h1>API</h1><script>${script}</script></body></html>`;
    const files = [
      { name: 'api.html', format: 'html', contentType: 'text/html; charset=utf-8', content: Buffer.from(html) },
      {
        name: 'openapi.json',
        format: 'json',
        contentType: 'application/json; charset=utf-8',
        content: Buffer.from('{"openapi":"3.1.0","info":{"title":"shop","version":"1"},"paths":{}}'),
      },
      {
        name: 'diagrams/context.svg',
        format: 'svg',
        contentType: 'image/svg+xml',
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ].map((f) => ({ ...f, size: f.content.length }));
    await store.save({ repositoryId: repoId, kind: 'api', commit: 'f'.repeat(40), jobId: job.id, hosted: true, manifest: {}, files }, 10);
    const index = await page(`/docs/${repoId}/api/`);
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<script src="/docs/_docent/swagger-ui-bundle.js"></script>');
    expect(index.body).toContain('data-spec="openapi.json"');
    expect(index.body).toContain('href="api.html"');
    const bundle = await page('/docs/_docent/swagger-ui-bundle.js', '');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.body).toContain('SwaggerUIBundle');
    expect((await page('/docs/_docent/swagger-ui.css', '')).statusCode).toBe(200);
    expect((await page('/docs/_docent/../package.json', '')).statusCode).toBe(404);
    const spec = await page(`/docs/${repoId}/api/openapi.json`);
    expect(spec.headers['content-type']).toBe('application/json; charset=utf-8');
    const svg = await page(`/docs/${repoId}/api/diagrams/context.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    const htmlPage = await page(`/docs/${repoId}/api/api.html`);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(htmlPage.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    const scriptSrc = String(htmlPage.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('an API set with its own overview opens on it, and keeps its OpenAPI viewer at openapi.html', async () => {
    const { DocSetStore } = await import('../src/docsets/store.ts');
    const store = new DocSetStore(t.database.db);
    const job = await t.database.db.selectFrom('jobs').select('id').where('job_type', '=', 'DOC_API').executeTakeFirstOrThrow();
    const html = (title: string) =>
      Buffer.from(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
    const files = [
      { name: 'index.html', format: 'html', contentType: 'text/html; charset=utf-8', content: html('Overview of shop') },
      { name: 'api.html', format: 'html', contentType: 'text/html; charset=utf-8', content: html('API') },
      {
        name: 'openapi.json',
        format: 'json',
        contentType: 'application/json; charset=utf-8',
        content: Buffer.from('{"openapi":"3.1.0","paths":{}}'),
      },
    ].map((f) => ({ ...f, size: f.content.length }));
    await store.save({ repositoryId: repoId, kind: 'api', commit: 'e'.repeat(40), jobId: job.id, hosted: true, manifest: {}, files }, 10);
    const front = await page(`/docs/${repoId}/api/`);
    expect(front.statusCode).toBe(200);
    expect(front.body).toContain('<h1>Overview of shop</h1>');
    expect(front.body).not.toContain('swagger-ui');
    const viewer = await page(`/docs/${repoId}/api/openapi.html`);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).toContain('<div id="swagger-ui" data-spec="openapi.json"></div>');
    expect(viewer.body).toContain('href="index.html"');
    // an architecture set has no viewer
    expect((await page(`/docs/${repoId}/arch/openapi.html`)).statusCode).toBe(404);
  });
});
