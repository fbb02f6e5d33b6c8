import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from '../build/bundle.mjs';
import { docent, repo, SHOP, tempDir, type Run } from './support/run.ts';

// Every command runs from the prebuilt bundle, with no TypeScript and no tsx anywhere: each run
// is preloaded with support/no-tsx.mjs, whose module hook fails the process (main thread and
// worker threads) the moment tsx or a .ts file is loaded, and lists every module it loads.

const NO_TSX = path.resolve(import.meta.dirname, 'support/no-tsx.mjs');
const work = tempDir('runtime');
let bundleUrl: string;
let dir: string;

beforeAll(async () => {
  bundleUrl = pathToFileURL(await buildBundle()).href;
  // Enough JavaScript for the analyzer to start its parse worker threads (over 32 files).
  const files: Record<string, string> = { ...SHOP };
  for (let i = 0; i < 40; i++) files[`web/m${i}.js`] = `/** Adds. */\nexport function add${i}(a, b) {\n  return a + b;\n}\n`;
  dir = repo(files);
}, 180_000);
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

function bundled(name: string, args: string[]): Run & { modules: string[] } {
  const log = path.join(work, `${name}.modules`);
  const run = docent(args, {
    nodeArgs: ['--import', pathToFileURL(NO_TSX).href],
    env: { DOCENT_TEST_MODULE_LOG: log, DOCENT_CACHE_DIR: path.join(work, 'cache') },
  });
  const modules = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { ...run, modules };
}

function expectBundleOnly(modules: readonly string[]): void {
  expect(modules).toContain(`${bundleUrl}/cli.mjs`);
  const files = modules.filter((m) => m.startsWith('file:'));
  expect(files.filter((m) => /\.[cm]?tsx?$/.test(m) || m.includes('/node_modules/tsx/'))).toEqual([]);
  // Our own code comes from the bundle only; the workspace sources are not loaded (one plain-JS helper of the builder aside).
  const ours = files.filter((m) => /\/packages\/(analyzer|docgen|contracts|cli)\//.test(m) && !m.startsWith(`${bundleUrl}/`));
  expect(ours.map((m) => m.replace(/^.*\/packages\//, ''))).toEqual([
    'cli/bin/docent.js',
    'cli/build/bundle.mjs',
    'cli/bin/v8-batch.mjs',
    'analyzer/src/engine/source-version.mjs',
  ]);
}

describe('docent runs from the bundle, with no tsx loaded', () => {
  it('analyze, its parse workers included', () => {
    const run = bundled('analyze', ['analyze', dir, '--json', '--workers=2']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).report.basicFuncDocAnalysis.totalFunctions).toBeGreaterThan(40);
    expectBundleOnly(run.modules);
    expect(run.modules).toContain(`${bundleUrl}/parse-worker-bootstrap.mjs`);
    expect(run.modules).toContain(`${bundleUrl}/readme-worker-bootstrap.mjs`);
  });

  it('badge', () => {
    const run = bundled('badge', ['badge', dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^<svg xmlns/);
    expectBundleOnly(run.modules);
  });

  it('docs', () => {
    const run = bundled('docs', ['docs', dir, '--type', 'arch', '--format', 'md,html,pdf', '--out', path.join(work, 'docs')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(fs.readFileSync(path.join(work, 'docs/architecture.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expectBundleOnly(run.modules);
  });

  it('docstrings', () => {
    const run = bundled('docstrings', ['docstrings', dir, '--diff', '--files', 'src/m.py']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('+++ b/src/m.py');
    expectBundleOnly(run.modules);
  });

  it('login', () => {
    const run = bundled('login', ['login', '--server', 'http://127.0.0.1:9', '--no-browser', '--timeout', '1']);
    expect(run.stderr).toContain('no sign-in within 1 s');
    expect(run.status).toBe(1);
    expectBundleOnly(run.modules);
  });
});
