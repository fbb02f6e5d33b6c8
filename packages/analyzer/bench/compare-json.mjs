/**
 * Compares two `docent analyze --json` outputs field by field, `durationMs` left out wherever it
 * appears (docs/performance.md, "SQLAlchemy against Linguist, paired": a speed change must leave
 * the output the same). Prints the first differences by path and exits 1 when there are any.
 *
 * Usage: node packages/analyzer/bench/compare-json.mjs <before.json> <after.json>
 */
import fs from 'node:fs';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  process.stderr.write('usage: compare-json.mjs <before.json> <after.json>\n');
  process.exit(2);
}
const left = JSON.parse(fs.readFileSync(a, 'utf8'));
const right = JSON.parse(fs.readFileSync(b, 'utf8'));
const differences = [];
const MAX = 20;

function compare(x, y, at) {
  if (differences.length >= MAX) return;
  if (x === y) return;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) {
    differences.push(`${at}: ${JSON.stringify(x)?.slice(0, 120)} ≠ ${JSON.stringify(y)?.slice(0, 120)}`);
    return;
  }
  if (Array.isArray(x)) {
    if (x.length !== y.length) differences.push(`${at}: ${x.length} items ≠ ${y.length} items`);
    for (let i = 0; i < Math.min(x.length, y.length); i++) compare(x[i], y[i], `${at}[${i}]`);
    return;
  }
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  keys.delete('durationMs');
  for (const key of keys) {
    if (!(key in x) || !(key in y)) differences.push(`${at}.${key}: only in ${key in x ? 'before' : 'after'}`);
    else compare(x[key], y[key], `${at}.${key}`);
  }
}

compare(left, right, '$');
const count = (o) =>
  Array.isArray(o?.functions) ? o.functions.length : (o?.files ?? []).reduce?.((n, f) => n + (f.functions?.length ?? 0), 0);
if (differences.length === 0) {
  process.stdout.write(`same (durationMs aside)${count(left) ? `: ${count(left)} function entries` : ''}\n`);
} else {
  process.stdout.write(`${differences.length >= MAX ? `${MAX}+` : differences.length} differences:\n${differences.join('\n')}\n`);
  process.exit(1);
}
