import { describe, expect, it } from 'vitest';
import { namesParam } from './contract.ts';

/** The pattern `unusedParams` built per parameter before (docs/performance.md, "Session 28"). */
const byPattern = (body: string, p: string): boolean =>
  new RegExp(String.raw`(?<![\p{L}\p{N}_])${p.replace(/\$/g, '\\$')}(?![\p{L}\p{N}_$])`, 'u').test(body);

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Letters, digits, `_`, `$`, a non-ASCII letter, an astral letter (a surrogate pair), an astral
// digit, lone surrogates, separators.
const PIECES = ['a', 'b', 'x', '_', '$', '1', 'é', '\u{1D465}', '\u{1D7D8}', '\uD835', '\uDC65', ' ', '.', '(', ')', ',', '\n'];

describe('namesParam', () => {
  it('answers as the per-parameter pattern did, on random bodies and names', () => {
    const next = random(28);
    const pick = (): string => PIECES[Math.floor(next() * PIECES.length)]!;
    // Names have no parentheses: those would not make a valid pattern.
    const NAME_PIECES = PIECES.filter((piece) => piece !== '(' && piece !== ')');
    const pickName = (): string => NAME_PIECES[Math.floor(next() * NAME_PIECES.length)]!;
    for (let n = 0; n < 3_000; n++) {
      const body = Array.from({ length: Math.floor(next() * 24) }, pick).join('');
      const name = Array.from({ length: 1 + Math.floor(next() * 3) }, pickName).join('');
      expect(namesParam(body, name), JSON.stringify([body, name])).toBe(byPattern(body, name));
    }
  });

  it('reads a name next to an astral letter or digit as part of a longer word', () => {
    expect(namesParam('\u{1D465}x = 1', 'x')).toBe(false);
    expect(namesParam('x\u{1D7D8} = 1', 'x')).toBe(false);
    expect(namesParam('return x$', 'x')).toBe(false);
    expect(namesParam('$x + 1', 'x')).toBe(true);
    expect(namesParam('self.x + x', 'x')).toBe(true);
    expect(namesParam('xs = [ax, x_]', 'x')).toBe(false);
  });
});
