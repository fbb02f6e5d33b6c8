import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyzeRepository } from '@docent/analyzer';
import { hashAnalyzerSources } from '@docent/analyzer/source-version';
import { buildBundle, freshBundleDir } from '../build/bundle.mjs';
import { commitAll, initRepo, tempDir, write } from '../../analyzer/test/engine/helpers.ts';

// The CLI runs the esbuild bundle (build/bundle.mjs), not the sources the other tests import:
// both must give the same analysis, including files parsed by tree-sitter in worker threads.
const BIN = path.resolve(import.meta.dirname, '../bin/docent.js');
const root = tempDir('bundle');
const cliCache = tempDir('bundle-cli-cache');
const libCache = tempDir('bundle-lib-cache');

beforeAll(async () => {
  // More than 32 files / 1 MiB for tree-sitter: the bundle's worker threads start.
  for (let i = 0; i < 40; i++) {
    write(
      root,
      `web/module${i}.js`,
      `/**\n * Adds.\n * @param {number} a first\n * @param {number} b second\n * @returns {number} the sum\n */\nexport function add${i}(a, b) {\n  return a + b;\n}\n\nexport function bare${i}(x) {\n  if (x) return 1;\n  return 2;\n}\n`,
    );
    write(
      root,
      `svc/handler${i}.go`,
      `package svc\n\n// Handle${i} handles.\nfunc Handle${i}(n int) int {\n\tif n > 1 {\n\t\treturn n\n\t}\n\treturn 0\n}\n`,
    );
  }
  write(
    root,
    'pkg/core.py',
    'def documented(a):\n    """Does it.\n\n    Args:\n        a: the thing\n        b: gone\n    """\n    return a\n\n\ndef undocumented():\n    pass\n',
  );
  write(root, 'README.md', '# Bundle\n\nA small project used to compare the bundle with the sources.\n');
  initRepo(root);
  commitAll(root, 'init', '2025-11-20T10:00:00Z');
  await buildBundle();
}, 120_000);
afterAll(() => {
  for (const dir of [root, cliCache, libCache]) fs.rmSync(dir, { recursive: true, force: true });
});

it('gives the same result as the TypeScript sources, workers included', async () => {
  const child = spawnSync(process.execPath, [BIN, 'analyze', root, '--json'], {
    encoding: 'utf8',
    env: { ...process.env, DOCENT_CACHE_DIR: cliCache, DOCENT_CACHE_VERSION: '' },
    maxBuffer: 1 << 26,
    timeout: 60_000,
  });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
  const fromBundle = JSON.parse(child.stdout);
  const fromSources = JSON.parse(JSON.stringify(await analyzeRepository(root, { cacheDir: libCache })));
  expect(fromBundle.stats.parsedFiles).toBe(81);
  expect(fromBundle.stats.skippedFiles).toBe(0);
  for (const result of [fromBundle, fromSources]) delete result.stats.durationMs;
  expect(fromBundle).toEqual(fromSources);
  // `// HandleN handles.` only restates the name: 40 trivial docs, not counted as documented.
  expect(fromBundle.report.basicFuncDocAnalysis).toEqual({ totalFunctions: 122, totalDocumented: 41, trivialDocs: 40 });
});

it('keys its cache with the same source version as the sources, so edits never serve stale results', () => {
  const version = hashAnalyzerSources(path.resolve(import.meta.dirname, '../../analyzer/src'));
  expect(fs.readdirSync(cliCache)).toEqual([expect.stringMatching(new RegExp(`^v\\d+-${version}$`))]);
  expect(fs.readdirSync(libCache)).toEqual([expect.stringMatching(new RegExp(`^v\\d+-${version}$`))]);
});

it('is found again without rebuilding while the sources are unchanged', async () => {
  const dir = freshBundleDir();
  expect(dir).not.toBeNull();
  expect(await buildBundle()).toBe(dir);
  expect(fs.existsSync(path.join(dir!, 'parse-worker-bootstrap.mjs'))).toBe(true);
});
