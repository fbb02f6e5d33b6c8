import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { fixtureRepos } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 38" (held out). */

const repo = fixtureRepos('s38');

describe('set 38 cause 1: a body that is one call holding a huge literal does not crash the run', () => {
  it('Python: `return np.array([...])` of 20000 numbers — the run completes and the wrapper rule still holds', async () => {
    const numbers = Array.from({ length: 20000 }, (_, i) => String(20000 + ((i * 7919) % 9973))).join(', ');
    const root = repo({
      'pkg/datasets.py':
        `import numpy as np\n\n\ndef load_wineind():\n    """Load the wine dataset.\n\n    Returns\n    -------\n    ndarray\n        The series.\n    """\n    return np.array([${numbers}])\n\n\n` +
        'def scale(x, factor):\n    """Scale a series.\n\n    Parameters\n    ----------\n    x : ndarray\n        The series to scale.\n    factor : float\n        The factor.\n\n    Returns\n    -------\n    ndarray\n        The scaled series.\n    """\n    return x * factor\n\n\ndef scaled(x, factor):\n    return scale(x, factor)\n',
    });
    const r = await generateRepository(root);
    const out = r.changes.find((c) => c.path === 'pkg/datasets.py')?.after ?? '';
    expect(out).toContain('def scaled(x, factor):\n    """Same as `scale()`.');
    fs.writeFileSync(path.join(root, 'pkg/datasets.py'), out);
    expect((await generateRepository(root)).changes).toEqual([]);
  });
});
