import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisResult } from '@docent/contracts';
import { FIXTURES, commitAll, initRepo, tempDir } from '../../analyzer/test/engine/helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/docent.js');
const root = tempDir('cli');
const cacheDir = tempDir('cli-cache');

function docent(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DOCENT_CACHE_DIR: cacheDir },
    maxBuffer: 1 << 26,
    timeout: 60_000,
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

beforeAll(() => {
  fs.cpSync(path.join(FIXTURES, 'basic'), root, { recursive: true });
  initRepo(root);
  commitAll(root, 'init', '2025-11-20T10:00:00Z');
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('docent CLI (spawned)', () => {
  it('prints the full result as JSON with --json', () => {
    const { status, stdout, stderr } = docent('analyze', root, '--json');
    expect(stderr).toBe(''); // no progress when stderr is not a terminal
    expect(status).toBe(0);
    const result = AnalysisResult.parse(JSON.parse(stdout));
    expect(result.report.basicFuncDocAnalysis).toEqual({ totalFunctions: 10, totalDocumented: 4 });
    expect(result.functions.some((f) => f.name === 'greet' && f.fileName === 'src/util.ts')).toBe(true);
    expect(result.report.readmeAnalysis?.fileName).toBe('README.md');
    expect(result.docMetrics?.totalFunctions).toBe(10);
  });

  it('prints one table per card, restricted by --only', () => {
    const full = docent('analyze', root);
    expect(full.status).toBe(0);
    for (const title of ['Documented functions', 'Programming languages', 'Documentation issues', 'README'])
      expect(full.stdout).toContain(`\n${title}\n`);
    expect(full.stdout).toMatch(/Functions\s+10\n/);
    expect(full.stdout).toMatch(/Documented\s+4 \(40\.0%\)/);

    const languages = docent('analyze', root, '--only', 'languages');
    expect(languages.status).toBe(0);
    expect(languages.stdout).toContain('Programming languages');
    expect(languages.stdout).toMatch(/Python\s+\d+\.\d\d%/);
    expect(languages.stdout).not.toContain('Documented functions');
    expect(languages.stdout).not.toContain('README');
  });

  it('exits 2 with a clear message for a missing path, a file, or bad options', () => {
    const missing = docent('analyze', path.join(root, 'nope'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file or directory');
    const file = docent('analyze', path.join(root, 'README.md'));
    expect(file.status).toBe(2);
    expect(file.stderr).toContain('not a directory');
    const badOnly = docent('analyze', root, '--only', 'everything');
    expect(badOnly.status).toBe(2);
    expect(badOnly.stderr).toContain('--only must be one of languages, basicDoc, advancedDoc, readme');
    const noPath = docent('analyze');
    expect(noPath.status).toBe(2);
    expect(noPath.stderr).toContain('Missing <path>');
  });

  // The basic fixture has 4 of 10 functions documented: a share of exactly 40%.
  it('--fail-under: exit 0 at or below the share, 1 above it, with the share and the threshold printed', () => {
    const at = docent('analyze', root, '--only', 'basicDoc', '--fail-under', '40');
    expect(at.status).toBe(0);
    expect(at.stderr).toContain('passed: documented share 40.0% (4 of 10 functions), threshold 40%');
    const under = docent('analyze', root, '--only', 'basicDoc', '--fail-under=30');
    expect(under.status).toBe(0);
    const over = docent('analyze', root, '--only', 'basicDoc', '--fail-under', '40.5');
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('FAILED: documented share 40.0% (4 of 10 functions), threshold 40.5%');
    expect(over.stdout).toMatch(/Documented\s+4 \(40\.0%\)/); // the summary is still printed
    // --json stays parseable: the verdict goes to stderr
    const json = docent('analyze', root, '--json', '--only', 'basicDoc', '--fail-under', '50');
    expect(json.status).toBe(1);
    expect(AnalysisResult.parse(JSON.parse(json.stdout)).report.basicFuncDocAnalysis?.totalDocumented).toBe(4);
  });

  it('--fail-under: a bad value or a card without functions is a usage error (exit 2)', () => {
    for (const bad of ['abc', '101', '-1', '']) {
      const r = docent('analyze', root, '--fail-under', bad);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`--fail-under must be a percentage from 0 to 100 (got "${bad}")`);
    }
    const missing = docent('analyze', root, '--fail-under');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--fail-under needs a value');
    const readmeOnly = docent('analyze', root, '--only', 'readme', '--fail-under', '10');
    expect(readmeOnly.status).toBe(2);
    expect(readmeOnly.stderr).toContain('--only readme does not analyse it');
  });

  it('badge: writes a "docs | 40%" SVG in the orange band, to stdout or --out', () => {
    const out = docent('badge', root);
    expect(out.status).toBe(0);
    expect(out.stdout.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(out.stdout).toContain('aria-label="docs: 40%"');
    expect(out.stdout).toContain('fill="#fe7d37"');
    const file = path.join(cacheDir, 'badge.svg');
    const written = docent('badge', root, '--out', file);
    expect(written.status).toBe(0);
    expect(written.stdout).toBe('');
    expect(fs.readFileSync(file, 'utf8')).toBe(out.stdout);
    const badDir = docent('badge', root, '--out', path.join(cacheDir, 'no', 'such', 'dir.svg'));
    expect(badDir.status).toBe(2);
    expect(badDir.stderr).toContain('cannot write');
    expect(docent('badge', root, '--fail-under', '10').status).toBe(2);
    expect(docent('analyze', root, '--out', file).status).toBe(2);
  });

  it('prints usage with --help', () => {
    const help = docent('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: docent analyze <path>');
  });
});
