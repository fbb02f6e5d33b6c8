import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { tempDir, write } from './helpers.ts';

/**
 * docs/metrics.md: the paths Linguist treats as documentation leave the function figures, the
 * same paths the language shares leave out.
 */
const root = tempDir('doc-paths');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('documentation paths', () => {
  it('functions under examples/, demos/, samples/, Documentation/ or linguist-documentation are not counted', async () => {
    write(root, 'src/app.py', 'def run():\n    return 1\n');
    write(root, 'examples/demo.py', 'def demo():\n    return 2\n');
    write(root, 'demos/show.js', 'export function show() {\n  return 3;\n}\n');
    write(root, 'samples/s.py', 'def sample():\n    return 4\n');
    write(root, 'lib/Documentation/d.py', 'def documented_elsewhere():\n    return 5\n');
    write(root, 'extra/z.py', 'def marked():\n    return 6\n');
    write(root, '.gitattributes', 'extra/** linguist-documentation\n');
    const result = await analyzeRepository(root, { cacheDir: tempDir('doc-paths-cache'), gitHistory: false });
    expect(result.functions.map((f) => f.name)).toEqual(['run']);
    expect(result.report.basicFuncDocAnalysis).toEqual({ totalFunctions: 1, totalDocumented: 0 });
    // …consistently with the language bar: only src/app.py counts there too.
    expect(result.report.programmingLanguages).toEqual({ Python: 100 });
  });
});
