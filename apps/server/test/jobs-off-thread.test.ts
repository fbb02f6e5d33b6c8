import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { closeOffThread, DEFAULT_JOB_THREAD_NICE, jobThreadIdle, jobThreadNice, runOffThread } from '../src/jobs/off-thread.ts';
import type * as Analyzer from '@docent/analyzer';
import type * as Docgen from '@docent/docgen';
import { jobTexts, waitForJob } from './helpers/jobs.ts';
import { commitRepo } from './helpers/temp-repo.ts';

/**
 * The analysis and generation handlers keep the API's event loop free (docs/performance.md, "Jobs
 * off the API's event loop"): the heavy calls run in a worker thread. The main thread's copies of
 * the packages' entry points are wrapped to count their calls: a handler that ran the analyzer or
 * the generators on the main thread would call them here. (The worker thread loads the packages
 * itself, without this file's mocks.)
 */
const onMain = vi.hoisted(() => ({ analyzeRepository: 0, generateRepository: 0, generateDocSet: 0 }));

vi.mock('@docent/analyzer', async (importOriginal) => {
  const real = await importOriginal<typeof Analyzer>();
  return {
    ...real,
    analyzeRepository: (...args: Parameters<typeof real.analyzeRepository>) => {
      onMain.analyzeRepository += 1;
      return real.analyzeRepository(...args);
    },
  };
});
vi.mock('@docent/docgen', async (importOriginal) => {
  const real = await importOriginal<typeof Docgen>();
  return {
    ...real,
    generateRepository: (...args: Parameters<typeof real.generateRepository>) => {
      onMain.generateRepository += 1;
      return real.generateRepository(...args);
    },
    generateDocSet: (...args: Parameters<typeof real.generateDocSet>) => {
      onMain.generateDocSet += 1;
      return real.generateDocSet(...args);
    },
  };
});

const FILES: Record<string, string> = {
  'README.md': '# Shapes\n\nShapes computes areas of simple figures for the tests of Docent.\n\n## Usage\n\nCall `area(2, 3)`.\n',
  'shapes/area.py':
    'def area(w, h):\n    """Area of a rectangle."""\n    return w * h\n\n\ndef circle(r):\n    # The area of a circle of radius r.\n\n    return 3.14159 * r * r\n',
  'shapes/scale.py': 'def scale(value, factor):\n    # Multiply value by factor.\n\n    return value * factor\n',
};

let t: TestApp;
let root: string;
let token: string;
const repo = { git_repo: { organization_name: 'acme', repo_name: 'shapes' }, vendor: 'GIT' };

