import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { gatedAndStable } from './gated-run.ts';
import { fixtureRepos, writeRun } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 31" cause 2 and "Set 32" (prep). */

const repo = fixtureRepos('s32');

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

describe('set 31 cause 4: a throw through a helper of the same file', () => {
  const guard = 'function testRange(test, errorMessage) {\n  if (test) {\n    throw new RangeError(errorMessage);\n  }\n}\n\n';

  it('JavaScript: a guard helper call is a throw of its type, with the message passed', async () => {
    const src =
      guard +
      '/**\n * Gives an array of items where none repeat.\n *\n * @param {Function} fn the generator\n * @param {Number} num number of terms\n * @returns {Array} the items\n */\n' +
      'export function unique(fn, num) {\n  testRange(typeof fn !== "function", "Chance: The first argument must be a function.");\n  if (num > 1000) {\n    throw new RangeError("Chance: num is likely too large for sample set");\n  }\n  return [fn(num)];\n}\n';
    const r = await gatedAndStable(src, 'JavaScript', 'src/chance.js', 'jsdoc');
    expect(r.output).toContain(' * @throws {RangeError} Chance: The first argument must be a function, or if `num > 1000`.\n');
  });

  it('JavaScript: a guard helper call whose message is built gives no entry for its type', async () => {
    const src =
      guard +
      '/**\n * Picks one.\n *\n * @param {Array} arr the items\n * @returns {*} one of them\n */\n' +
      'export function pick(arr) {\n  testRange(arr.length === 0, "Chance: Cannot pick() from an empty array " + arr);\n  if (arr.length > 1e6) {\n    throw new RangeError("Chance: too many items");\n  }\n  return arr[0];\n}\n';
    const r = await gatedAndStable(src, 'JavaScript', 'src/chance.js', 'jsdoc');
    expect(r.output).not.toContain('@throws');
  });

  it('JavaScript: `throw InvalidParameter()` throws what the factory of the file returns', async () => {
    const src =
      'const InvalidParameter = function () {\n  return new Error("Invalid argument");\n};\n\n' +
      '/**\n * Parses a fraction.\n *\n * @param {string} p1 the text\n * @returns {Object} the parts\n */\n' +
      'export function parse(p1) {\n  const parts = split(p1);\n  if (parts === null) {\n    throw InvalidParameter();\n  }\n  return parts;\n}\n';
    const r = await gatedAndStable(src, 'JavaScript', 'src/fraction.js', 'jsdoc');
    expect(r.output).toContain('@throws {Error} Invalid argument.');
  });
});
