import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { fixtureRepos } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 31" cause 2 and "Set 32" (prep). */

const repo = fixtureRepos('s32');

async function writeRun(root: string) {
  const r = await generateRepository(root);
  for (const c of r.changes) fs.writeFileSync(path.join(root, c.path), c.after);
  return r;
}

describe('set 31 cause 2: a second `--write` changes nothing on a chain of wrappers', () => {
  it('JavaScript: a parameter handed on through wrappers in two files is written in one run', async () => {
    const root = repo({
      'a.js':
        '/**\n * Extracts the rotation.\n *\n * @param {Matrix} m the matrix from which the rotational part is to be extracted\n * @param {number} eps the tolerance\n * @returns {Rotation} the rotation\n */\nexport function fromMatrixEps(m, eps) {\n  return new Rotation(m, eps);\n}\n\n' +
        '/**\n * Extracts the rotation with the default tolerance.\n */\nexport function fromMatrix(m) {\n  return fromMatrixEps(m, 1e-7);\n}\n',
      'b.js':
        "import { fromMatrix } from './a.js';\n\n" +
        '/**\n * Builds the quaternion of a rotation matrix.\n */\nexport function quaternionFromMatrix(m) {\n  return fromMatrix(m).toQuaternion();\n}\n\n' +
        '/**\n * Builds the complex number of a rotation matrix.\n */\nexport function complexFromMatrix(m) {\n  return quaternionFromMatrix(m).toComplex();\n}\n\n' +
        // a tag block in the file: its prose docs may get parameter entries (docs/docgen.md)
        '/**\n * The identity.\n *\n * @param {number} n the size\n * @returns {Matrix} the identity\n */\nexport function identity(n) {\n  return new Matrix(n);\n}\n',
    });
    execFileSync('git', ['init', '-q'], { cwd: root });
    const first = await writeRun(root);
    expect(first.summary.refused).toEqual([]);
    const b = fs.readFileSync(path.join(root, 'b.js'), 'utf8');
    expect(b.split('the matrix from which the rotational part is to be extracted').length - 1).toBe(2);
    expect(first.changes.find((c) => c.path === 'b.js')?.diff).toContain('+ * @param m');
    const second = await generateRepository(root);
    expect(second.changes).toEqual([]);
    expect(second.summary.refused).toEqual([]);
  });
});
