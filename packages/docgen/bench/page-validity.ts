/**
 * Every page of the architecture and API docs read back by an independent reader
 * (docs/metrics/arch-api-facts.md, "Validity of every page"). Usage:
 *
 *   npm run bench:page-validity -- name=/path/to/checkout [name=/path …]
 *
 * For each checkout, both doc kinds are generated as `docent docs <path> --type arch|api` does
 * (generateDocs) in RST, DocBook, PDF and RTF, and each file goes to the reader the format tests
 * use (packages/docgen/test/formats.test.ts): every RST page through docutils' `publish_doctree`
 * at report level 2 (a warning fails the page), the DocBook book through `xmllint --relaxng` with
 * DocBook 5's schema, every PDF (each page's part and the book) through `pdftotext`, the RTF book
 * through `unrtf --text` (exit 0 and text out). Prints a table of accepted/total per application
 * and kind, the first lines of every refusal, and exits 1 when anything was refused.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDocs } from '../src/docs.ts';

const DOCBOOK_RNG = '/usr/share/xml/docbook/schema/rng/5.0/docbook.rng';
const has = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
// Debian's python3-docutils lives in /usr/bin/python3's path, which a pyenv `python3` does not see.
const PYTHON = ['python3', '/usr/bin/python3'].find((py) => has(py, ['-c', 'import docutils']));

const missing = [
  PYTHON ? null : 'docutils (python3-docutils)',
  has('xmllint', ['--version']) && fs.existsSync(DOCBOOK_RNG) ? null : 'xmllint with DocBook 5 (libxml2-utils, docbook5-xml)',
  has('pdftotext', ['-v']) ? null : 'pdftotext (poppler-utils)',
  has('unrtf', ['--version']) ? null : 'unrtf',
].filter((m): m is string => m !== null);
if (missing.length > 0) {
  console.error(`missing readers: ${missing.join(', ')}`);
  process.exit(2);
}

/** Reads every RST file with docutils; returns the refusals by file name. */
function readRst(files: string[]): Map<string, string> {
  const script =
    'import sys, io, json, docutils.core\n' +
    'bad = {}\n' +
    'for f in sys.argv[1:]:\n' +
    '    err = io.StringIO()\n' +
    '    try:\n' +
    "        docutils.core.publish_doctree(open(f).read(), settings_overrides={'report_level': 2, 'halt_level': 5, 'warning_stream': err})\n" +
    '    except Exception as e:\n' +
    '        err.write(repr(e))\n' +
    '    if err.getvalue().strip(): bad[f] = err.getvalue().strip()\n' +
    'print(json.dumps(bad))\n';
  const r = spawnSync(PYTHON!, ['-c', script, ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) return new Map(files.map((f) => [f, r.stderr.trim() || `docutils exited ${r.status}`]));
  return new Map(Object.entries(JSON.parse(r.stdout) as Record<string, string>));
}

/** The reader of one file of another format: null when it accepts the file, else what it said. */
function readOther(file: string, format: string): string | null {
  const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (format === 'xml') {
    const r = run('xmllint', ['--noout', '--relaxng', DOCBOOK_RNG, file]);
    return r.status === 0 ? null : r.stderr.trim();
  }
  if (format === 'pdf') {
    const r = run('pdftotext', [file, '-']);
    return r.status === 0 && r.stdout.trim() !== '' ? null : r.stderr.trim() || 'no text';
  }
  if (format === 'rtf') {
    const r = run('unrtf', ['--text', file]);
    return r.status === 0 && r.stdout.trim() !== '' && !/error/i.test(r.stderr) ? null : r.stderr.trim() || 'no text';
  }
  return null;
}

const READ = ['rst', 'xml', 'pdf', 'rtf'] as const;
type Tally = Record<(typeof READ)[number], { ok: number; all: number }>;

async function check(name: string, root: string, kind: 'arch' | 'api', out: string, refusals: string[]): Promise<Tally> {
  const tally = Object.fromEntries(READ.map((f) => [f, { ok: 0, all: 0 }])) as Tally;
  const dir = path.join(out, name, kind);
  fs.mkdirSync(dir, { recursive: true });
  const docs = (await generateDocs(root, kind, [...READ])).filter((d) => (READ as readonly string[]).includes(d.format));
  const written = docs.map((d) => {
    const file = path.join(dir, d.name);
    fs.writeFileSync(file, d.content);
    return { file, format: d.format as (typeof READ)[number] };
  });
  const rst = readRst(written.filter((w) => w.format === 'rst').map((w) => w.file));
  for (const w of written) {
    const refused = w.format === 'rst' ? (rst.get(w.file) ?? null) : readOther(w.file, w.format);
    tally[w.format].all += 1;
    if (refused === null) tally[w.format].ok += 1;
    else refusals.push(`${name} ${kind} ${path.basename(w.file)}: ${refused.split('\n').slice(0, 3).join(' | ')}`);
  }
  return tally;
}

const apps = process.argv.slice(2).map((a) => {
  const i = a.indexOf('=');
  if (i <= 0) throw new Error(`expected name=/path/to/checkout, not "${a}"`);
  return { name: a.slice(0, i), root: path.resolve(a.slice(i + 1)) };
});
if (apps.length === 0) {
  console.error('usage: npm run bench:page-validity -- name=/path/to/checkout [name=/path …]');
  process.exit(2);
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'page-validity-'));
const refusals: string[] = [];
const cell = (t: Tally) => READ.map((f) => `${t[f].ok}/${t[f].all}`).join(' · ');
const totals = { arch: [] as Tally[], api: [] as Tally[] };
console.log('| application | arch: RST · DocBook · PDF · RTF | api: RST · DocBook · PDF · RTF |');
console.log('|---|---|---|');
for (const app of apps) {
  const arch = await check(app.name, app.root, 'arch', out, refusals);
  const api = await check(app.name, app.root, 'api', out, refusals);
  totals.arch.push(arch);
  totals.api.push(api);
  console.log(`| ${app.name} | ${cell(arch)} | ${cell(api)} |`);
}
const sum = (ts: Tally[]) =>
  Object.fromEntries(READ.map((f) => [f, { ok: ts.reduce((n, t) => n + t[f].ok, 0), all: ts.reduce((n, t) => n + t[f].all, 0) }])) as Tally;
console.log(`| **all** | ${cell(sum(totals.arch))} | ${cell(sum(totals.api))} |`);
for (const r of refusals) console.log(`refused: ${r}`);
fs.rmSync(out, { recursive: true, force: true });
process.exit(refusals.length > 0 ? 1 : 0);
