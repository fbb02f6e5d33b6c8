import { describe, expect, it } from 'vitest';
import { contract, outdated } from './helpers/contract.ts';
import { isTestFile } from '../src/engine/test-files.ts';

/**
 * What round 21 left (docs/metrics/outdated.md, "What is left after round 21"), each fixed at its
 * cause and pinned here. Round 21 is a tuning set.
 */

describe('OUTDATED, round 21 left: a return annotation made more precise with a type the repository declares (tuning)', () => {
  const py = (type: string) => contract('Python', `def members(self) -> ${type}:\n    return self._members()\n`, 'members', ['self']);
  const membersDoc =
    'Returns the arrays and groups of this group.\n\nReturns\n-------\npath:\n    A string giving the path.\nvalue: AsyncArray or AsyncGroup\n    The AsyncArray or AsyncGroup that is a child of ``self``.';
  const old = 'AsyncGenerator[tuple[str, AsyncArray[ArrayV2Metadata] | AsyncArray[ArrayV3Metadata] | AsyncGroup], None]';
  const fresh = 'AsyncGenerator[tuple[str, AnyAsyncArray | AsyncGroup], None]';
  it('an alias whose definition is the documented type (`AnyAsyncArray: TypeAlias = AsyncArray[Any]`: zarr `AsyncGroup.members`, edd47db)', () => {
    expect(outdated(py(old), py(fresh), membersDoc, 'Python', 'AnyAsyncArray: TypeAlias = AsyncArray[Any]\n')).toEqual([]);
  });
  it('an alias of another type keeps the verdict', () => {
    expect(outdated(py(old), py(fresh), membersDoc, 'Python', 'AnyAsyncArray: TypeAlias = Other[Any]\n')).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
  });
  const dtypeDoc = 'Returns the data type of the array.\n\nReturns\n-------\nnp.dtype\n    Data type of the array';
  const dtype = (type: string) =>
    contract('Python', `def dtype(self) -> ${type}:\n    return self._zdtype.to_native_dtype()\n`, 'dtype', ['self']);
  it('a qualified type replaced by an alias of it (`type TBaseDType = np.dtype[np.generic]`: zarr `AsyncArray.dtype`, 6798466)', () => {
    expect(outdated(dtype('np.dtype[Any]'), dtype('TBaseDType'), dtypeDoc, 'Python', 'type TBaseDType = np.dtype[np.generic]\n')).toEqual(
      [],
    );
    expect(outdated(dtype('np.dtype[Any]'), dtype('TBaseDType'), dtypeDoc, 'Python', 'type TBaseDType = np.ndarray[np.generic]\n')).toEqual(
      ['RETURN_TYPE_CHANGED_DOC_STATES_OLD'],
    );
  });
  const ascDoc = 'Create a ascending sort key from `asc` or column name.\n\nReturns\n-------\nir.ValueExpr\n    An expression';
  const asc = (type: string) =>
    contract('Python', `def asc(expr, nulls_first=False) -> ${type}:\n    return _deferred_sort(expr)\n`, 'asc', ['expr', 'nulls_first']);
  it('a bounded TypeVar of the stated type, widened to also allow a deferred value (`V = TypeVar("V", bound=ir.Value)`: ibis `asc`, 1f1c48b)', () => {
    expect(outdated(asc('ir.Value'), asc('V | Deferred'), ascDoc, 'Python', 'V = TypeVar("V", bound=ir.Value)\n')).toEqual([]);
    expect(outdated(asc('ir.Value'), asc('V | Deferred'), ascDoc, 'Python', 'V = TypeVar("V", bound=ir.Table)\n')).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
  });
});

describe('counting, round 21 left: `*_test.js` / `*_test.ts` files are tests (Closure, Deno)', () => {
  it('is a test file by its name, in every JS/TS extension', () => {
    const tests = ['closure/goog/array/array_test.js', 'mod_test.ts', 'ui/view_test.tsx', 'lib/x_test.mjs', 'x_test.cjs', 'a_test.jsx'];
    expect(tests.filter(isTestFile)).toEqual(tests);
  });
  it('other names ending in `test` or other extensions are not', () => {
    expect(['lib/latest.js', 'src/protest.ts', 'x_test.json', 'x_test.rb', 'my_testing.js'].filter(isTestFile)).toEqual([]);
  });
});
