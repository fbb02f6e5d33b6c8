/**
 * `npm run bench:api [-- --seconds 5] [-- --postgres <admin url>]`: the API under load.
 * Seeds one user with 1,000 repositories and 10,000 jobs, then drives the repository list, the
 * job list and GET /api/v1/user at a fixed 200 requests/s over loopback and prints p50/p99;
 * measures the time from a worker writing a log line to an SSE client receiving it; and GET
 * /api/v1/user with 150 live streams open. Runs on PGlite, and on PostgreSQL when an admin URL
 * is given (or TEST_DATABASE_URL is set): a throwaway database is created and dropped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { buildApp, type JobCore } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { loadSecrets } from '../src/secrets.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Number(arg('seconds') ?? 5);
const RATE = 200;
// room for the 150 held streams plus the load itself
const agent = new Agent({ connections: 512, pipelining: 1 });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Fires one request every 1/RATE s for SECONDS, whatever the answers' speed (open loop). */
async function fixedRate(url: string, token: string): Promise<{ p50: number; p99: number; errors: number; n: number }> {
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
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, n: latencies.length };
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
  const res = await fetch(`${base}/api/v1/lro/logs/${jobId}/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal, dispatcher: agent });
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

async function run(label: string, databaseUrl: string | null): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-bench-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, RUN_WORKERS: 'false', LOG_LEVEL: 'silent', MAIL_RATE_LIMIT_PER_HOUR: '1000', SSE_MAX_STREAMS: '5000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  await migrateToLatest(database.db);
  const secrets = await loadSecrets(config);
  let core: JobCore | undefined;
  const app = await buildApp({ config, database, secrets, logger: false, mailer: { send: async () => undefined }, onCore: (c) => (core = c) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const owner = await signup(base, 'bench@example.com');
    const box = new SecretBox(secrets.encryptionKey);
    const sealed = box.seal('https://example.com/org/repo.git');
    for (let b = 0; b < 10; b++) {
      await database.db
        .insertInto('repositories')
        .values(Array.from({ length: 100 }, (_, i) => ({ user_id: owner.id, vendor: 'GIT', organization_name: `org${b}`, repo_name: `repo${i}`, clone_url: sealed, default_branch: 'main', installation_id: null, site_url: null })))
        .execute();
    }
    for (let b = 0; b < 20; b++) {
      await database.db
        .insertInto('jobs')
        .values(Array.from({ length: 500 }, (_, i) => ({ user_id: owner.id, repository_id: null, job_type: 'ANALYSIS', organization_name: `org${i % 10}`, repo_name: `repo${(b * 500 + i) % 100}`, vendor: 'GIT', payload: '{}', worker_id: null, heartbeat_at: null, started_at: null, finished_at: null })))
        .execute();
    }
    console.log(`\n${label}: seeded 1,000 repositories and 10,000 jobs; ${RATE} requests/s for ${SECONDS} s per endpoint`);
    const targets: Array<[string, string]> = [
      ['repository list  GET /api/app/github/list', `${base}/api/app/github/list`],
      ['job list         GET /api/v1/lro/all?limit=20', `${base}/api/v1/lro/all?limit=20&offset=0`],
      ['current user     GET /api/v1/user', `${base}/api/v1/user`],
    ];
    for (const [name, url] of targets) {
      const r = await fixedRate(url, owner.token);
      console.log(`  ${name.padEnd(48)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   (${r.n} answers, ${r.errors} errors)`);
    }

    // log line → SSE client
    const job = await core!.store.create({ userId: owner.id, repositoryId: null, jobType: 'ANALYSIS', organizationName: 'org0', repoName: 'repo0', vendor: 'GIT', payload: {} });
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
    console.log(`  log line written → SSE client received        p50 ${percentile(delays, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(delays, 99).toFixed(1).padStart(7)} ms   (50 lines)`);

    // GET /api/v1/user with 150 streams open (15 users × 10, the per-user cap)
    const streams: Array<{ close: () => void }> = [];
    for (let u = 0; u < 15; u++) {
      const user = await signup(base, `streamer${u}@example.com`);
      const j = await core!.store.create({ userId: user.id, repositoryId: null, jobType: 'ANALYSIS', organizationName: 'o', repoName: 'r', vendor: 'GIT', payload: {} });
      for (let s = 0; s < 10; s++) streams.push(await openStream(base, user.token, j.id));
    }
    const busy = await fixedRate(`${base}/api/v1/user`, owner.token);
    console.log(`  GET /api/v1/user with 150 streams open        p50 ${busy.p50.toFixed(1).padStart(7)} ms   p99 ${busy.p99.toFixed(1).padStart(7)} ms   (${busy.errors} errors)`);
    for (const s of streams) s.close();
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await run('PGlite (embedded)', null);
const admin = arg('postgres') ?? process.env.TEST_DATABASE_URL;
if (admin) {
  const name = `docent_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    await run('PostgreSQL', url.toString());
  } finally {
    await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await client.end();
  }
} else {
  console.log('\nPostgreSQL: skipped (pass --postgres <admin url> or set TEST_DATABASE_URL)');
}
await agent.close();
