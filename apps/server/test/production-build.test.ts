import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { buildBundle } from '../build/bundle.mjs';
import { freePort } from './helpers/net.ts';
import { processAlive } from './helpers/process.ts';
import { commitRepo } from './helpers/temp-repo.ts';

// The production build (docs/deployment.md): the server and worker bundles run on an install
// without devDependencies and load no tsx and no TypeScript. The install is what
// `npm ci --omit=dev` leaves in node_modules — every package of package-lock.json not marked
// `dev`, linked from this checkout's node_modules (the same 369 top-level packages a real
// `npm ci --omit=dev` installs, without its two minutes) — plus the bundle folder and a web
// app, in a temporary folder. Each process is also preloaded with the CLI's no-tsx hook, which
// fails it (main thread and worker threads) the moment tsx or a .ts file loads and lists every
// module it loads.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const NO_TSX = pathToFileURL(path.join(ROOT, 'packages/cli/test/support/no-tsx.mjs')).href;
const FINAL = ['COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT'];

let install: string;
let bundleDir: string;
let bundleUrl: string;
const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | null = null;

/** Links every production package of the lockfile into `dir`/node_modules, as `npm ci --omit=dev` would install it. */
function linkProductionPackages(dir: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const linked: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || key.includes('/node_modules/', 1) || entry.dev) continue;
    const name = key.slice('node_modules/'.length);
    const real = path.join(ROOT, 'node_modules', name);
    if (!fs.existsSync(real)) continue; // an optional package for another platform
    fs.mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    fs.symlinkSync(fs.realpathSync(real), path.join(dir, 'node_modules', name), 'dir');
    linked.push(name);
  }
  return linked;
}

/** a process' nice value (Linux: field 19 of /proc/<pid>/stat, counted after the command name's parenthesis) */
function niceOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

interface Bundled {
  child: ChildProcess;
  output: () => string;
  modules: () => string[];
  exited: Promise<number | null>;
}

