/**
 * `npm run bench:api [-- --seconds 5] [-- --rate 200] [-- --postgres <admin url> [--skip-pglite]] [-- --jobs [--files 150] [--rounds 1] [--in-process]] [-- --user-only]`:
 * the API under load.
 * Seeds one user with 1,000 repositories and 10,000 jobs, then drives the repository list, the
 * job list and GET /api/v1/user at a fixed 200 requests/s (`--rate`) over loopback and prints p50/p90/p99;
 * measures the time from a worker writing a log line to an SSE client receiving it; and GET
 * /api/v1/user with 150 live streams open. With `--jobs` the jobs run as `npm start` runs them (in
 * the API's process on PGlite; on PostgreSQL in a worker process beside it, or in the API's with
 * `--in-process`) and GET /api/v1/user is measured once more while analysis jobs of 15 users run
 * on synthetic repositories, each user's job followed by 10 live streams (150 in all); the
 * main thread's event-loop delay is printed beside it. `--user-only` skips the two list endpoints.
 * Runs on PGlite, and on PostgreSQL when an admin URL is given (or TEST_DATABASE_URL is set): a
 * throwaway database is created and dropped. The load (the open-loop sender and the 150 stream
 * readers) runs in a child process of its own, so that the API's thread carries only the API.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';
import type { PGliteThread as PGlite } from '../src/db/pglite-thread.ts';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { buildApp, type JobCore } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { loadSecrets } from '../src/secrets.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { WorkerProcess } from '../src/jobs/worker-process.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Number(arg('seconds') ?? 5);
const JOBS = args.includes('--jobs');
const USER_ONLY = args.includes('--user-only');
/** Python files per synthetic repository (each with 24 functions, half documented, and some history) */
const FILES = Number(arg('files') ?? 150);
/** `--rounds N` (with `--jobs`): repositories per user analysed one after another during the window */
const ROUNDS = Math.max(1, Number(arg('rounds') ?? 1));
const RATE = Number(arg('rate') ?? 200);
/** `--profile <file prefix>`: a CPU profile of the main thread during the jobs window (`<prefix>-<database>.cpuprofile`, for Chrome DevTools) */
const PROFILE = arg('profile');
/** `--queries`: count the database statements of the jobs window by their SQL (PGlite's, on its own thread) */
const QUERIES = args.includes('--queries');
/** this process is the load generator, driven by the benchmark's process over IPC */
const LOAD_CHILD = args.includes('--load-child');
/**
 * On PostgreSQL the jobs run as `npm start` runs them there, in a worker process beside the API;
 * `--in-process`: in the API's process (RUN_WORKERS=in-process), as on PGlite
 */
const IN_PROCESS = args.includes('--in-process');
/** `--skip-pglite`: PostgreSQL only (with an admin URL) */
const SKIP_PGLITE = args.includes('--skip-pglite');
// room for the 150 held streams plus the load itself
const agent = new Agent({ connections: 512, pipelining: 1 });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Fires one request every 1/RATE s for SECONDS, whatever the answers' speed (open loop). */
interface Latency {
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  n: number;
}

async function fixedRate(url: string, token: string): Promise<Latency> {
  const latencies: number[] = [];
  let errors = 0;
  const total = SECONDS * RATE;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    pending.push(
      fetch(url, { headers: { authorization: `Bearer ${token}` }, dispatcher: agent })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
          latencies.push(performance.now() - t0);
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), errors, n: latencies.length };
}

