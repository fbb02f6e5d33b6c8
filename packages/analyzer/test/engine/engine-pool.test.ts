import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { ParsePool } from '../../src/engine/worker-pool.ts';
import { gitBlobId } from '../../src/engine/blob-id.ts';
import type { ParseOutcome } from '../../src/engine/types.ts';
import { FIXTURES, tempDir, write } from './helpers.ts';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const root = tempDir('pool');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('parses batches in worker threads (works under vitest and tsx) and reports every file', async () => {
  const files: Record<string, [string, string]> = {
    'a.py': ['Python', 'def alpha(x):\n    """Doc."""\n    return x\n'],
    'b.ts': ['TypeScript', 'export function beta(): number {\n  return 1;\n}\n'],
    'c.go': ['Go', 'package c\n\n// Gamma does things.\nfunc Gamma() int { return 1 }\n'],
  };
  for (const [rel, [, text]] of Object.entries(files)) write(root, rel, text);
  const outcomes: ParseOutcome[] = [];
  const pool = new ParsePool(root, 2, (o) => outcomes.push(o));
  try {
    for (const [rel, [language, text]] of Object.entries(files))
      pool.push({ rel, language, blobId: gitBlobId(Buffer.from(text)) }, text.length);
    pool.push({ rel: 'missing.py', language: 'Python', blobId: 'x' }, 10);
    await pool.close();
  } finally {
    await pool.terminate();
  }
  const byFile = new Map(outcomes.map((o) => [o.rel, o]));
  expect(byFile.size).toBe(4);
  expect(byFile.get('a.py')).toMatchObject({
    blobId: gitBlobId(Buffer.from(files['a.py']![1])),
    functions: [expect.objectContaining({ name: 'alpha', docstring: 'Doc.' })],
  });
  expect(byFile.get('b.ts')!.functions.map((f) => f.name)).toEqual(['beta']);
  expect(byFile.get('c.go')!.functions.map((f) => f.name)).toEqual(['Gamma']);
  expect(byFile.get('missing.py')).toMatchObject({ functions: [], error: expect.any(String) });
});

it('retries a crashed batch file by file and reports only the poisonous file as failed', async () => {
  const outcomes: ParseOutcome[] = [];
  const entry = pathToFileURL(path.join(FIXTURES, 'crashing-worker.mjs'));
  const pool = new ParsePool(root, 1, (o) => outcomes.push(o), undefined, entry);
  try {
    for (const rel of ['a.py', 'b.py', 'crash.py', 'c.py']) pool.push({ rel, language: 'Python', blobId: rel }, 10);
    await pool.close();
  } finally {
    await pool.terminate();
  }
  const byFile = new Map(outcomes.map((o) => [o.rel, o]));
  expect([...byFile.keys()].sort()).toEqual(['a.py', 'b.py', 'c.py', 'crash.py']);
  expect(outcomes).toHaveLength(4); // each file answered once
  for (const rel of ['a.py', 'b.py', 'c.py']) expect(byFile.get(rel)).toMatchObject({ blobId: rel, functions: [] });
  expect(byFile.get('crash.py')).toMatchObject({ blobId: null, error: expect.stringContaining('parser crashed') });
});

it('fails the analysis when workers cannot start at all', async () => {
  const pool = new ParsePool(root, 2, () => undefined, undefined, pathToFileURL(path.join(FIXTURES, 'failing-worker.mjs')));
  try {
    pool.push({ rel: 'a.py', language: 'Python', blobId: 'x' }, 10);
    await expect(pool.close()).rejects.toThrow(/parse worker failed to start: .*cannot load grammars/);
  } finally {
    await pool.terminate();
  }
});

it("parses old versions' texts on its warm workers after close(), answering the caller rather than onOutcome", async () => {
  const outcomes: ParseOutcome[] = [];
  const pool = new ParsePool(root, 1, (o) => outcomes.push(o));
  try {
    write(root, 'now.go', 'package c\n\nfunc Now() int { return 1 }\n');
    pool.push({ rel: 'now.go', language: 'Go', blobId: 'x' }, 30);
    await pool.close();
    // Two versions of the same path at once: the answers must not be swapped.
    const [older, old] = await Promise.all([
      pool.parseText({ rel: 'now.go', language: 'Go', blobId: '' }, 'package c\n\n// Then was.\nfunc Then(a int) int { return a }\n'),
      pool.parseText({ rel: 'now.go', language: 'Go', blobId: '' }, 'package c\n\nfunc Before() {}\n\nfunc Again() {}\n'),
    ]);
    expect(older.functions.map((f) => f.name)).toEqual(['Then']);
    expect(old.functions.map((f) => f.name)).toEqual(['Before', 'Again']);
  } finally {
    await pool.terminate();
  }
  expect(outcomes.map((o) => o.rel)).toEqual(['now.go']); // the texts' answers did not go to onOutcome
});

it('rejects waiting old-version parses when the pool fails, so the caller can parse them itself', async () => {
  const pool = new ParsePool(root, 1, () => undefined, undefined, pathToFileURL(path.join(FIXTURES, 'failing-worker.mjs')));
  try {
    await expect(pool.parseText({ rel: 'a.py', language: 'Python', blobId: '' }, 'def a():\n    pass\n')).rejects.toThrow(
      /failed to start/,
    );
  } finally {
    await pool.terminate();
  }
});