const makeRepo = commitRepo;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-off-thread-'));
  makeRepo(path.join(root, 'shapes'), FILES);
  t = await createTestApp({ LOCAL_REPO_ROOTS: root });
  const user = await signUp(t, 'off-thread@example.com');
  token = user.token;
  await t.database.db.updateTable('users').set({ plan_type: 'PRO' }).where('id', '=', user.id).execute();
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url: path.join(root, 'shapes'), organizationName: 'acme', repoName: 'shapes' },
  });
  expect(res.statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

async function finished(jobId: number): Promise<{ state: string; texts: string[] }> {
  const job = await waitForJob(t, token, jobId, { timeoutMs: 150_000, intervalMs: 150 });
  return { state: job.state, texts: await jobTexts(t, token, jobId) };
}

describe('job handlers run their heavy call off the main thread', () => {
  it("an analysis completes with the analyzer's numbers, its progress in the log, and no analyzer call on the main thread", async () => {
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token, payload: repo });
    expect(start.statusCode).toBe(200);
    const done = await finished(start.json().lroJobId);
    expect(done.state, done.texts.join('\n')).toBe('COMPLETE');
    // progress forwarded from the worker
    expect(done.texts.some((l) => /^Analysed 3 files/.test(l))).toBe(true);
    const detail = await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=acme&repoName=shapes&vendor=GIT', token });
    expect(detail.json().gitAppMetaData.analysisReport.basicFuncDocAnalysis).toEqual({ totalFunctions: 3, totalDocumented: 1 });
    expect(onMain.analyzeRepository).toBe(0);
  }, 180_000);

  it('the function entries reach the database compressed in the worker: the main thread never writes them as JSON', async () => {
    // every JSON text made on this thread while the analysis runs: a function entry has a gitLocation
    const stringify = JSON.stringify;
    const entriesAsJson: string[] = [];
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((...a: Parameters<typeof JSON.stringify>) => {
      const out = stringify(...a);
      if (typeof out === 'string' && out.includes('"gitLocation"')) entriesAsJson.push(out.slice(0, 120));
      return out;
    });
    try {
      const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token, payload: repo });
      expect(start.statusCode).toBe(200);
      const done = await finished(start.json().lroJobId);
      expect(done.state, done.texts.join('\n')).toBe('COMPLETE');
    } finally {
      spy.mockRestore();
    }
    expect(entriesAsJson).toEqual([]);
    // stored as the worker's gzip (bytea), never as jsonb that PostgreSQL (here PGlite, this thread) parses
    const row = await t.database.db
      .selectFrom('analysis_details')
      .select(['data', sql<boolean>`data_gzip is not null`.as('gzipped')])
      .where('analysis_type', '=', 'functions')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ data: null, gzipped: true });
    // and answered as before
    const details = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo/coverage/details', token, payload: repo });
    expect(details.statusCode).toBe(200);
    expect(details.headers['content-type']).toMatch(/^application\/json/);
    const body = details.json() as { functions: Array<{ name: string; gitLocation: string }>; docMetrics: { totalFunctions: number } };
    expect(body.functions.map((f) => f.name).sort()).toEqual(['area', 'circle', 'scale']);
    expect(body.functions.find((f) => f.name === 'area')?.gitLocation).toBe('shapes/area.py#L1-L3');
    expect(body.docMetrics.totalFunctions).toBe(3);
  }, 180_000);

  it('docstring generation completes with its patch and no generator call on the main thread', async () => {
    const start = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc', token, payload: repo });
    expect(start.statusCode, start.body).toBe(200);
    const done = await finished(start.json().lroJobId);
    expect(done.state, done.texts.join('\n')).toBe('COMPLETE');
    // the two undocumented functions get their leading comment as docstring (nothing else is
    // grounded: docs/docgen.md); the generator's progress came through from the worker
    expect(done.texts).toContain('Functions: 2 documented, 0 updated, 0 skipped in 2 file(s)');
    expect(done.texts).toContain('Documenting shapes/area.py');
    expect(onMain.generateRepository).toBe(0);
  }, 180_000);

  it('an architecture doc set completes with its pages and no doc-set generator call on the main thread', async () => {
    const start = await t.call({ method: 'POST', url: '/api/v1/git/generate/arch/doc', token, payload: repo });
    expect(start.statusCode, start.body).toBe(200);
    const done = await finished(start.json().lroJobId);
    expect(done.state, done.texts.join('\n')).toBe('COMPLETE');
    expect(
      done.texts.some((l) => /^Generated in /.test(l)),
      done.texts.join('\n'),
    ).toBe(true);
    expect(
      done.texts.some((l) => /\.html: \d/.test(l)),
      done.texts.join('\n'),
    ).toBe(true);
    expect(onMain.generateDocSet).toBe(0);
  }, 180_000);
});

/** Field `field` (1-based, as proc(5) counts) of each thread's /proc/<pid>/task/<tid>/stat, by task id. */
function threadStat(field: number, pid = process.pid): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // the fields after the command's closing parenthesis start at field 3
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The nice value of each thread of a process, by task id (field 19). */
const threadNices = (pid = process.pid): Map<number, number> => threadStat(19, pid);
/** The scheduling policy of each thread of a process, by task id (field 41: 0 normal, 5 SCHED_IDLE). */
const threadPolicies = (pid = process.pid): Map<number, number> => threadStat(41, pid);
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** The processes this one started (Linux: /proc/<pid>/task/<tid>/children), and theirs. */
function descendants(pid = process.pid): number[] {
  const out: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
        out.push(child, ...descendants(child));
  } catch {
    // ended meanwhile
  }
  return out;
}

/** Whether a process is esbuild's service: tsx's TypeScript loader in this test process and in a worker under test, which a built server does not run. */
function isEsbuildService(pid: number): boolean {
  try {
    return /(^|\/)esbuild$/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!);
  } catch {
    return false;
  }
}

/** One stat field of every thread of the job workers this process started (and what they started). */
function workerThreads(of: (pid: number) => Map<number, number>): number[] {
  // the test's own and the worker's TypeScript loader (started before the worker lowers itself)
  // are no part of a job worker (a fresh machine's run: esbuild at nice 0 beside the workers' 10)
  return descendants().flatMap((pid) => {
    if (isEsbuildService(pid)) return [];
    try {
      return [...of(pid).values()];
    } catch {
      return [];
    }
  });
}
const workerNices = (): number[] => workerThreads(threadNices);
const workerPolicies = (): number[] => workerThreads(threadPolicies);

