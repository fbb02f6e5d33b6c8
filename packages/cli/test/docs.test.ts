import fs from 'node:fs';
import path from 'node:path';
import { DOC_FORMATS } from '@docent/docgen';
import { afterAll, describe, expect, it } from 'vitest';
import { docent, repo, SHOP, tempDir } from './support/run.ts';

const dir = repo(SHOP);
const outRoot = tempDir('docs-out');
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outRoot, { recursive: true, force: true });
});

describe('docent docs', () => {
  it('writes the requested formats into --out and refuses bad arguments with exit code 2', () => {
    const out = path.join(outRoot, 'out'); // outside the checkout: the output is no source
    const ok = docent(['docs', dir, '--type', 'arch', '--format', 'md,html', '--out', out]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(expect.arrayContaining(['architecture.html', 'architecture.md', 'architecture-http.md', 'architecture-http.html']));
    expect(ok.stdout.split('\n')).toContain(path.join(out, 'architecture.md'));
    const noType = docent(['docs', dir]);
    expect([noType.status, noType.stderr]).toEqual([2, expect.stringContaining('docent: Missing --type arch|api.')]);
    const wiki = docent(['docs', dir, '--type', 'wiki']);
    expect([wiki.status, wiki.stderr]).toEqual([2, expect.stringContaining('--type must be arch or api, not "wiki"')]);
    const docx = docent(['docs', dir, '--type', 'api', '--format', 'docx']);
    expect([docx.status, docx.stderr]).toEqual([2, expect.stringContaining(`Unknown format "docx"; available: ${DOC_FORMATS.join(', ')}.`)]);
    const missing = docent(['docs', path.join(dir, 'missing'), '--type', 'api']);
    expect([missing.status, missing.stderr]).toEqual([2, expect.stringContaining('missing: not a directory')]);
  });

  it('prints the index page on stdout without --out', () => {
    const run = docent(['docs', dir, '--type=api']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^# .* — API/m);
    expect(run.stdout).toContain('/api/users/:id');
  });

  it('--help names every format docgen writes', () => {
    const help = docent(['docs', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(`--format <list>`);
    expect(help.stdout).toContain(`${DOC_FORMATS.join(', ')} (default md)`);
  });
});
