import { describe, expect, it } from 'vitest';
import { codeOnly } from './code-tokens.ts';
import { definitionBodies } from './contract.ts';

/** The Python branch as it was before Session 27 (h85): one regex per name, the rest of the file split. */
function oneRegexPerName(text: string, name: string): string[] | null {
  if (!/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name)) return null;
  const code = codeOnly(text, 'Python');
  const bodies: string[] = [];
  for (const m of code.matchAll(new RegExp(String.raw`^([ \t]*)(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(`, 'gmu'))) {
    const indent = m[1]!.length;
    const lines = code.slice(m.index).split('\n');
    let end = 1;
    while (end < lines.length && (lines[end]!.trim() === '' || lines[end]!.length - lines[end]!.trimStart().length > indent)) end++;
    bodies.push(lines.slice(0, end).join('\n'));
  }
  return bodies.length === 0 ? null : bodies;
}

describe('definitionBodies in Python (Session 27, h85: the defs indexed once per text)', () => {
  it('gives the bodies one regex per name gave, on made-up files', () => {
    const pieces = [
      'def f(x):',
      '    return x',
      '    raise ValueError("no")',
      '',
      '   ',
      'class A:',
      '    def f(self, y):',
      '        if y: raise KeyError(y)',
      'async def g():',
      '\tdef h (z):',
      '\t\tpass',
      'def f$(q):',
      'def fo(q):',
      'def été(q):',
      'x = 1',
      '# def f(x): a comment',
      'def  f\t(a,',
      '      b):',
      '  async  def g(',
    ];
    let seed = 5;
    const pick = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    let found = 0;
    for (let k = 0; k < 200; k++) {
      const lines = Array.from({ length: 1 + pick(14) }, () => pieces[pick(pieces.length)]!);
      const text = lines.join(pick(2) ? '\n' : '\r\n') + (pick(2) ? '\n' : '');
      for (const name of ['f', 'fo', 'g', 'h', 'été', 'f$', '$f', 'A', 'x']) {
        const expected = oneRegexPerName(text, name);
        expect(definitionBodies(text, name, 'Python')).toEqual(expected);
        if (expected) found++;
      }
    }
    expect(found).toBeGreaterThan(200);
  });
});