async function signup(base: string, email: string): Promise<{ token: string; id: string }> {
  const res = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', last_name: 'User', email, password: 'Bench-Pass1' }),
    dispatcher: agent,
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/** Opens an SSE stream and resolves `received(text)` when a line containing `text` arrives. */
async function openStream(base: string, token: string, jobId: number) {
  const controller = new AbortController();
  const open = () =>
    fetch(`${base}/api/v1/lro/logs/${jobId}/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
      dispatcher: agent,
    });
  let res = await open();
  // a user's next analysis is followed as soon as the last one ended: its 10 streams may still be
  // closing, and the 11th of a user is refused (429) until they have
  for (const until = Date.now() + 5000; res.status === 429 && Date.now() < until; res = await open()) {
    await res.body?.cancel();
    await new Promise((r) => setTimeout(r, 50));
  }
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (const w of [...waiters]) {
        if (buffer.includes(w.text)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
      if (buffer.length > 100_000) buffer = buffer.slice(-10_000);
    }
  })();
  return {
    received: (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve })),
    close: () => controller.abort(),
  };
}

/**
 * CPU seconds of this process' main thread (Linux: /proc/self/task/<pid>/stat, utime + stime),
 * or null elsewhere. Unlike latency on a shared machine, it says what the API's own thread did.
 */
function mainThreadCpu(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds and nice value of each thread of this process (Linux), by task id: beside the main
 * thread's, what the job threads (the off-thread workers, parse workers) took, and at which priority.
 */
function threadsCpu(): Map<number, { cpu: number; nice: number }> {
  const out = new Map<number, { cpu: number; nice: number }>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(Number(tid), { cpu: (Number(f[11]) + Number(f[12])) / 100, nice: Number(f[16]) });
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return out;
}

/** The other threads' CPU between two samples, summed by nice value ("nice 0: 3.1 s, nice 10: 9.2 s"). */
function otherThreadsCpu(before: Map<number, { cpu: number; nice: number }>, after: Map<number, { cpu: number; nice: number }>): string {
  const byNice = new Map<number, number>();
  for (const [tid, t] of after) {
    if (tid === process.pid) continue;
    byNice.set(t.nice, (byNice.get(t.nice) ?? 0) + t.cpu - (before.get(tid)?.cpu ?? 0));
  }
  return [...byNice]
    .sort((a, b) => a[0] - b[0])
    .map(([nice, cpu]) => `nice ${nice}: ${cpu.toFixed(2)} s`)
    .join(', ');
}

/**
 * With `--queries`, counts the statements PGlite runs (by their SQL, parameters aside) while
 * `measure` runs, and the characters of their answers; prints the top ones.
 */
async function countQueries<T>(pglite: PGlite | null, measure: () => Promise<T>): Promise<T> {
  if (!QUERIES || !pglite) return measure();
  const counts = new Map<string, { n: number; chars: number; maxMs: number }>();
  const note = (sql: string, rows: unknown, took: number) => {
    const c = counts.get(sql) ?? { n: 0, chars: 0, maxMs: 0 };
    c.n += 1;
    c.chars += JSON.stringify(rows ?? null).length;
    c.maxMs = Math.max(c.maxMs, took);
    counts.set(sql, c);
  };
  type Query = PGlite['query'];
  const wrap = (query: Query, self: unknown): Query =>
    (async (...a: Parameters<Query>) => {
      const start = performance.now();
      const r = await query.apply(self, a);
      note(String(a[0]), r.rows, performance.now() - start);
      return r;
    }) as Query;
  const query = pglite.query;
  const transaction = pglite.transaction;
  pglite.query = wrap(query, pglite);
  pglite.transaction = ((cb: Parameters<PGlite['transaction']>[0]) =>
    transaction.call(pglite, (tx) => cb(Object.assign(tx, { query: wrap(tx.query, tx) })))) as PGlite['transaction'];
  try {
    return await measure();
  } finally {
    pglite.query = query;
    pglite.transaction = transaction;
    const top = [...counts].sort((a, b) => b[1].n - a[1].n).slice(0, 15);
    // and the slowest (wall time from the call to its answer, the queue in front of it included)
    for (const [sql, c] of [...counts].sort((a, b) => b[1].maxMs - a[1].maxMs).slice(0, 8))
      if (!top.some(([s]) => s === sql)) top.push([sql, c]);
    console.log(`  statements on PGlite meanwhile (${[...counts.values()].reduce((n, c) => n + c.n, 0)} in all):`);
    for (const [sql, c] of top)
      console.log(
        `    ${String(c.n).padStart(6)} × ${(c.chars / 1024).toFixed(0).padStart(6)} KiB  max ${c.maxMs.toFixed(0).padStart(4)} ms  ${sql.replace(/\s+/g, ' ').slice(0, 110)}`,
      );
  }
}

/** the main thread's CPU seconds since `from` (a mainThreadCpu() reading), for a window's line */
const cpuSince = (from: number | null): string => {
  const now = mainThreadCpu();
  return from === null || now === null ? 'main thread CPU ?' : `main thread CPU ${(now - from).toFixed(2)} s`;
};

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const line = (name: string, r: Latency) =>
  `  ${name.padEnd(48)} p50 ${ms(r.p50)}   p90 ${ms(r.p90)}   p99 ${ms(r.p99)}   (${r.n} answers, ${r.errors} errors)`;

/**
 * A git repository of FILES Python files for the analysis jobs: 24 functions each, half with a
 * docstring, in three commits (the second rewrites some bodies, the third some docstrings) so the
 * history pass has work. `variant` changes every function's name: no two users' repositories
 * share an analyzer cache entry, so every job analyses cold.
 */
function syntheticRepo(dir: string, variant: number): void {
  mkdirSync(path.join(dir, 'pkg'), { recursive: true });
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...a], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  const write = (round: number) => {
    for (let f = 0; f < FILES; f++) {
      const fns: string[] = [];
      for (let i = 0; i < 24; i++) {
        const name = `v${variant}_f${f}_${i}`;
        const doc =
          i % 2 === 0
            ? `    """Compute ${name} from a and b${round === 2 && i % 4 === 0 ? ', rounding down' : ''}.\n\n    Args:\n        a: the first value\n        b: the second value\n\n    Returns:\n        the result\n    """\n`
            : '';
        const body =
          round >= 1 && i % 3 === 0
            ? `    total = a * ${i} - b\n    if total > ${f}:\n        return total // 2\n    return total\n`
            : `    if a > b:\n        return a - b\n    return b - a + ${i}\n`;
        fns.push(`def ${name}(a, b):\n${doc}${body}`);
      }
      writeFileSync(path.join(dir, 'pkg', `mod_${f}.py`), fns.join('\n\n'));
    }
    if (round === 0)
      writeFileSync(
        path.join(dir, 'README.md'),
        `# Bench ${variant}\n\nA synthetic package for the API benchmark. It computes numbers.\n\n## Usage\n\nImport \`pkg\`.\n`,
      );
    git('add', '-A');
    git('commit', '-q', '-m', `round ${round}`);
  };
  for (let round = 0; round < 3; round++) write(round);
}

