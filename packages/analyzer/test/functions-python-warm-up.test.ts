import { describe, expect, it } from 'vitest';
import { extractWithTreeSitter } from '../src/functions/index.ts';
import { scanPython } from '../src/functions/python-scanner.ts';
import { PYTHON_WARM_UP, PYTHON_WARM_UPS } from '../src/functions/python-warm-up.ts';

/**
 * The sources the Python scanner reads before the first real file, so that V8 optimises it once
 * (docs/performance.md, "Session 27 (helper h83)"). A warm-up the scanner declined would stop at
 * its first doubt and warm nothing; a file ending in a name or an operator reads past the end,
 * which the scanner now checks instead of reading NaN.
 */
describe('Python scanner warm-up', () => {
  it('every warm-up source is read to its end, as the tree-sitter path reads it', async () => {
    for (const source of PYTHON_WARM_UPS) {
      const fast = scanPython(source);
      expect({ source: source.slice(0, 40), fast }).toEqual({
        source: source.slice(0, 40),
        fast: await extractWithTreeSitter(source, 'Python', 'warm_up.py'),
      });
    }
  });

  it('the module reaches its last functions (methods, nested functions, a match statement before them)', () => {
    expect(scanPython(PYTHON_WARM_UP)!.map((f) => f.name)).toEqual([
      'Box.__init__',
      'Box.area',
      'Box.fetch',
      'Box._private',
      'make',
      'make.inner',
      'Slotted.method',
      'Slotted.other',
      'Slotted.gen',
      'Slotted.stub',
    ]);
  });

  it('a file that ends in a name, an operator or a string without a newline reads as with one', () => {
    for (const tail of ['x', 'x = y[0]', 'x = (y)', "x = 'y'", 'x = 1'].map((t) => `def f(a):\n    """Doc."""\n    return ${t}`)) {
      const withNewline = scanPython(`${tail}\n`);
      const without = scanPython(tail);
      expect(without?.map((f) => ({ ...f, content: f.content.trimEnd() }))).toEqual(
        withNewline?.map((f) => ({ ...f, content: f.content.trimEnd() })),
      );
    }
  });
});
