import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docent, repo } from './support/run.ts';

const LOAD =
  'def load(path):\n    """Load a file.\n\n    Args:\n        path: Where the file lives, relative to the root.\n    """\n    return open(path).read()\n';
/** A documented function and `n` thin wrappers of it: each wrapper's doc is grounded. */
const wrappers = (n: number): string =>
  [LOAD, ...Array.from({ length: n }, (_, i) => `def f${i}(path):\n    return load(path)\n`)].join('\n\n');
const JS =
  '/**\n * Loads.\n * @param path - where it lives, relative to the root\n */\nfunction load(path) {\n  return path;\n}\n\nfunction add(path) {\n  return load(path);\n}\n';

describe('docent docstrings', () => {
  it('prints a diff, writes with --write, and a second run finds nothing', () => {
    const dir = repo({ 'src/m.py': wrappers(2), 'src/n.js': JS });
    const diff = docent(['docstrings', dir, '--style', 'numpy', '--diff', '--files', 'src/m.py']);
    expect(diff.status).toBe(0);
    expect(diff.stdout).toContain('+++ b/src/m.py');
    // the file writes Google sections: its own style wins over --style numpy
    expect(diff.stdout).toContain(
      '+    """Same as `load()`.\n+\n+    Args:\n+        path: Where the file lives, relative to the root.\n+    """\n',
    );
    expect(diff.stdout).not.toContain('src/n.js');
    const write = docent(['docstrings', dir, '--write']);
    expect(write.stdout).toContain('3 documented, 0 updated');
    expect(fs.readFileSync(path.join(dir, 'src/n.js'), 'utf8')).toContain(
      '/**\n * Same as `load()`.\n *\n * @param path - where it lives, relative to the root\n */\nfunction add(path)',
    );
    const again = docent(['docstrings', dir]);
    expect(again.stdout).toContain('0 documented, 0 updated');
    const bad = docent(['docstrings', dir, '--max-line-length', '20']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('from 40 to 120');
    const both = docent(['docstrings', dir, '--write', '--diff']);
    expect([both.status, both.stderr]).toEqual([2, expect.stringContaining('--write and --diff exclude each other.')]);
    const style = docent(['docstrings', dir, '--style', 'fancy']);
    expect([style.status, style.stderr]).toEqual([2, expect.stringContaining('Unknown style "fancy".')]);
  });

  it('writes nothing for a function nothing grounds, and lists it as needing a summary; --explain names the sources', () => {
    const dir = repo({
      'src/m.py': `${wrappers(1)}\n\ndef reset_cache(size):\n    return size * 2\n`,
      'tests/test_m.py': 'def test_x(path):\n    return load(path)\n',
    });
    const run = docent(['docstrings', dir, '--write', '--explain']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('1 documented, 0 updated');
    expect(run.stdout).toMatch(/1 function\(s\) need a summary[^\n]*\n {2}src\/m\.py:\d+ reset_cache/);
    expect(run.stdout).toContain('left alone: tests/test_m.py (a test file)');
    expect(run.stdout).toMatch(/source: src\/m\.py:\d+ f0: /);
    const text = fs.readFileSync(path.join(dir, 'src/m.py'), 'utf8');
    expect(text).toContain('def reset_cache(size):\n    return size * 2\n');
    expect(fs.readFileSync(path.join(dir, 'tests/test_m.py'), 'utf8')).toBe('def test_x(path):\n    return load(path)\n');
  });
});