async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: { lroJobId: number } & Record<string, unknown> }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    dispatcher: agent,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** What the load generator (a child process) is asked to do. */
type LoadAsk =
  | { op: 'rate'; url: string; token: string }
  | { op: 'streams'; base: string; list: Array<{ token: string; jobId: number }> }
  | { op: 'close' };

/** The load generator: this same file run with `--load-child`, at the same priority. */
class LoadChild {
  private readonly child: ChildProcess;
  private asked = 0;
  private readonly answers = new Map<number, (value: unknown) => void>();
  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), [...args, '--load-child'], { execArgv: process.execArgv, stdio: 'inherit' });
    this.child.on('message', (m: { id: number; value: unknown }) => {
      this.answers.get(m.id)?.(m.value);
      this.answers.delete(m.id);
    });
  }
  ask<T>(msg: LoadAsk): Promise<T> {
    const id = ++this.asked;
    return new Promise<T>((resolve) => {
      this.answers.set(id, resolve as (value: unknown) => void);
      this.child.send({ ...msg, id });
    });
  }
  /** GET `url` at the fixed rate for SECONDS, from the child */
  rate(url: string, token: string): Promise<Latency> {
    return this.ask<Latency>({ op: 'rate', url, token });
  }
  stop(): void {
    this.child.kill();
  }
}

/** The child's side: answers each ask of the benchmark's process. */
function serveLoad(): void {
  const streams: Array<{ close: () => void }> = [];
  process.on('message', (m: LoadAsk & { id: number }) => {
    void (async () => {
      let value: unknown = null;
      if (m.op === 'rate') value = await fixedRate(m.url, m.token);
      else if (m.op === 'streams') {
        for (const s of m.list) streams.push(await openStream(m.base, s.token, s.jobId));
        value = streams.length;
      } else if (m.op === 'close') for (const s of streams.splice(0)) s.close();
      process.send!({ id: m.id, value });
    })();
  });
  process.on('disconnect', () => process.exit(0));
}

