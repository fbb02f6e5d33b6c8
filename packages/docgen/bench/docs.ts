// npm run bench:docs -- <checkout>…: the figures — architecture + API docs of a repository
// in all six formats (first run), then, on a copy, a second run after a 10-file change that
// reuses the first run's manifest and files (incremental regeneration). The checkout is only read;
// the change is made in a temporary copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCheckout } from '../src/facts/index.ts';
import { DOC_FORMATS, generateDocSet, type DocSet } from '../src/docs.ts';

const KINDS = ['arch', 'api'] as const;
const FORMATS = process.env.BENCH_FORMATS ? (process.env.BENCH_FORMATS.split(',') as (typeof DOC_FORMATS)[number][]) : DOC_FORMATS;

async function runAll(
  dir: string,
  previous?: Record<string, DocSet>,
): Promise<{ sets: Record<string, DocSet>; seconds: number; cpu: number; bytes: number }> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const sets: Record<string, DocSet> = {};
  let bytes = 0;
  for (const kind of KINDS) {
    const prev = previous?.[kind];
    sets[kind] = await generateDocSet(dir, kind, FORMATS, {
      meta: { name: path.basename(dir) },
      ...(prev ? { previous: { manifest: prev.manifest, files: prev.files } } : {}),
    });
    for (const f of sets[kind]!.files) bytes += f.content.length;
  }
  const cpu = process.cpuUsage(cpuStarted);
  // CPU time (user + system) besides the wall clock: on a loaded machine it varies less.
  return { sets, seconds: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6, bytes };
}

for (const source of process.argv.slice(2)) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-docs-'));
  fs.cpSync(source, copy, { recursive: true, filter: (p) => path.basename(p) !== '.git' });
  try {
    const { sources } = await readCheckout(copy);
    const first = await runAll(copy);
    // Ten files spread over the tree (every n-th source file, by path), each given one more line.
    const step = Math.max(1, Math.floor(sources.length / 10));
    const changed = sources.filter((_, i) => i % step === 0).slice(0, 10);
    for (const s of changed) fs.appendFileSync(path.join(copy, s.rel), '\n');
    const second = await runAll(copy, first.sets);
    const pages = (r: typeof first): number => KINDS.reduce((n, k) => n + Object.keys(r.sets[k]!.manifest.pages).length, 0);
    const rebuilt = KINDS.reduce((n, k) => n + second.sets[k]!.regenerated.length, 0);
    console.log(`${source}: ${sources.length} source files`);
    console.log(
      `  first run:  architecture + API, ${FORMATS.join(', ')}, ${pages(first)} pages, ${(first.bytes / 1024 / 1024).toFixed(1)} MB in ${first.seconds.toFixed(2)} s (CPU ${first.cpu.toFixed(2)} s)`,
    );
    console.log(
      `  second run after a 10-file change: ${rebuilt} of ${pages(second)} pages rebuilt in ${second.seconds.toFixed(2)} s (${((second.seconds / first.seconds) * 100).toFixed(0)} % of the first; CPU ${second.cpu.toFixed(2)} s, ${((second.cpu / first.cpu) * 100).toFixed(0)} %)`,
    );
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
