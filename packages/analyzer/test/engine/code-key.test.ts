import { describe, expect, it } from 'vitest';
import { bodyKey, codeKey } from '../../src/engine/code-key.ts';

/** code-key.ts: what counts as a change of a function's code (docs/metrics/outdated.md §Which commit). */
const PY = `def f(a, b=1):\n    """Doc."""\n    total = helper(a, 'x')\n    for i, j in pairs(total):\n        total += i\n    return f"{total}"\n`;
const py = (text: string): string => codeKey(text, 'f', 'Python');

describe('code key', () => {
  it('sets aside docstrings, comments, blank lines, layout, annotations and local names (Python)', () => {
    const cosmetic = `def f(a: int, b: int = 1) -> str:\n    """Another doc."""\n    # a comment\n\n    result: int = helper(\n        a,\n        "x",\n    )  # type: ignore\n    for k, j in pairs(result):\n        result += k\n    return f"{result}"\n`;
    expect(py(cosmetic)).toBe(py(PY));
  });
  it('sees a change of code, of a parameter, of an attribute or of a keyword argument', () => {
    expect(py(PY.replace('total += i', 'total += j'))).not.toBe(py(PY));
    expect(py(PY.replace('(a, b=1)', '(a, c=1)'))).not.toBe(py(PY));
    expect(py(PY.replace("helper(a, 'x')", "helper(a, 'y')"))).not.toBe(py(PY));
    const attr = `def f(self):\n    self.total = 1\n    return g(size=self.total)\n`;
    expect(py(attr.replace(/total/g, 'count'))).not.toBe(py(attr));
    expect(py(attr.replace('size=', 'width='))).not.toBe(py(attr));
  });
  it('a block header is no annotation; a dict literal entry is not either', () => {
    const block = `def f(a):\n    if a:\n        x = {\n            k: 1,\n        }\n    else:\n        x = 2\n    return x\n`;
    expect(py(block.replace('k: 1', 'k: 2'))).not.toBe(py(block));
    expect(py(block.replace('else:', 'elif a is None:'))).not.toBe(py(block));
  });
  it('TypeScript: parameter and return annotations and local names', () => {
    const a = 'function g(a: number, b?: string): Promise<X> {\n  const x = a + 1;\n  return f(x, `${x}`);\n}';
    const b = 'function g(a, b) {\n  const y = a + 1\n  return f(y, `${y}`)\n}';
    expect(codeKey(a, 'g', 'TypeScript')).toBe(codeKey(b, 'g', 'TypeScript'));
    expect(codeKey(b.replace('a + 1', 'a + 2'), 'g', 'TypeScript')).not.toBe(codeKey(b, 'g', 'TypeScript'));
  });
  it('the body key leaves the declaration out', () => {
    expect(bodyKey(py(PY.replace('(a, b=1)', '(a, b=2)')))).toBe(bodyKey(py(PY)));
  });
});
