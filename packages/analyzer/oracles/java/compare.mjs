#!/usr/bin/env node
/**
 * Oracle for Java doc attachment: javac's own doc comment (DocTrees.getDocCommentTree, what
 * javadoc uses; annotations may stand between the comment and the method) against Docent's
 * "documented", method by method.
 *
 *   node packages/analyzer/oracles/java/compare.mjs <analysis.json> <repo dir>
 *
 * <analysis.json> is `docent analyze <repo dir> --json --only basicDoc --no-git-history`. Runs
 * DocOracle.java (JDK 11+) over every .java file Docent listed functions for, matches methods by
 * file and start line (annotations included on both sides), and prints agreement and every
 * disagreement.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [reportPath, repo] = process.argv.slice(2);
if (!reportPath || !repo) {
  console.error('usage: compare.mjs <analysis.json> <repo dir>');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { functions } = JSON.parse(readFileSync(reportPath, 'utf8'));
const java = functions.filter((f) => f.fileName.endsWith('.java'));
const files = [...new Set(java.map((f) => f.fileName))];

const javac = new Map(); // "file:line" → { name, documented }
for (let i = 0; i < files.length; i += 400) {
  const out = execFileSync('java', [path.join(here, 'DocOracle.java'), ...files.slice(i, i + 400).map((f) => path.join(repo, f))], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  for (const line of out.split('\n').filter(Boolean)) {
    const [file, start, name, documented] = line.split('\t');
    const key = `${path.relative(repo, file)}:${start}`;
    if (!javac.has(key)) javac.set(key, { name, documented: documented === 'true' });
  }
}

let compared = 0;
let agree = 0;
const unmatched = [];
const disagreements = [];
for (const f of java) {
  const start = Number(/#L(\d+)/.exec(f.gitLocation)?.[1]);
  const theirs = javac.get(`${f.fileName}:${start}`);
  if (!theirs) {
    unmatched.push(`${f.gitLocation} ${f.name}`);
    continue;
  }
  compared += 1;
  const ours = f.docstring !== null;
  if (ours === theirs.documented) agree += 1;
  else disagreements.push(`${f.gitLocation} ${f.name}: docent ${ours ? 'documented' : 'undocumented'}, javac ${theirs.documented ? 'documented' : 'undocumented'}`);
}
const matchedKeys = new Set(java.map((f) => `${f.fileName}:${Number(/#L(\d+)/.exec(f.gitLocation)?.[1])}`));
const onlyJavac = [...javac.keys()].filter((k) => !matchedKeys.has(k));
console.log(`methods compared: ${compared}; documented agreement: ${agree}/${compared} = ${((100 * agree) / Math.max(1, compared)).toFixed(2)} %`);
console.log(`docent methods javac has no method for on that line: ${unmatched.length}; javac methods docent does not list: ${onlyJavac.length}`);
for (const d of disagreements.slice(0, 40)) console.log(`  ≠ ${d}`);
for (const u of unmatched.slice(0, 10)) console.log(`  docent only: ${u}`);
for (const k of onlyJavac.slice(0, 10)) console.log(`  javac only: ${k} ${javac.get(k).name}`);
