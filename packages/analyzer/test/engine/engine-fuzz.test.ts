import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisResult } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { tempDir, write } from './helpers.ts';

/** mulberry32: a small seeded PRNG so every run feeds the same "random" input. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const root = tempDir('fuzz');
const cacheDir = tempDir('fuzz-cache');
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const EXTENSIONS = ['py', 'js', 'ts', 'tsx', 'go', 'rs', 'c', 'h', 'cpp', 'cs', 'java', 'rb', 'php', 'kt', 'swift'];
const TOKENS = [
  'def ',
  'function ',
  'fn ',
  'func ',
  'class ',
  '{',
  '}',
  '(',
  ')',
  ':',
  ';',
  '\n',
  '    ',
  '"""',
  '/**',
  '*/',
  '//',
  '#',
  'if ',
  'else',
  'return ',
  'x',
  '=>',
  ',',
  "'",
  '"',
  '`',
  '\\',
  '\t',
];

beforeAll(() => {
  const random = prng(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let i = 0; i < 60; i++) {
    const ext = pick(EXTENSIONS);
    const kind = i % 3;
    if (kind === 0) {
      // Raw random bytes (mostly binary).
      write(
        root,
        `random/bytes${i}.${ext}`,
        Uint8Array.from({ length: 1 + Math.floor(random() * 20_000) }, () => Math.floor(random() * 256)),
      );
    } else if (kind === 1) {
      // Code-shaped token soup: unbalanced brackets, stray quotes and doc openers. Kept short:
      // tree-sitter's error recovery on such soup is superlinear (8 KB of it costs seconds in C#).
      write(root, `soup/soup${i}.${ext}`, Array.from({ length: 400 }, () => pick(TOKENS)).join(''));
    } else {
      // Valid-looking code with invalid UTF-8 sprinkled in.
      const text = Buffer.from(`def f${i}(a):\n    """Doc \xff."""\n    return a\n\nfunction g${i}() { return 1; }\n`, 'latin1');
      write(
        root,
        `utf8/bad${i}.py`,
        Buffer.concat([text, Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x82, 0xf0, 0x28, 0x8c, 0xbc]), text]),
      );
    }
  }
  write(root, 'huge/one_line.js', `var a = [${'1,'.repeat(200_000)}1];\n`);
  write(root, 'huge/long_name.py', `def ${'x'.repeat(100_000)}():\n    return 1\n`);
  write(root, 'huge/over_limit.py', 'def big():\n    return 1\n'.repeat(50_000)); // 1.3 MB: bytes only
  write(root, 'binary/nul.ts', Buffer.from('export function f() {}\0\0\0 binary tail'));
  write(root, 'nesting/parens.py', `x = ${'('.repeat(3000)}1${')'.repeat(3000)}\n\ndef after():\n    return 1\n`);
  write(root, 'nesting/ifs.c', `int f(int x) {\n${'if (x) {\n'.repeat(500)}return 1;\n${'}\n'.repeat(500)}return 0;\n}\n`);
  write(root, 'nesting/closures.js', `function outer() {\n${'(function () {\n'.repeat(400)}return 1;\n${'})();\n'.repeat(400)}}\n`);
  let deep = 'deep';
  for (let i = 0; i < 80; i++) deep += `/d${i}`;
  write(root, `${deep}/bottom.py`, 'def bottom():\n    return 1\n');
  write(root, 'empty.py', '');
  write(root, 'naïve name with spaces.py', 'def spaced():\n    """Doc."""\n    return 1\n');
  fs.symlinkSync('.', path.join(root, 'loop'));
  fs.symlinkSync('b.py', path.join(root, 'a.py'));
  fs.symlinkSync('a.py', path.join(root, 'b.py'));
  fs.symlinkSync('/etc', path.join(root, 'etc_link'));
  execFileSync('mkfifo', [path.join(root, 'pipe.py')]);
});

describe('fuzz: hostile repository contents', () => {
  it('finishes without a crash or a hang and skips what it cannot use', async () => {
    const started = performance.now();
    const result = await analyzeRepository(root, { cacheDir });
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(AnalysisResult.safeParse(result).success).toBe(true);
    const names = new Set(result.functions.map((f) => f.name));
    // Real functions in readable files are still found.
    expect(names.has('spaced')).toBe(true);
    expect(names.has('after')).toBe(true);
    expect(names.has('f2')).toBe(true);
    // Over 1 MB: counted for bytes, never parsed.
    expect(names.has('big')).toBe(false);
    expect(result.report.programmingLanguages?.Python).toBeGreaterThan(0);
    // Symlinks, the FIFO, binary files and the 80-deep file (walk limit 64) are skipped.
    expect(names.has('bottom')).toBe(false);
    expect(result.functions.some((f) => f.fileName.startsWith('loop/') || f.fileName.startsWith('etc_link/'))).toBe(false);
    expect(result.functions.some((f) => f.fileName === 'binary/nul.ts')).toBe(false);
    for (const fn of result.functions) expect(fn.endLine).toBeGreaterThanOrEqual(fn.startLine);

    // A second run is served from the cache and gives the same answer.
    const again = await analyzeRepository(root, { cacheDir });
    expect(again.stats.parsedFiles).toBe(0);
    expect(again.functions).toEqual(result.functions);
  });
});
