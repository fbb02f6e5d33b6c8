import { describe, expect, it } from 'vitest';
import { extractFunctions, PARSEABLE_LANGUAGES } from '../src/functions/index.ts';

/** Hostile input must never throw or hang, and must leave the runtime usable afterwards. */

function seededBytes(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const languages = [...PARSEABLE_LANGUAGES];

describe('extractFunctions on hostile input', () => {
  it('random bytes and invalid UTF-8 in every language', async () => {
    for (const [i, language] of languages.entries()) {
      const bytes = seededBytes(i + 1, 8_000);
      const text = Buffer.from(bytes).toString('utf8'); // invalid sequences become U+FFFD
      const latin = Buffer.from(bytes).toString('latin1'); // raw bytes incl. NUL and lone controls
      await expect(extractFunctions(text, language, 'fuzz')).resolves.toBeInstanceOf(Array);
      await expect(extractFunctions(latin, language, 'fuzz')).resolves.toBeInstanceOf(Array);
    }
  });

  it('a 200k-character single line', async () => {
    const line = 'x = 1 + '.repeat(25_000) + '1';
    const js = 'const f = () => ' + '1 + '.repeat(50_000) + '1;';
    const started = performance.now();
    await expect(extractFunctions(line, 'Python', 'long.py')).resolves.toEqual([]);
    const found = await extractFunctions(js, 'JavaScript', 'long.js');
    expect(found.map((f) => f.name)).toEqual(['f']);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('500-deep nesting', async () => {
    const py = Array.from({ length: 500 }, (_, i) => `${'    '.repeat(i)}def f${i}():`).join('\n') + `\n${'    '.repeat(500)}pass\n`;
    const pyFunctions = await extractFunctions(py, 'Python', 'deep.py');
    expect(pyFunctions.length).toBeLessThanOrEqual(500); // whatever tree-sitter recovers, no crash
    const js = 'function f() { ' + 'if (a) { '.repeat(500) + '}'.repeat(500) + ' }';
    const [f] = await extractFunctions(js, 'JavaScript', 'deep.js');
    expect(f?.complexity).toBe(501);
    const parens = '('.repeat(5000) + ')'.repeat(5000);
    await expect(extractFunctions(parens, 'C', 'parens.c')).resolves.toBeInstanceOf(Array);
  });

  it('unsupported languages and non-string input give []', async () => {
    await expect(extractFunctions('fn main() {}', 'Brainfuck', 'x.bf')).resolves.toEqual([]);
    await expect(extractFunctions(undefined as unknown as string, 'Python', 'x.py')).resolves.toEqual([]);
    await expect(extractFunctions('', 'Python', 'empty.py')).resolves.toEqual([]);
  });

  it('still works after all of the above', async () => {
    const [f] = await extractFunctions('def ok():\n    """Fine."""\n', 'Python', 'ok.py');
    expect(f?.docstring).toBe('Fine.');
  });
});