const load = (): string =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

async function run(label: string, databaseUrl: string | null, loader: LoadChild): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-bench-api-'));
  const repoRoot = path.join(dataDir, 'sources');
  const config = loadConfig({
    DATA_DIR: dataDir,
    // with --jobs the jobs run in this process on PGlite, in a worker process beside it on PostgreSQL (as npm start runs them)
    RUN_WORKERS: JOBS ? (IN_PROCESS ? 'in-process' : 'true') : 'false',
    LOCAL_REPO_ROOTS: repoRoot,
    LOG_LEVEL: 'silent',
    MAIL_RATE_LIMIT_PER_HOUR: '1000',
    SSE_MAX_STREAMS: '5000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  await migrateToLatest(database.db);
  const secrets = await loadSecrets(config);
  let core: JobCore | undefined;
  const app = await buildApp({
    config: config.workerProcess ? { ...config, runWorkers: false } : config,
    database,
    secrets,
    logger: false,
    mailer: { send: async () => undefined },
    onCore: (c) => (core = c),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // as main.ts does: the API without workers and a worker process beside it
  const jobWorker = config.workerProcess
    ? new WorkerProcess({
        entry: fileURLToPath(new URL('../src/worker.ts', import.meta.url)),
        log: app.log,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl!, LOCAL_REPO_ROOTS: repoRoot, LOG_LEVEL: 'warn' },
      })
    : null;
  jobWorker?.start();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** Runs `measure`, with `--profile` under the inspector's CPU profiler (this process' main thread). */
  const profiled = async <T>(name: string | null, measure: () => Promise<T>): Promise<T> => {
    if (!PROFILE || !name) return measure();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    try {
      return await measure();
    } finally {
      const { profile } = await session.post('Profiler.stop');
      const file = `${PROFILE}-${databaseUrl ? 'postgres' : 'pglite'}-${name}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  (main thread's CPU profile of the window: ${file})`);
    }
  };
  try {
    const owner = await signup(base, 'bench@example.com');
    const box = new SecretBox(secrets.encryptionKey);
    const sealed = box.seal('https://example.com/org/repo.git');
    for (let b = 0; b < 10; b++) {
      await database.db
        .insertInto('repositories')
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            user_id: owner.id,
            vendor: 'GIT',
            organization_name: `org${b}`,
            repo_name: `repo${i}`,
            clone_url: sealed,
            default_branch: 'main',
            installation_id: null,
            site_url: null,
          })),
        )
        .execute();
    }
    for (let b = 0; b < 20; b++) {
      await database.db
        .insertInto('jobs')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            user_id: owner.id,
            repository_id: null,
            job_type: 'ANALYSIS',
            organization_name: `org${i % 10}`,
            repo_name: `repo${(b * 500 + i) % 100}`,
            vendor: 'GIT',
            payload: '{}',
            worker_id: null,
            heartbeat_at: null,
            started_at: null,
            finished_at: null,
          })),
        )
        .execute();
    }
    console.log(
      `\n${label}: seeded 1,000 repositories and 10,000 jobs; ${RATE} requests/s for ${SECONDS} s per endpoint (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.availableParallelism()} cores)`,
    );
    const targets: Array<[string, string]> = [
      ['repository list  GET /api/app/github/list', `${base}/api/app/github/list`],
      ['job list         GET /api/v1/lro/all?limit=20', `${base}/api/v1/lro/all?limit=20&offset=0`],
      ['current user     GET /api/v1/user', `${base}/api/v1/user`],
    ];
    let idle: Latency | undefined;
    // The first seconds after start-up are the server's own warm-up (modules, compiled code, the
    // database's caches): at a fixed rate they would queue and inflate the idle figure the others are
    // compared with. One unmeasured window first.
    const warm = await loader.rate(`${base}/api/v1/user`, owner.token);
    console.log(`${line('warm-up (not counted) GET /api/v1/user', warm)}  [${load()}]`);
    for (const [name, url] of USER_ONLY ? targets.slice(2) : targets) {
      const cpu0 = mainThreadCpu();
      const r = await profiled(url.endsWith('/api/v1/user') ? 'idle' : null, () => loader.rate(url, owner.token));
      console.log(`${line(name, r)}  [${load()}; ${cpuSince(cpu0)}]`);
      if (url.endsWith('/api/v1/user')) idle = r;
    }

    // log line → SSE client
    const job = await core!.store.create({
      userId: owner.id,
      repositoryId: null,
      jobType: 'ANALYSIS',
      organizationName: 'org0',
      repoName: 'repo0',
      vendor: 'GIT',
      payload: {},
    });
    const stream = await openStream(base, owner.token, job.id);
    const delays: number[] = [];
    for (let i = 0; i < 50; i++) {
      const text = `bench-line-${i}-${Date.now()}`;
      const got = stream.received(text);
      const t0 = performance.now();
      await core!.store.log(job.id, 'INFO', text);
      await got;
      delays.push(performance.now() - t0);
    }
    stream.close();
    delays.sort((a, b) => a - b);
    console.log(
      `  log line written → SSE client received        p50 ${percentile(delays, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(delays, 99).toFixed(1).padStart(7)} ms   (50 lines)`,
    );

    // GET /api/v1/user with 150 streams open (15 users × 10, the per-user cap)
    const streamers: Array<{ token: string; id: string }> = [];
    for (let u = 0; u < 15; u++) {
      const user = await signup(base, `streamer${u}@example.com`);
      streamers.push(user);
      const j = await core!.store.create({
        userId: user.id,
        repositoryId: null,
        jobType: 'ANALYSIS',
        organizationName: 'o',
        repoName: 'r',
        vendor: 'GIT',
        payload: {},
      });
      await loader.ask({ op: 'streams', base, list: Array.from({ length: 10 }, () => ({ token: user.token, jobId: j.id })) });
    }
    const busyCpu0 = mainThreadCpu();
    const busy = await profiled('streams', () => loader.rate(`${base}/api/v1/user`, owner.token));
    console.log(`${line('GET /api/v1/user with 150 streams open', busy)}  [${load()}; ${cpuSince(busyCpu0)}]`);
    await loader.ask({ op: 'close' });

    if (JOBS) {
      // Each of the 15 users analyses a repository of their own; 10 streams follow each job.
      const made = perf.now();
      // `--rounds N`: N repositories per user, made before any window (git here would block this
      // thread, the API's); a user's next analysis starts when the last one ends, so the window
      // stays under load however long it is.
      const repoName = (u: number, round: number) => (round === 0 ? `bench${u}` : `bench${u}r${round}`);
      for (let u = 0; u < streamers.length; u++) {
        for (let round = 0; round < ROUNDS; round++) {
          const dir = path.join(repoRoot, repoName(u, round));
          syntheticRepo(dir, u + 100 * round);
          const res = await call(base, streamers[u]!.token, 'POST', '/api/v1/git/repos', {
            url: dir,
            organizationName: 'bench',
            repoName: repoName(u, round),
          });
          if (res.status !== 201) throw new Error(`registering ${dir} answered ${res.status}: ${JSON.stringify(res.json)}`);
        }
      }
      console.log(
        `  ${streamers.length * ROUNDS} synthetic repositories of ${FILES} Python files (${FILES * 24} functions, 3 commits) made in ${((perf.now() - made) / 1000).toFixed(1)} s`,
      );
      const jobIds: number[] = [];
      const current: number[] = [];
      const nextRound: number[] = [];
      const analyse = async (u: number, round: number) => {
        const res = await call(base, streamers[u]!.token, 'POST', '/api/v1/git/analyze/repo', {
          git_repo: { organization_name: 'bench', repo_name: repoName(u, round) },
          vendor: 'GIT',
        });
        if (res.status !== 200) throw new Error(`starting an analysis answered ${res.status}: ${JSON.stringify(res.json)}`);
        jobIds.push(res.json.lroJobId as number);
        current[u] = res.json.lroJobId as number;
        nextRound[u] = round + 1;
        await loader.ask({
          op: 'streams',
          base,
          list: Array.from({ length: 10 }, () => ({ token: streamers[u]!.token, jobId: res.json.lroJobId as number })),
        });
      };
      for (let u = 0; u < streamers.length; u++) await analyse(u, 0);
      const refill = async () => {
        if (ROUNDS < 2) return;
        const rows = await database.db.selectFrom('jobs').select(['id', 'state']).where('id', 'in', current).execute();
        const ended = new Set(rows.filter((r) => ['COMPLETE', 'FAILED', 'CANCELLED'].includes(r.state)).map((r) => r.id));
        for (let u = 0; u < streamers.length; u++) if (ended.has(current[u]!) && nextRound[u]! < ROUNDS) await analyse(u, nextRound[u]!);
      };
      const states = async () => {
        const rows = await database.db.selectFrom('jobs').select(['state', 'progress']).where('id', 'in', jobIds).execute();
        return {
          running: rows.filter((r) => r.state === 'RUNNING' && r.progress >= 20).length,
          done: rows.filter((r) => ['COMPLETE', 'FAILED', 'CANCELLED'].includes(r.state)).length,
          failed: rows.filter((r) => r.state === 'FAILED').length,
        };
      };
      // measure once the first jobs are past their clone, in the analyzer
      for (const until = Date.now() + 120_000; (await states()).running === 0;) {
        if (Date.now() > until) throw new Error('no analysis job started within 2 minutes');
        await new Promise((r) => setTimeout(r, 100));
      }
      const before = await states();
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const elu = perf.eventLoopUtilization();
      const cpu0 = { main: mainThreadCpu(), all: process.cpuUsage(), threads: threadsCpu() };
      let minRunning = Infinity;
      const sampler = setInterval(
        () =>
          void refill()
            .then(states)
            .then((s) => (minRunning = Math.min(minRunning, s.running))),
        1000,
      );
      const windowStart = perf.now();
      const withJobs = await countQueries(database.pglite, () => profiled('jobs', () => loader.rate(`${base}/api/v1/user`, owner.token)));
      const threads = otherThreadsCpu(cpu0.threads, threadsCpu());
      const windowSeconds = (perf.now() - windowStart) / 1000;
      clearInterval(sampler);
      lag.disable();
      const used = perf.eventLoopUtilization(elu);
      const mainCpu = cpu0.main === null ? null : mainThreadCpu()! - cpu0.main;
      const all = process.cpuUsage(cpu0.all);
      const allCpu = (all.user + all.system) / 1e6;
      const after = await states();
      console.log(`${line('GET /api/v1/user, 150 streams + jobs running', withJobs)}  [${load()}]`);
      console.log(
        `  main thread meanwhile: event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms; busy ${(used.utilization * 100).toFixed(0)} % of the time`,
      );
      console.log(
        `  CPU meanwhile: main thread ${mainCpu === null ? '?' : mainCpu.toFixed(2)} s of the process' ${allCpu.toFixed(2)} s in ${windowSeconds.toFixed(1)} s (git processes excluded); other threads alive at the end, by nice value: ${threads}`,
      );
      console.log(
        `  analysis jobs: ${after.done - before.done} finished during the ${SECONDS} s (${after.failed} failed in all), at least ${Number.isFinite(minRunning) ? minRunning : '?'} analysing at every sample`,
      );
      if (idle) console.log(`  p99 with jobs and streams / idle p99: ${(withJobs.p99 / idle.p99).toFixed(2)}× (the target is at most 2×)`);
      await loader.ask({ op: 'close' });
      for (const id of jobIds) {
        const job = await core!.store.get(id);
        if (job && !['COMPLETE', 'FAILED', 'CANCELLED'].includes(job.state)) await core!.engine.cancel(job).catch(() => undefined);
      }
    }
  } finally {
    await jobWorker?.stop();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (LOAD_CHILD) serveLoad();
else {
  const loader = new LoadChild();
  try {
    if (!SKIP_PGLITE) await run('PGlite (embedded)', null, loader);
    const admin = arg('postgres') ?? process.env.TEST_DATABASE_URL;
    if (admin) {
      const name = `docent_bench_${process.pid}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(admin);
        url.pathname = `/${name}`;
        await run('PostgreSQL', url.toString(), loader);
      } finally {
        await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await client.end();
      }
    } else {
      console.log('\nPostgreSQL: skipped (pass --postgres <admin url> or set TEST_DATABASE_URL)');
    }
  } finally {
    loader.stop();
  }
  await agent.close();
}