/** Runs `<entry>.mjs` of the installed bundle with plain node (and the no-tsx hook), from the install folder. */
function runBundled(entry: string, env: Record<string, string>): Bundled {
  const log = path.join(install, `${entry}-${children.length}.modules`);
  const child = spawn(process.execPath, ['--import', NO_TSX, path.join(bundleDir, `${entry}.mjs`)], {
    cwd: install,
    // JOB_THREAD_IDLE=false: under the idle policy a job gets a core only when the other test files
    // leave one (docs/decisions.md "Job processes run under SCHED_IDLE"); the nice value is checked
    env: {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      NODE_ENV: 'production',
      DOCENT_TEST_MODULE_LOG: log,
      JOB_THREAD_IDLE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    modules: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
    exited,
  };
}

/** Our own code comes from the installed bundle only: no TypeScript, no tsx, nothing of this checkout's workspaces. */
function expectBundleOnly(modules: readonly string[]): void {
  const files = modules.filter((m) => m.startsWith('file:'));
  expect(files.filter((m) => /\.[cm]?tsx?$/.test(m) || m.includes('/node_modules/tsx/'))).toEqual([]);
  const checkout = pathToFileURL(ROOT).href;
  const workspaces = files.filter(
    (m) => m.startsWith(`${checkout}/apps/`) || m.startsWith(`${checkout}/packages/`) || m.startsWith(`${checkout}/scripts/`),
  );
  expect(workspaces.filter((m) => !m.includes('/packages/cli/test/support/no-tsx'))).toEqual([]);
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The database of the test's install: with DOCENT_TEST_DB=postgres (the suite's PostgreSQL run) a
 * throwaway database on the server in TEST_DATABASE_URL; otherwise PGlite in `data`, migrated
 * from the suite's template so the test does not wait for PGlite's first start.
 */
async function prepareDatabase(data: string): Promise<{ kind: 'pglite' | 'postgres'; env: Record<string, string> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (process.env.DOCENT_TEST_DB === 'postgres' && admin) {
    const name = `docent_prod_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return { kind: 'postgres', env: { DATABASE_URL: url.toString() } };
  }
  const template = await PGlite.create(path.join(data, 'pglite'), { loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  await template.close();
  return { kind: 'pglite', env: {} };
}

beforeAll(async () => {
  const built = (await buildBundle()).dir;
  install = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-install-'));
  expect(linkProductionPackages(install)).not.toContain('tsx');
  // The bundle where a checkout has it, and a built web app beside it.
  bundleDir = path.join(install, path.relative(ROOT, built));
  fs.cpSync(built, bundleDir, { recursive: true });
  bundleUrl = pathToFileURL(bundleDir).href;
  fs.mkdirSync(path.join(install, 'apps/web/dist'), { recursive: true });
  fs.writeFileSync(path.join(install, 'apps/web/dist/index.html'), '<!doctype html><title>Docent (installed)</title>');
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await dropDatabase?.();
  if (install) fs.rmSync(install, { recursive: true, force: true });
});

// CI runs the server suite on PGlite and again on PostgreSQL (TEST_DATABASE_URL): this test runs
// once, in the PostgreSQL run when there is one (the server and the worker process it starts), else on PGlite.
const runsElsewhere = process.env.DOCENT_TEST_DB !== 'postgres' && !!process.env.TEST_DATABASE_URL;

describe.skipIf(runsElsewhere)('the production bundle, on an install without devDependencies', () => {
  it('has no tsx to load there', () => {
    const probe = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('tsx/esm/api')"], {
      cwd: install,
      encoding: 'utf8',
    });
    expect(probe.status).not.toBe(0);
    expect(probe.stderr).toContain("Cannot find package 'tsx'");
  });

  it('serves /api/health and the web app, and runs an analysis in its bundled job, parse and README workers', async () => {
    const data = path.join(install, 'data');
    fs.mkdirSync(data, { recursive: true, mode: 0o700 });
    const database = await prepareDatabase(data);
    // A repository with enough files for the analyzer's parse worker threads (over 32) and a README.
    const repos = path.join(install, 'repos');
    const files: Record<string, string> = {
      'README.md': '# Shop\n\nA small shop used by the production build test.\n\n## Usage\n\nRun `node m0.js`.\n',
    };
    for (let i = 0; i < 40; i++) files[`m${i}.js`] = `/** Adds. */\nexport function add${i}(a, b) {\n  return a + b;\n}\n`;
    const repo = commitRepo(path.join(repos, 'shop'), files);

    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const common = {
      ...database.env,
      LOCAL_REPO_ROOTS: repos,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'production-build-test',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    // One process as `npm start` runs it: on PGlite it runs the jobs itself, on PostgreSQL it starts
    // the bundle's job worker beside it (docs/decisions.md "Jobs in a process of their own on PostgreSQL").
    const server = runBundled('main', { ...common, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data });
    const exitedEarly = () => {
      if (server.child.exitCode !== null) throw new Error(`the bundled server exited with ${server.child.exitCode}:\n${server.output()}`);
    };
    const withOutput = (error: Error) => {
      throw new Error(`${error.message}\nserver:\n${server.output()}`);
    };
    const health = await until('/api/health', 120_000, async () => {
      exitedEarly();
      const res = await fetch(`${api}/api/health`);
      return res.ok ? ((await res.json()) as { status: string; database: string }) : undefined;
    }).catch(withOutput);
    expect(health).toMatchObject({ status: 'ok', database: database.kind });
    // The web app is found next to the bundle's install, as config.ts finds it next to the sources.
    expect(await (await fetch(`${api}/`)).text()).toContain('Docent (installed)');

    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${api}/api${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const signup = await call('POST', '/signup', { first_name: 'Prod', email: 'prod@example.com', password: 'Production-1' });
    expect(signup.status).toBe(201);
    const token = (signup.body as { token: string }).token;
    expect((await call('POST', '/v1/git/repos', { url: repo, organizationName: 'acme', repoName: 'shop' }, token)).status).toBe(201);
    const start = await call(
      'POST',
      '/v1/git/analyze/repo',
      { git_repo: { organization_name: 'acme', repo_name: 'shop' }, vendor: 'GIT' },
      token,
    );
    expect(start.status).toBe(200);
    const jobId = (start.body as { lroJobId: number }).lroJobId;
    const state = await until('the analysis', 120_000, async () => {
      exitedEarly();
      const job = (await call('GET', `/v1/lro/${jobId}/status`, undefined, token)).body as { state: string };
      return FINAL.includes(job.state) ? job.state : undefined;
    }).catch(withOutput);
    const log = ((await call('GET', `/v1/lro/logs/${jobId}`, undefined, token)).body as string[]).map((l) => decodeLogLine(l).text);
    expect(state, log.join('\n')).toBe('COMPLETE');
    const detail = await call('GET', '/app/github/get/repo?orgName=acme&repoName=shop&vendor=GIT', undefined, token);
    const report = (detail.body as { gitAppMetaData: { analysisReport: { basicFuncDocAnalysis: { totalFunctions: number } } } })
      .gitAppMetaData.analysisReport;
    expect(report.basicFuncDocAnalysis.totalFunctions).toBe(40);

    expect(server.modules()).toContain(`${bundleUrl}/main.mjs`);
    for (const entry of ['off-thread-worker-bootstrap', 'parse-worker-bootstrap', 'readme-worker-bootstrap'])
      expect(server.modules()).toContain(`${bundleUrl}/${entry}.mjs`);
    // the embedded database's own thread (docs/decisions.md "The embedded database runs on its own thread")
    if (database.kind === 'pglite') expect(server.modules()).toContain(`${bundleUrl}/pglite-thread-worker-bootstrap.mjs`);
    expectBundleOnly(server.modules());
    // Which process ran the job: the engine's id is host:pid:random.
    const ranOn = Number(/Started on worker [^:\s]+:(\d+):/.exec(log.join('\n'))?.[1]);
    if (database.kind === 'postgres') {
      expect(server.modules()).toContain(`${bundleUrl}/worker.mjs`);
      expect(ranOn).not.toBe(server.child.pid);
      expect(processAlive(ranOn)).toBe(true);
      // and gives way to the API: its threads stand JOB_THREAD_NICE (default 10) below the server's
      // (Linux stops at 19: a suite run under `nice -n 10` puts the worker at 19, not 20)
      expect(niceOf(ranOn)).toBe(Math.min(19, niceOf(server.child.pid!) + 10));
      // Stopping the server stops its worker.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(processAlive(ranOn)).toBe(false);
    } else {
      expect(server.modules()).not.toContain(`${bundleUrl}/worker.mjs`);
      expect(ranOn).toBe(server.child.pid);
    }
  }, 300_000);
});
