#!/usr/bin/env node
/**
 * Oracle for Go doc attachment: go/parser's FuncDecl.Doc (what go/doc and `go doc` use: the
 * comment group directly above, no blank line) against Docent's "documented", func by func.
 *
 *   node packages/analyzer/oracles/go/compare.mjs <analysis.json> <repo dir>
 *
 * <analysis.json> is `docent analyze <repo dir> --json --only basicDoc --no-git-history`. Runs
 * docoracle.go (built with Debian's golang-go) over every .go file Docent listed functions for,
 * matches funcs by file and start line, and prints agreement and every disagreement.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [reportPath, repo] = process.argv.slice(2);
if (!reportPath || !repo) {
  console.error('usage: compare.mjs <analysis.json> <repo dir>');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { functions } = JSON.parse(readFileSync(reportPath, 'utf8'));
const go = functions.filter((f) => f.fileName.endsWith('.go'));
const files = [...new Set(go.map((f) => f.fileName))];

// Built once (`go run` would take the .go arguments for sources to compile).
const env = { ...process.env, GO111MODULE: 'off', GOFLAGS: '', GOCACHE: process.env.GOCACHE ?? path.join(os.tmpdir(), 'docent-go-cache') };
const binary = path.join(mkdtempSync(path.join(os.tmpdir(), 'docent-go-oracle-')), 'docoracle');
execFileSync('go', ['build', '-o', binary, path.join(here, 'docoracle.go')], { env, stdio: 'inherit' });
const oracle = new Map(); // "file:line" → { name, documented }
for (let i = 0; i < files.length; i += 400) {
  const out = execFileSync(binary, files.slice(i, i + 400).map((f) => path.join(repo, f)), { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  for (const line of out.split('\n').filter(Boolean)) {
    const [file, start, name, documented] = line.split('\t');
    oracle.set(`${path.relative(repo, file)}:${start}`, { name, documented: documented === 'true' });
  }
}

let compared = 0;
let agree = 0;
const unmatched = [];
const disagreements = [];
for (const f of go) {
  const start = Number(/#L(\d+)/.exec(f.gitLocation)?.[1]);
  const theirs = oracle.get(`${f.fileName}:${start}`);
  if (!theirs) {
    unmatched.push(`${f.gitLocation} ${f.name}`);
    continue;
  }
  compared += 1;
  const ours = f.docstring !== null;
  if (ours === theirs.documented) agree += 1;
  else disagreements.push(`${f.gitLocation} ${f.name}: docent ${ours ? 'documented' : 'undocumented'}, go/parser ${theirs.documented ? 'documented' : 'undocumented'}`);
}
const listed = new Set(go.map((f) => `${f.fileName}:${Number(/#L(\d+)/.exec(f.gitLocation)?.[1])}`));
const onlyOracle = [...oracle.keys()].filter((k) => !listed.has(k));
console.log(`funcs compared: ${compared}; documented agreement: ${agree}/${compared} = ${((100 * agree) / Math.max(1, compared)).toFixed(2)} %`);
console.log(`docent funcs go/parser has none for on that line: ${unmatched.length}; go/parser funcs docent does not list: ${onlyOracle.length}`);
for (const d of disagreements.slice(0, 40)) console.log(`  ≠ ${d}`);
for (const u of unmatched.slice(0, 10)) console.log(`  docent only: ${u}`);
for (const k of onlyOracle.slice(0, 10)) console.log(`  go/parser only: ${k} ${oracle.get(k).name}`);
