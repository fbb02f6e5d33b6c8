import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/docs.ts';

/**
 * Each format is read back by an independent tool: docutils for RST, xmllint
 * with DocBook 5's RELAX NG schema for XML, unrtf for RTF. .ci/run installs them; on a machine
 * without them these tests are skipped, except under CI where a missing tool fails the run.
 */
const has = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const DOCBOOK_RNG = '/usr/share/xml/docbook/schema/rng/5.0/docbook.rng';
// Debian's python3-docutils lives in /usr/bin/python3's path, which a pyenv `python3` does not see.
const PYTHON = ['python3', '/usr/bin/python3'].find((py) => has(py, ['-c', 'import docutils'])) ?? 'python3';
const tools = {
  docutils: has(PYTHON, ['-c', 'import docutils']),
  xmllint: has('xmllint', ['--version']) && fs.existsSync(DOCBOOK_RNG),
  unrtf: has('unrtf', ['--version']),
};
const need = (tool: keyof typeof tools): boolean => {
  if (!tools[tool] && process.env.CI) throw new Error(`${tool} is missing: .ci/run must install it`);
  return tools[tool];
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formats-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
// Text that stresses escaping in every format: markup characters, braces, a backslash, non-ASCII, a route with `*`.
fs.writeFileSync(
  path.join(dir, 'src/app.js'),
  "const app = require('express')();\n/** Gets *all* {items} with a \\\\ backslash — naïve <b>x</b> `tick` _under_ |bar|. */\nfunction list(req, res) {}\napp.get('/items/*', list);\napp.get('/ünï/:id', list);\nmodule.exports.list = list;\napp.listen(process.env.PORT_A_B);\n",
);

describe.each(['arch', 'api'] as const)('%s document', (kind) => {
  it.runIf(need('docutils'))('reStructuredText: every page parses with docutils without a warning', async () => {
    const pages = (await generateDocs(dir, kind, ['rst'])).filter((d) => d.format === 'rst');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const files = pages.map((d) => {
      const file = path.join(dir, d.name);
      fs.writeFileSync(file, d.content);
      return file;
    });
    const script =
      'import sys, io, docutils.core\n' +
      'tables = sections = 0\n' +
      'for f in sys.argv[1:]:\n' +
      '    err = io.StringIO()\n' +
      "    tree = docutils.core.publish_doctree(open(f).read(), settings_overrides={'report_level': 2, 'halt_level': 5, 'warning_stream': err})\n" +
      "    print(err.getvalue(), file=sys.stderr, end='')\n" +
      "    tables += len(tree.traverse(lambda n: n.tagname == 'table'))\n" +
      "    sections += len(tree.traverse(lambda n: n.tagname == 'section'))\n" +
      'print(tables, sections)\n';
    const result = spawnSync(PYTHON, ['-c', script, ...files], { encoding: 'utf8' });
    expect(result.stderr.trim()).toBe('');
    const [tables, sections] = result.stdout.trim().split(' ').map(Number);
    expect(tables).toBeGreaterThanOrEqual(1);
    expect(sections).toBeGreaterThanOrEqual(1); // a page with one heading is its document title, not a section
  });

  it.runIf(need('xmllint'))('DocBook 5 validates against the RELAX NG schema', async () => {
    const [xml] = await generateDocs(dir, kind, ['xml']);
    expect(xml!.name).toBe(kind === 'arch' ? 'architecture.xml' : 'api.xml');
    const file = path.join(dir, `${kind}.xml`);
    fs.writeFileSync(file, xml!.content);
    const result = spawnSync('xmllint', ['--noout', '--relaxng', DOCBOOK_RNG, file], { encoding: 'utf8' });
    expect(result.stderr).toContain('validates');
    expect(result.status).toBe(0);
  });

  it.runIf(need('unrtf'))('RTF reads back as text with its headings and table cells', async () => {
    const [rtf] = await generateDocs(dir, kind, ['rtf']);
    const file = path.join(dir, `${kind}.rtf`);
    fs.writeFileSync(file, rtf!.content);
    const text = execFileSync('unrtf', ['--text', file], { encoding: 'utf8' });
    expect(text).toContain(kind === 'arch' ? 'System context' : 'Module src');
    expect(text).toContain('/items/*');
    expect(text).toContain(kind === 'arch' ? 'PORT_A_B' : 'src/app.js');
  });
});

const pdftotext = has('pdftotext', ['-v']) && has('pdfinfo', ['-v']);
describe('PDF', () => {
  it.runIf(
    pdftotext ||
      (process.env.CI
        ? (() => {
            throw new Error('pdftotext is missing: .ci/run must install poppler-utils');
          })()
        : false),
  )('has a table of contents, page numbers and the document text (read back with pdftotext)', async () => {
    const docs = await generateDocs(dir, 'api', ['pdf'], { name: 'shop' });
    const pdf = docs.find((d) => d.name === 'api.pdf');
    // every page is a PDF part of its own too (kept between runs); the book merges them
    expect(docs.map((d) => d.name)).toEqual(expect.arrayContaining(['api-http.pdf', 'api-m-src.pdf']));
    expect(Buffer.isBuffer(pdf!.content)).toBe(true);
    const file = path.join(dir, 'api.pdf');
    fs.writeFileSync(file, pdf!.content);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Title:\s+shop — API/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThanOrEqual(2); // the contents page, then the document
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const contents = text.slice(text.indexOf('Contents'), text.indexOf('\f'));
    expect(contents).toMatch(/HTTP API\s+2/); // a TOC entry with its page number
    expect(contents).toMatch(/Module src\s+\d+/);
    expect(text).toContain('/items/*');
    expect(text).toMatch(new RegExp(`\\b1\\s*/\\s*${pages}\\b`)); // the footer's page number
    expect(text).toMatch(/list\s+Gets \*all\* \{items\}/);
  });
});
