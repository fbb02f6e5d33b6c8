import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { scanPython } from '../src/functions/python-scanner.ts';

/**
 * CPU time of the Python scanner over every .py file under the given folders, without and (when
 * the scanner supports it) with signature facts: the best of ROUNDS passes of each.
 * Usage: node --import tsx bench/time-python-scanner.ts <dir>...
 */
function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      if (name !== '.git' && name !== 'node_modules') walk(p, out);
    } else if (name.endsWith('.py') && st.size <= 1024 * 1024) out.push(p);
  }
}

const files: string[] = [];
for (const dir of process.argv.slice(2)) walk(dir, files);
const texts = files.map((f) => readFileSync(f, 'utf8'));
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const scan = scanPython as (source: string, options?: { signatureFacts?: boolean }) => unknown[] | null;

function pass(signatureFacts: boolean): { ms: number; functions: number } {
  const cpu = process.cpuUsage();
  let functions = 0;
  for (const t of texts) functions += (signatureFacts ? scan(t, { signatureFacts: true }) : scan(t))?.length ?? 0;
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, functions };
}

const plain: number[] = [];
const facts: number[] = [];
let functions = 0;
for (let r = 0; r < ROUNDS; r++) {
  // Interleaved, so that load from other processes hits both alike.
  const a = pass(false);
  const b = pass(true);
  plain.push(a.ms);
  facts.push(b.ms);
  functions = a.functions;
}
const best = (xs: number[]): number => Math.round(Math.min(...xs));
const median = (xs: number[]): number => Math.round([...xs].sort((x, y) => x - y)[xs.length >> 1]!);
console.log(
  JSON.stringify({
    files: files.length,
    functions,
    rounds: ROUNDS,
    plainBestMs: best(plain),
    plainMedianMs: median(plain),
    factsBestMs: best(facts),
    factsMedianMs: median(facts),
  }),
);
