#!/usr/bin/env node
// Draws the random sample of OUTDATED verdicts that docs/metrics/outdated.md judges by hand.
//
//   node packages/analyzer/oracles/outdated/sample.mjs <seed> <per-repo cap> <label>=<analysis.json> ...
//
// Each analysis.json is `docent analyze <clone> --json`. Every OUTDATED verdict of non-test
// functions is pooled per repository, shuffled with a seeded PRNG (mulberry32), and at most
// <per-repo cap> are taken from each repository, so no one repository dominates the sample.
// Prints a Markdown table (repo, location, rule, explanation) to judge against git: for each row,
// open the function at the named commit and decide whether the doc really contradicts the code.
import fs from 'node:fs';

const [seedArg, capArg, ...inputs] = process.argv.slice(2);
if (!seedArg || !capArg || inputs.length === 0) {
  console.error('usage: sample.mjs <seed> <per-repo cap> <label>=<analysis.json> ...');
  process.exit(2);
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(Number(seedArg));
const cap = Number(capArg);
const rows = [];
let pool = 0;
for (const input of inputs) {
  const [label, file] = input.split('=');
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  const outdated = result.functions.filter((f) => !f.isTest && f.outdatedStatus.status === 'OUTDATED');
  pool += outdated.length;
  // Fisher–Yates with the seeded PRNG; the input order is the analyzer's (sorted by file).
  for (let i = outdated.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [outdated[i], outdated[j]] = [outdated[j], outdated[i]];
  }
  for (const f of outdated.slice(0, cap)) rows.push({ label, f });
}
console.log(`<!-- pool: ${pool} OUTDATED verdicts; sample: ${rows.length} (seed ${seedArg}, at most ${cap} per repository) -->`);
console.log('| # | repository | function | rule | explanation |');
console.log('|---|---|---|---|---|');
rows.forEach(({ label, f }, i) => {
  const rule = (f.outdatedStatus.findings ?? []).map((x) => x.code).join(', ');
  const text = f.outdatedStatus.explanation.replace(/\|/g, '\\|');
  console.log(`| ${i + 1} | ${label} | \`${f.gitLocation}\` ${f.name} | ${rule} | ${text} |`);
});