describe('runOffThread', () => {
  it.runIf(process.platform === 'linux')(
    'runs its tasks in processes whose every thread gives way to the API process, which keeps its priority',
    async () => {
      // the suites run job threads at the API's priority (JOB_THREAD_NICE=0); a server's default is tested here
      delete process.env.JOB_THREAD_NICE;
      delete process.env.JOB_THREAD_IDLE;
      await closeOffThread(); // idle workers of the tests above were started at the suites' 0
      const own = Number(readlinkSync('/proc/thread-self').split('/').pop());
      const ownNice = threadNices().get(own)!;
      const lowered = Math.min(19, ownNice + DEFAULT_JOB_THREAD_NICE);
      const during: number[] = [];
      const policies: number[] = [];
      const result = await runOffThread('analyze', [path.join(root, 'shapes'), { cacheDir: path.join(root, 'cache-nice') }], {
        signal: new AbortController().signal,
        // sampled while the task runs: every thread of its worker process and what that started
        onProgress: () => {
          during.push(...workerNices());
          policies.push(...workerPolicies());
        },
      });
      expect(result.report.basicFuncDocAnalysis?.totalFunctions).toBe(3);
      expect(jobThreadNice()).toBe(DEFAULT_JOB_THREAD_NICE);
      expect(jobThreadNice('0')).toBe(0);
      expect(() => jobThreadNice('20')).toThrow('JOB_THREAD_NICE must be a whole number from 0 to 19');
      expect(DEFAULT_JOB_THREAD_NICE).toBeGreaterThan(0);
      expect(jobThreadIdle()).toBe(true);
      expect(jobThreadIdle('false')).toBe(false);
      expect(() => jobThreadIdle('yes')).toThrow('JOB_THREAD_IDLE must be true or false');
      expect(ownNice).toBeLessThan(19);
      // every thread of the worker process — V8's helper threads included — runs at the lowered value
      expect(during.length).toBeGreaterThan(0);
      expect(new Set(during)).toEqual(new Set([lowered]));
      // and under the idle policy, so that a waking API thread takes the core at once
      expect(new Set(policies)).toEqual(new Set([SCHED_IDLE]));
      // the worker waits for the next task at the lowered priority; every thread of this process
      // (the API's and V8's helpers, which the API's garbage collection uses) keeps its own
      expect(workerNices()).toContain(lowered);
      expect(new Set(threadNices().values())).toEqual(new Set([ownNice]));
      expect(new Set(threadPolicies().values())).toEqual(new Set([SCHED_OTHER]));
    },
    120_000,
  );

  it("keeps the class and message of a task's error (a RangeError stays one)", async () => {
    const run = runOffThread(
      'generateRepository',
      [path.join(root, 'shapes'), { configs: { Python: { docstringStyle: 'no-such-style' } } }],
      { signal: new AbortController().signal },
    );
    await expect(run).rejects.toBeInstanceOf(RangeError);
    await expect(run).rejects.toThrow('Python supports');
  }, 120_000);

  it('an abort ends the task: the promise rejects and the next task still runs', async () => {
    const big = path.join(root, 'big');
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++)
      files[`pkg/m${i}.py`] = Array.from({ length: 20 }, (_, j) => `def f${i}_${j}(a):\n    return a + ${j}\n`).join('\n');
    makeRepo(big, files);
    const controller = new AbortController();
    const progress: number[] = [];
    const run = runOffThread('analyze', [big, { cacheDir: path.join(root, 'cache') }], {
      signal: controller.signal,
      onProgress: (percent: number) => {
        progress.push(percent);
        if (progress.length === 1) controller.abort(new Error('stop now'));
      },
    });
    await expect(run).rejects.toThrow();
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeLessThan(100);
    // the pool is still usable
    const again = await runOffThread('analyze', [path.join(root, 'shapes'), { cacheDir: path.join(root, 'cache'), only: 'basicDoc' }], {
      signal: new AbortController().signal,
    });
    expect(again.report.basicFuncDocAnalysis).toEqual({ totalFunctions: 3, totalDocumented: 1 });
  }, 120_000);
});
