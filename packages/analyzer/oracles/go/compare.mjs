#!/usr/bin/env node
/**
 * Oracle for Go doc attachment: go/parser's FuncDecl.Doc (what go/doc and `go doc` use: the
 * comment group directly above, no blank line) against Docent's "documented", func by func.
 *
 *   node packages/analyzer/oracles/go/compare.mjs <analysis.json> <repo dir>
 *
 * <analysis.json> is `docent analyze <repo dir> --json --only basicDoc --no-git-history`. Builds
 * docoracle.go with Debian's golang-go, runs it over every .go file Docent listed functions for,
 * and matches funcs by file and the line of `func`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareDocumented } from '../compare-documented.mjs';

const [reportPath, repo] = process.argv.slice(2);
if (!reportPath || !repo) {
  console.error('usage: compare.mjs <analysis.json> <repo dir>');
  process.exit(2);
}
// Built once (`go run` would take the .go arguments for sources to compile).
const env = { ...process.env, GO111MODULE: 'off', GOFLAGS: '', GOCACHE: process.env.GOCACHE ?? path.join(os.tmpdir(), 'docent-go-cache') };
const binary = path.join(mkdtempSync(path.join(os.tmpdir(), 'docent-go-oracle-')), 'docoracle');
execFileSync('go', ['build', '-o', binary, path.join(path.dirname(fileURLToPath(import.meta.url)), 'docoracle.go')], {
  env,
  stdio: 'inherit',
});
compareDocumented({
  reportPath,
  repo,
  files: /\.go$/,
  tool: 'go/parser',
  unit: 'funcs',
  run: (files) => execFileSync(binary, files, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }),
});
