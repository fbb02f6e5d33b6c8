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
 * file and start line (annotations included on both sides).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareDocumented } from '../compare-documented.mjs';

const [reportPath, repo] = process.argv.slice(2);
if (!reportPath || !repo) {
  console.error('usage: compare.mjs <analysis.json> <repo dir>');
  process.exit(2);
}
const oracle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'DocOracle.java');
compareDocumented({
  reportPath,
  repo,
  files: /\.java$/,
  tool: 'javac',
  unit: 'methods',
  run: (files) => execFileSync('java', [oracle, ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }),
});
