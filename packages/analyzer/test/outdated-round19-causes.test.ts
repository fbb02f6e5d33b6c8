import { describe, expect, it } from 'vitest';
import { classHierarchy, contractChanges, contractOf } from '../src/functions/contract.ts';
import { extractFunctions } from '../src/functions/index.ts';

/**
 * The causes of false OUTDATED verdicts found on held-out round 19 (docs/metrics/outdated.md,
 * "Round 19") that are fixed, each pinned here. Tuning: round 19 is a tuning set from here on.
 */

const none = (): ReadonlySet<string> => new Set();

describe('OUTDATED, a JSDoc `@event` block', () => {
  const verdict = async (tag: string): Promise<string | undefined> =>
    (
      await extractFunctions(
        `class Events {\n  /**\n   * ${tag}\n   * @description\n   * Notification of a query about to run.\n   *\n   * @param {Object} e\n   * Event context.\n   *\n   * @example\n   * const options = {\n   *     query(e) {\n   *         console.log(e.query);\n   *     }\n   * };\n   */\n  static query(options, context) {\n    if (typeof options.query === 'function') {\n      options.query(context);\n    }\n  }\n}\n`,
        'JavaScript',
        'x.js',
      )
    ).find((f) => f.name.endsWith('query'))?.outdated.status;
  it("documents the event: its `@param e` is the handler's argument, not the dispatcher's (pg-promise `Events.query`)", async () => {
    expect(await verdict('@event query')).toBe('CURRENT');
  });
  it('the same block without `@event` still names a parameter the function lacks', async () => {
    expect(await verdict('@summary query')).toBe('OUTDATED');
  });
});

describe('OUTDATED, a documented ValueError still raised as a subclass', () => {
  const py = (body: string) =>
    contractOf(
      `def frame_from_fsnative(arg):\n    """Takes item from argv and returns ascii native str\n    or raises ValueError.\n    """\n${body}`,
      'frame_from_fsnative',
      'Python',
      { names: ['arg'], variadic: [], incomplete: false, acceptsKeywords: false },
      'value',
    );
  const doc = { text: 'Takes item from argv and returns ascii native str\nor raises ValueError.', params: [], documentsReturn: true };
  const then = py(
    '    text = decode(arg)\n    if arg != encode(text):\n        raise ValueError("%r can\'t be decoded" % arg)\n    return text\n',
  );
  const hierarchy = classHierarchy('', 'Python');
  it('`arg.encode("ascii")` raises UnicodeEncodeError, a ValueError: the doc holds (mutagen `frame_from_fsnative`, 052f0cd)', () => {
    const now = py('    assert isinstance(arg, str)\n    return arg.encode("ascii").decode("ascii")\n');
    expect(now.codecRaises).toEqual(['UnicodeDecodeError', 'UnicodeEncodeError']);
    expect(contractChanges(then, now, doc, none, hierarchy).outdated).toEqual([]);
  });
  it('a codec call with an errors handler raises nothing: the removed raise is still reported', () => {
    const now = py('    assert isinstance(arg, str)\n    return arg.encode("ascii", "ignore").decode("ascii", "ignore")\n');
    expect(contractChanges(then, now, doc, none, hierarchy).outdated.map((f) => f.code)).toEqual(['RAISE_REMOVED_STILL_DOCUMENTED']);
  });
});

describe('OUTDATED, the parts of a tuple argument, in a function of two arguments', () => {
  const verdict = async (unpack: string): Promise<string | undefined> =>
    (
      await extractFunctions(
        `def from_date_tuple(date_tuple, datemode):\n    """\n    Convert a date tuple (year, month, day) to a serial date.\n\n    :param year: Gregorian year.\n    :param month: 1 to 12\n    :param day: 1 to the last day of that (year, month)\n    :param datemode: 0 or 1.\n    """\n    ${unpack}\n    if datemode not in (0, 1):\n        raise ValueError(datemode)\n    return to_serial(year, month, day, datemode)\n`,
        'Python',
        'x.py',
      )
    ).find((f) => f.name === 'from_date_tuple')?.outdated.status;
  it('names the doc writes as one tuple, that the body unpacks an undocumented argument into, are its parts (xlrd `xldate_from_date_tuple`)', async () => {
    expect(await verdict('year, month, day = date_tuple')).toBe('CURRENT');
  });
  it('without the unpacking they are stale names', async () => {
    expect(await verdict('year, month, day = split(date_tuple)')).toBe('OUTDATED');
  });
});

describe("OUTDATED, the parts of a subscript's key (round 18's left list)", () => {
  const verdict = async (method: string): Promise<string | undefined> =>
    (
      await extractFunctions(
        `class PropertyMap:\n    def ${method}(self, key):\n        """Return property for a residue.\n\n        :param chain_id: chain id\n        :param res_id: residue id\n        """\n        return self.property_dict[self._translate_id(key)]\n`,
        'Python',
        'x.py',
      )
    ).find((f) => f.name === `PropertyMap.${method}`)?.outdated.status;
  it('`m[chain_id, res_id]` passes one tuple key: names `__getitem__` documents are its parts (biopython `AbstractPropertyMap.__getitem__`)', async () => {
    expect(await verdict('__getitem__')).toBe('CURRENT');
  });
  it('an ordinary method of one argument documenting the same names keeps its verdict', async () => {
    expect(await verdict('lookup')).toBe('OUTDATED');
  });
});

describe("OUTDATED, a return type narrowed inside a union (round 18's left list)", () => {
  const py = (type: string) =>
    contractOf(
      `def get_posterior(self, name: str, prior: ${type}) -> Union[${type}, torch.Tensor]:\n    """Compute a posterior.\n\n    :returns: A posterior distribution or sample.\n    :rtype: ~pyro.distributions.Distribution or torch.Tensor\n    """\n    raise NotImplementedError\n`,
      'get_posterior',
      'Python',
      { names: ['self', 'name', 'prior'], variadic: [], incomplete: false, acceptsKeywords: false },
      'value',
    );
  const doc = {
    text: 'Compute a posterior.\n\n:returns: A posterior distribution or sample.\n:rtype: ~pyro.distributions.Distribution or torch.Tensor',
    params: ['name', 'prior'],
    documentsReturn: true,
  };
  const then = py('Distribution');
  const now = py('"TorchDistributionMixin"');
  it('`Distribution` → a subclass of it, word for word in the union: the doc still holds (pyro `get_posterior`, 7233cf9)', () => {
    const hierarchy = classHierarchy('class TorchDistributionMixin(Distribution, Callable):\n    pass\n', 'Python');
    expect(contractChanges(then, now, doc, none, hierarchy).outdated).toEqual([]);
  });
  it('to a class that is no subclass of it, the doc states the old type', () => {
    expect(contractChanges(then, now, doc, none, classHierarchy('', 'Python')).outdated.map((f) => f.code)).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
  });
});
