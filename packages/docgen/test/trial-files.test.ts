import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';

const LOAD =
  'def load(path):\n    """Load a file.\n\n    Args:\n        path: Where the file lives, relative to the root.\n    """\n    return open(path).read()\n';
/** A documented function and `n` undocumented thin wrappers of it (each wrapper's doc is grounded). */
const wrappers = (n: number): string =>
  [LOAD, ...Array.from({ length: n }, (_, i) => `def f${i}(path):\n    return load(path)\n`)].join('\n\n');

/**
 * The free trial's files (`fileLimit`, docs/docgen.md) are the files the dashboard counts: the
 * most undocumented source files, never tests, fixtures or examples, however undocumented those are.
 */
describe('the trial picks the most undocumented source files', () => {
  it('passes over test files with more undocumented functions', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-trial-'));
    const files = {
      'tests/test_io.py': wrappers(6),
      'pkg/io_test.py': wrappers(5),
      'pkg/a.py': wrappers(1),
      'pkg/b.py': wrappers(3),
      'pkg/c.py': wrappers(2),
    };
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '.'], { cwd: dir });
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init'], { cwd: dir });
    const trial = await generateRepository(dir, { fileLimit: 2 });
    expect(trial.changes.map((c) => c.path)).toEqual(['pkg/b.py', 'pkg/c.py']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
