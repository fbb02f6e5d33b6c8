/**
 * Prints a deterministic sample of the statements a doc set makes about one checkout — three endpoints, two
 * request bodies, a query, two responses, two overview sentences, two runtime calls, one import cycle —
 * each with the line it cites, for a hand check (docs/metrics/arch-api-facts.md, "Sampled statements").
 * Usage: npx tsx packages/docgen/bench/sample-statements.ts /path/to/checkout
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is walked as untyped JSON */
import fs from 'node:fs';
import path from 'node:path';
import { readCheckout, factsOf } from '../src/facts/index.ts';
import { runtimeFlows } from '../src/pages/arch.ts';
import { overviewSentences } from '../src/pages/overview.ts';
import { dataModels } from '../src/facts/models.ts';
import { buildOpenApi } from '../src/openapi.ts';

const dir = process.argv[2]!;
const { sources, goMod, projectFiles } = await readCheckout(dir);
const facts = factsOf(sources, goMod, projectFiles);
const text = (file: string, line: number): string => {
  try {
    return fs.readFileSync(path.join(dir, file), 'utf8').split('\n')[line - 1]!.trim().slice(0, 150);
  } catch {
    return '?';
  }
};
const at = (cite: string): string => {
  const m = /^(.*):(\d+)$/.exec(cite);
  return m ? text(m[1]!, Number(m[2])) : '?';
};
const pick = <T>(xs: T[], n: number): T[] => {
  if (xs.length <= n) return xs;
  const step = xs.length / n;
  return Array.from({ length: n }, (_, i) => xs[Math.floor(i * step + step / 2)]!);
};
console.log(`#### ${path.basename(dir)}: ${facts.routes.length} routes`);
console.log('-- endpoints');
for (const r of pick(facts.routes, 3))
  console.log(`E ${r.method} ${r.path}  [${r.file}:${r.line}] ${text(r.file, r.line)}${r.resolved ? '' : ' UNRESOLVED'}`);
const { doc } = buildOpenApi(facts.routes, projectFiles, 'x', sources);
// An operation only the repository's description has, matching no route of the code (`x-no-code-route`), is listed
// on the HTTP page as such and nothing more (docs/docgen-arch-api.md §OpenAPI): no statement of its body, query or
// answers is made, so none is sampled.
const ops = Object.entries(doc.paths as Record<string, Record<string, any>>)
  .flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ p, m, op })))
  .filter((o) => o.op?.['x-no-code-route'] !== true);
console.log('-- bodies');
for (const { p, m, op } of pick(
  ops.filter((o) => o.op.requestBody),
  2,
)) {
  const [ct, c] = Object.entries(op.requestBody.content)[0] as [string, any];
  const s = c.schema;
  const props = s.properties ?? s.items?.properties ?? {};
  console.log(
    `B ${m.toUpperCase()} ${p} ${ct} title=${s.title ?? s.items?.title ?? ''} props=${Object.keys(props).join(',')} req=${(s.required ?? []).join(',')} [${op.requestBody['x-source']}] ${at(op.requestBody['x-source'])} / schema at ${s['x-source'] ?? s.items?.['x-source'] ?? ''}`,
  );
}
console.log('-- query');
for (const { p, m, op } of pick(
  ops.filter((o) => (o.op.parameters ?? []).some((x: any) => x.in === 'query')),
  1,
))
  console.log(
    `Q ${m.toUpperCase()} ${p} ${(op.parameters as any[])
      .filter((x) => x.in === 'query')
      .map((x) => `${x.name}${x.required ? '!' : ''}`)
      .join(',')} [${op['x-source']}]`,
  );
console.log('-- responses');
for (const { p, m, op } of pick(
  ops.filter((o) => o.op.responses && !o.op.responses.default),
  2,
))
  console.log(
    `R ${m.toUpperCase()} ${p} ${Object.entries(op.responses)
      .map(
        ([st, r]: [string, any]) =>
          `${st}${r.content ? ':' + (Object.values(r.content)[0] as any).schema?.title + '|' + ((Object.values(r.content)[0] as any).schema?.items?.title ?? '') : ''} [${r['x-source']}]`,
      )
      .join(' ; ')}`,
  );
console.log('-- overview');
const models = dataModels([...sources, ...projectFiles]);
const sentences = overviewSentences(facts, sources, projectFiles, models);
for (const s of pick(sentences, 2))
  console.log(
    `O [${s.section}] ${s.parts
      .map((x: any) => (typeof x === 'string' ? x : JSON.stringify(x).slice(0, 160)))
      .join('')
      .slice(0, 300)}\n   cites: ${s.cites.map((c) => `${c.file}:${c.line} «${text(c.file, c.line).slice(0, 90)}»`).join(' | ')}`,
  );
console.log('-- runtime');
const flows = runtimeFlows(facts, new Map(sources.map((s) => [s.rel, s.text])));
const steps = flows.flatMap((f) => f.steps.map((s) => ({ f, s })));
for (const { f, s } of pick(steps, 2))
  console.log(
    `S ${f.route.method} ${f.route.path}: ${s.from}:${s.line} ${s.fromFunction} → ${s.to} ${s.call}()  «${text(s.from, s.line)}»`,
  );
console.log('-- cycles');
for (const c of facts.cycles.slice(0, 1))
  console.log(`C ${c.path.map((p) => `${p.file}:${p.line}→${p.target} «${text(p.file, p.line)}»`).join(' ; ')}`);
