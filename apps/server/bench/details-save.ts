/**
 * `node --import tsx apps/server/bench/details-save.ts [--files 40] [--rounds 10] [--postgres <admin url>]`:
 * what saving one analysis' function details costs the API's thread (docs/performance.md, "Jobs
 * off the API's event loop", round 6). Analyses a synthetic repository of N Python files (24
 * functions each, as `bench:api --jobs` makes them), then, on PGlite (in memory) and PostgreSQL
 * when an admin URL is given, times on this thread, best and median of `--rounds`:
 * - the structured clone of the analyzer's result as a worker thread sent it before (the whole
 *   result) and now (the entries compressed in the worker, their buffer transferred);
 * - the save: before, the entries as JSON upserted into `jsonb` (JSON.stringify here, the parse in
 *   PostgreSQL: on PGlite on this thread); now, the bytes the worker compressed upserted as `bytea`.
 * Each figure is the CPU time of this process during a call that does nothing else (on PGlite all
 * of it on this thread: time the event loop cannot answer in), and its wall time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { analyzeRepository } from '@docent/analyzer';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { RepoRepository } from '../src/repos/repository.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const FILES = Number(arg('files') ?? 40);
const ROUNDS = Number(arg('rounds') ?? 10);

function syntheticRepo(dir: string): void {
  mkdirSync(path.join(dir, 'pkg'), { recursive: true });
  for (let f = 0; f < FILES; f++) {
    const fns: string[] = [];
    for (let i = 0; i < 24; i++) {
      const name = `f${f}_${i}`;
      const doc =
        i % 2 === 0
          ? `    """Compute ${name} from a and b.\n\n    Args:\n        a: the first value\n        b: the second value\n\n    Returns:\n        the result\n    """\n`
          : '';
      fns.push(`def ${name}(a, b):\n${doc}    if a > b:\n        return a - b\n    return b - a + ${i}\n`);
    }
    writeFileSync(path.join(dir, 'pkg', `mod_${f}.py`), fns.join('\n\n'));
  }
  writeFileSync(path.join(dir, 'README.md'), '# Bench\n\nA synthetic package.\n');
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...a], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'one');
}

/**
 * Best and median over ROUNDS runs of `fn`: this process' CPU time (user + system; PGlite runs in
 * it, PostgreSQL's server does not), which other processes on the machine do not inflate, and the
 * wall time.
 */
async function time(fn: () => unknown): Promise<string> {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const f = (t: number[]) => {
    t.sort((a, b) => a - b);
    return `${t[0]!.toFixed(1).padStart(6)} / ${t[Math.floor(t.length / 2)]!.toFixed(1).padStart(6)} ms`;
  };
  return `CPU best / median ${f(cpu)}, wall ${f(wall)}`;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'docent-bench-details-'));
try {
  syntheticRepo(path.join(dir, 'repo'));
  const result = await analyzeRepository(path.join(dir, 'repo'), { cacheDir: path.join(dir, 'cache') });
  const { functions, docMetrics, ...rest } = result;
  const json = JSON.stringify({ functions, docMetrics: docMetrics ?? null });
  const gz = new Uint8Array(gzipSync(json));
  console.log(
    `${functions.length} functions: details ${(json.length / 1024).toFixed(0)} KiB of JSON, ${(gz.byteLength / 1024).toFixed(0)} KiB gzip-compressed (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  console.log(`  receiving the result from a worker, before (all of it cloned)   ${await time(() => structuredClone(result))}`);
  console.log(
    `  receiving the result from a worker, now (entries' buffer moved)  ${await time(() => {
      const bytes = new Uint8Array(gz); // a buffer of its own each round, as the worker makes one
      return structuredClone({ ...rest, functionsDetails: bytes }, { transfer: [bytes.buffer] });
    })}`,
  );

  const databases: Array<[string, string | null]> = [['PGlite', null]];
  const admin = arg('postgres') ?? process.env.TEST_DATABASE_URL;
  const name = `docent_bench_details_${process.pid}`;
  let client: pg.Client | null = null;
  if (admin) {
    client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databases.push(['PostgreSQL', url.toString()]);
  }
  try {
    for (const [label, url] of databases) {
      const database = await openDatabase({ databaseUrl: url });
      try {
        await migrateToLatest(database.db);
        const user = await sql<{ id: string }>`
          insert into users (first_name, user_name, email, password_hash) values ('B', 'b', 'b@example.com', 'x') returning id`.execute(
          database.db,
        );
        const repos = new RepoRepository(database.db);
        const repo = await repos.insert({
          user_id: user.rows[0]!.id,
          vendor: 'GIT',
          organization_name: 'o',
          repo_name: 'r',
          clone_url: 'x',
          default_branch: 'main',
          is_private: false,
        });
        const asJsonb = async () => {
          const text = JSON.stringify({ functions, docMetrics: docMetrics ?? null });
          await sql`
            insert into analysis_details (repository_id, analysis_type, data) values (${repo.id}, 'functions-jsonb', ${text}::jsonb)
            on conflict (repository_id, analysis_type) do update set data = excluded.data, updated_at = now()`.execute(database.db);
        };
        console.log(`  ${label}: save before (JSON upserted as jsonb)                 ${await time(asJsonb)}`);
        console.log(
          `  ${label}: save now (worker's gzip upserted as bytea)            ${await time(() => repos.saveCompressedDetails(repo.id, 'functions', gz))}`,
        );
        console.log(
          `  ${label}: read the stored JSON text (detailsJson)              ${await time(() => repos.detailsJson(repo.id, 'functions'))}`,
        );
      } finally {
        await database.close();
      }
    }
  } finally {
    if (client) {
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await client.end();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
