import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisResult } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { tempDir, write } from './helpers.ts';

/**
 * A doc that only restates the function's name (functions/trivial-doc.ts) is not counted as
 * documented: not in totalDocumented (the documented share, the badge and --fail-under read it),
 * not in the buckets; it is counted apart in trivialDocs and flagged on the function.
 */
const root = tempDir('trivial');
const cacheDir = tempDir('trivial-cache');
let result: AnalysisResult;

beforeAll(async () => {
  write(
    root,
    'src/users.py',
    [
      'def get_user(user_id):',
      '    """Get user.',
      '',
      '    Args:',
      '        user_id: the user id.',
      '    """',
      '    return user_id',
      '',
      'def close(sock):',
      '    """Close the socket; idempotent."""',
      '    return sock',
      '',
      'def undocumented():',
      '    return 1',
      '',
    ].join('\n'),
  );
  write(root, 'src/encoder.go', 'package enc\n\n// NewEncoder news encoder.\nfunc NewEncoder(w int) int {\n\treturn w\n}\n');
  // a test function with a trivial doc: counted as a test, not in the figures
  write(root, 'tests/test_users.py', 'def test_get_user():\n    """Test get user."""\n    assert True\n');
  result = await analyzeRepository(root, { cacheDir, gitHistory: false });
}, 60_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('trivial docs in the analysis', () => {
  it('flags the functions whose doc only restates the name', () => {
    expect(AnalysisResult.safeParse(result).success).toBe(true);
    const flagged = result.functions
      .filter((f) => f.trivialDoc)
      .map((f) => f.name)
      .sort();
    expect(flagged).toEqual(['NewEncoder', 'get_user', 'test_get_user']);
    expect(result.functions.find((f) => f.name === 'close')!.trivialDoc).toBeUndefined();
  });

  it('does not count them as documented and reports them apart', () => {
    // get_user, close, undocumented, NewEncoder: only close is documented; 2 trivial docs.
    expect(result.report.basicFuncDocAnalysis).toEqual({ totalFunctions: 4, totalDocumented: 1, trivialDocs: 2 });
    expect(result.docMetrics).toMatchObject({
      totalFunctions: 4,
      totalDocumented: 1,
      trivialDocs: 2,
      complexity: { low: { documented: 1, total: 4 } },
      visibility: { public: { documented: 1, total: 4 } },
    });
  });
});
