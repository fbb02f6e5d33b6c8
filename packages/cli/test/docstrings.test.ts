import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docent, repo } from './support/run.ts';

const undocumented = (n: number): string => Array.from({ length: n }, (_, i) => `def f${i}(a):\n    return a\n`).join('\n');

describe('docent docstrings', () => {
  it('prints a diff, writes with --write, and a second run finds nothing', () => {
    const dir = repo({ 'src/m.py': undocumented(2), 'src/n.js': 'function add(a, b) {\n  return a + b;\n}\n' });
    const diff = docent(['docstrings', dir, '--style', 'numpy', '--diff', '--files', 'src/m.py']);
    expect(diff.status).toBe(0);
    expect(diff.stdout).toContain('+++ b/src/m.py');
    expect(diff.stdout).toContain('+    Parameters');
    expect(diff.stdout).not.toContain('src/n.js');
    const write = docent(['docstrings', dir, '--write']);
    expect(write.stdout).toContain('3 documented, 0 updated');
    expect(fs.readFileSync(path.join(dir, 'src/n.js'), 'utf8')).toContain(' * @param a - The a.');
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
});
