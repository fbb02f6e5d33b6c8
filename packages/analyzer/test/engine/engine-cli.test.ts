import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisResult } from '@docent/contracts';
import { FIXTURES, commitAll, initRepo, tempDir } from './helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/docent.js');
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
    for (const title of ['Documented functions', 'Programming languages', 'Documentation issues', 'README']) expect(full.stdout).toContain(`\n${title}\n`);
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

  it('prints usage with --help', () => {
    const help = docent('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: docent analyze <path>');
  });
});
