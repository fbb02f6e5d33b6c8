import { describe, expect, it } from 'vitest';
import { contract, outdated } from './helpers/contract.ts';
import { extractFunctions } from '../src/functions/index.ts';
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

const verdicts = async (src: string, language: string, file = 'x'): Promise<Record<string, string>> =>
  Object.fromEntries((await extractFunctions(src, language, file)).map((f) => [f.name, f.outdated.status]));

describe('OUTDATED, round 21 left: YARD tag lines without a name (tuning)', () => {
  const source = (line: string) =>
    `class API\n  # The plugins should declare that they provide a source\n  #\n  # @param [String] source the source type\n  # @param [Class] ${line}\n  #                 provided, the \`self\` class will be used.\n  def self.source(source, cls = self)\n    Plugin.add_source source, cls\n  end\nend\n`;
  it('`(optional)` where the name would be is no name (rubygems `Bundler::Plugin::API.source`)', async () => {
    expect(Object.values(await verdicts(source('(optional) class that handles the source. If not'), 'Ruby'))).toEqual(['CURRENT']);
    expect(Object.values(await verdicts(source('handler class that handles the source. If not'), 'Ruby'))).toEqual(['OUTDATED']);
  });
  const index = (params: string) =>
    `class Index\n  # Reads the index file from the directory.\n  #\n  # @param [Pathname] index file path\n  # @param [Boolean] global whether the index is global\n  def load_index(${params})\n    @path = ${params.split(',')[0]}\n    @global = global\n  end\nend\n`;
  it('the parameter at its place spelt in words (`index file path` for `index_file`: rubygems `Index.load_index`)', async () => {
    expect(Object.values(await verdicts(index('index_file, global = false'), 'Ruby'))).toEqual(['CURRENT']);
    expect(Object.values(await verdicts(index('path, global = false'), 'Ruby'))).toEqual(['OUTDATED']);
  });
});

describe('OUTDATED, round 21 left: a Ruby block documented as `block` (tuning)', () => {
  const onlyIf = (body: string) =>
    `class Rule\n  # Skip all checks if only_if is false\n  #\n  # @param [Type] &block returns true if tests are added, false otherwise\n  # @return [nil]\n  def only_if(message = nil, impact: nil)\n${body}    @message = message\n    @impact = impact\n  end\nend\n`;
  it('the block a method takes implicitly (`block_given?`, `yield`: inspec `Rule.only_if`)', async () => {
    expect(Object.values(await verdicts(onlyIf('    return unless block_given?\n    @skip ||= !yield\n'), 'Ruby'))).toEqual(['CURRENT']);
    expect(Object.values(await verdicts(onlyIf(''), 'Ruby'))).toEqual(['OUTDATED']);
  });
  const install = (params: string) =>
    `class Plugin\n  # Installs the plugins of the Gemfile\n  #\n  # @param [Pathname] gemfile path\n  # @param [Proc] block that can be evaluated for (inline) Gemfile\n  def gemfile_install(${params})\n    builder = DSL.new\n    builder.eval_gemfile(gemfile)\n  end\nend\n`;
  it('a block parameter named otherwise (`&inline`: rubygems `Bundler::Plugin.gemfile_install`)', async () => {
    expect(Object.values(await verdicts(install('gemfile = nil, &inline'), 'Ruby'))).toEqual(['CURRENT']);
    expect(Object.values(await verdicts(install('gemfile = nil'), 'Ruby'))).toEqual(['OUTDATED']);
  });
});

describe("OUTDATED, round 21 left: Ruby's `...` forwards the arguments a doc lists (tuning)", () => {
  const eligible = (params: string) =>
    `class Condition\n  # Determines if the promotable is eligible.\n  #\n  # @param _promotable [Object] The object to evaluate\n  # @param _options [Hash] Additional options for eligibility checking\n  #\n  # @return [Boolean] true if eligible\n  def eligible?(${params})\n    raise NotImplementedError, "Please implement eligible? in your condition"\n  end\nend\n`;
  it('`eligible?(promotable, ...)`: the options go through `...` (solidus `SolidusPromotions::Condition.eligible?`)', async () => {
    expect(Object.values(await verdicts(eligible('promotable, ...'), 'Ruby'))).toEqual(['CURRENT']);
    expect(Object.values(await verdicts(eligible('promotable'), 'Ruby'))).toEqual(['OUTDATED']);
  });
});
