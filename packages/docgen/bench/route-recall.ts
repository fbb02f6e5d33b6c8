/**
 * Route recall and precision of the API docs against hand-made route lists
 * (docs/metrics/arch-api-facts.md). Usage:
 *
 *   node --import tsx packages/docgen/bench/route-recall.ts name=/path/to/checkout [name=/path …]
 *
 * Each `name` has a fenced block ```` ```routes name ```` in docs/metrics/arch-api-facts.md with
 * one `METHOD /path` a line, written by reading the application's code. The checkout's API docs
 * are generated as `docent docs <path> --type api` does (generateDocs, kind `api`), and the
 * operations of its openapi.json that come from the code (those with `x-source`, plus the
 * conflicting operations kept under `x-conflicts`) are compared with the list. Path parameters
 * compare by position only (`:id`, `<int:id>`, `{id}` and `*` are one parameter); a trailing
 * slash counts. A route marked `x-unresolved-prefix` counts as found only if its path is right.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateDocs } from '../src/docs.ts';

const MD = process.env.ROUTE_LISTS ?? path.join(import.meta.dirname, '../../../docs/metrics/arch-api-facts.md');

const norm = (line: string): string => {
  const [method, written] = line.trim().split(/\s+/);
  // Express's `*` matches every path: `/{wildcard}` in OpenAPI.
  const p = written!.startsWith('/') ? written! : `/${written}`;
  const params = p!
    .split('/')
    .map((seg) => (seg === '*' ? '{}' : seg.replace(/:(\w+)[?+*]?|<(?:[\w.]+:)?(\w+)>|\{\*?(\w+)(?::[^}]*)?\??\}/g, '{}')))
    .join('/');
  return `${method!.toUpperCase()} ${params}`;
};

function expected(name: string): string[] {
  const md = fs.readFileSync(MD, 'utf8');
  const block = new RegExp('```routes ' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '\\n([\\s\\S]*?)```').exec(md);
  if (!block) throw new Error(`no \`\`\`routes ${name} block in ${MD}`);
  return block[1]!
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(norm);
}

async function found(root: string): Promise<{ ops: string[]; unresolvedOps: string[]; repoOnly: number }> {
  const files = await generateDocs(root, 'api', ['md'], { name: path.basename(root) });
  const openapi = files.find((f) => f.name === 'openapi.json');
  const doc = JSON.parse(String(openapi?.content ?? '{"paths":{}}')) as { paths: Record<string, Record<string, unknown>> };
  const ops: string[] = [];
  const unresolvedOps: string[] = [];
  let repoOnly = 0;
  const anySeen = new Set<string>();
  const add = (method: string, p: string, op: Record<string, unknown>): void => {
    if (op['x-source'] === undefined) {
      repoOnly++;
      return;
    }
    // A handler with no method restriction is written once per method, each marked `x-any-method`: one `ANY` operation.
    if (op['x-any-method'] === true) {
      const key = `${p} ${String(op['x-source'])}`;
      if (anySeen.has(key)) return;
      anySeen.add(key);
      method = 'ANY';
    }
    if (op['x-unresolved-prefix'] !== undefined) unresolvedOps.push(norm(`${method} ${p}`));
    ops.push(norm(`${method} ${p}`));
  };
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'x-conflicts' && Array.isArray(op))
        for (const c of op as Array<{ method: string; operation: Record<string, unknown> }>) add(c.method, p, c.operation);
      else if (!method.startsWith('x-') && typeof op === 'object' && op !== null) add(method, p, op as Record<string, unknown>);
    }
  }
  return { ops, unresolvedOps, repoOnly };
}

const pct = (a: number, b: number): string => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);

const rows: string[] = [
  '| application | expected | documented (from code) | right | recall | precision | marked unresolved | of them right but for the marked prefix | repository-only ops |',
  '|---|---|---|---|---|---|---|---|---|',
];
for (const arg of process.argv.slice(2)) {
  const [name, root] = arg.split('=') as [string, string];
  const want = expected(name);
  const got = await found(root);
  const wantSet = new Set(want);
  const gotSet = new Set(got.ops);
  // Counted as multisets: two routes whose paths differ only in their parameters' names or converters
  // (Flask's `/users/<int:id>` and `/users/<username>`) are two expected and two documented operations.
  const count = (xs: string[]): Map<string, number> => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const wantCount = count(want);
  const gotCount = count(got.ops);
  const right = [...gotCount].reduce((n, [o, k]) => n + Math.min(k, wantCount.get(o) ?? 0), 0);
  // A marked route whose documented path is the end of an expected one (same method): right once the prefix the mark cites is known.
  const butPrefix = got.unresolvedOps.filter(
    (o) => !wantSet.has(o) && want.some((w) => w.split(' ')[0] === o.split(' ')[0] && w.endsWith(o.split(' ')[1]!)),
  ).length;
  rows.push(
    `| ${name} | ${want.length} | ${got.ops.length} | ${right} | ${pct(right, want.length)} | ${pct(right, got.ops.length)} | ${got.unresolvedOps.length} | ${butPrefix} | ${got.repoOnly} |`,
  );
  if (process.env.VERBOSE) {
    for (const m of [...wantSet].filter((o) => !gotSet.has(o))) console.error(`${name} missed: ${m}`);
    for (const m of got.ops.filter((o) => !wantSet.has(o))) console.error(`${name} wrong: ${m}`);
  }
}
console.log(rows.join('\n'));
