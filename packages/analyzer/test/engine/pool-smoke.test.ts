import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { analyzeRepository } from '../../src/engine/analyze.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('parses in worker threads under vitest', async () => {
  writeFileSync(path.join(dir, 'a.py'), 'def f(x):\n    """Doc."""\n    return x\n');
  const result = await analyzeRepository(dir, { only: 'basicDoc', cacheDir: path.join(dir, '.cache-out') });
  expect(result.stats.parsedFiles).toBe(1);
  expect(result.functions.map((f) => f.name)).toEqual(['f']);
});
