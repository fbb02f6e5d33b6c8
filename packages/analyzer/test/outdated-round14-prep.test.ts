import { describe, expect, it } from 'vitest';
import { contractChanges, contractOf, type Contract } from '../src/functions/contract.ts';
import { extractFunctions, extractWithTreeSitter } from '../src/functions/index.ts';
import { cythonSignature } from '../src/functions/languages/python.ts';
import type { Signature } from '../src/functions/types.ts';

/**
 * The general causes round 13 left (docs/metrics/outdated.md, "General causes of false verdicts
 * after round 13": Cython signatures, option keys as `@param key`, numbered-family placeholders,
 * and the review list's raise, default, rename and receiver findings), each pinned here.
 */

const none = (): ReadonlySet<string> => new Set();
const sig = (names: string[], variadic: string[] = []): Signature => ({ names, variadic, incomplete: false, acceptsKeywords: false });
const py = (content: string, name: string, names: string[], variadic: string[] = []): Contract =>
  contractOf(content, name, 'Python', sig(names, variadic), 'value');
const codes = (then: Contract, now: Contract, text: string, params: string[] = []) => {
  const r = contractChanges(then, now, { text, params, documentsReturn: false }, none);
  return {
    outdated: r.outdated.map((f) => [f.code, f.params.name ?? f.params.type, f.params.renamed].filter(Boolean).join(' ')),
    review: r.review.map((f) => [f.code, f.params.name ?? f.params.type, f.params.renamed].filter(Boolean).join(' ')),
  };
};

describe('Cython signatures', () => {
  const numpydoc = (names: string[]) =>
    `"""Do.\n\n    Parameters\n    ----------\n${names.map((n) => `    ${n} : array\n        The ${n}.\n`).join('')}    """`;
  it('typed parameters (`double[:] x`, `int n=3`, `floating[:, :] v`) are read as their names', async () => {
    const src = [
      `def cubic_spline(double[:] x, int n=3, *args):\n    ${numpydoc(['x', 'n'])}\n    return x\n`,
      `def quantize(floating[:, :] v, int num_levels):\n    ${numpydoc(['v'])}\n    return v\n`,
    ].join('\n');
    for (const extract of [extractFunctions, extractWithTreeSitter]) {
      const fns = await extract(src, 'Python', 'x.pyx');
      const got = Object.fromEntries(fns.map((f) => [f.name, [f.outdated.status, f.docFacts?.missingParams]]));
      expect(got).toEqual({ cubic_spline: ['CURRENT', []], quantize: ['CURRENT', ['num_levels']] });
    }
  });
  it('a buffer type with keywords, `not None` and a C pointer give their names', () => {
    expect(cythonSignature('(np.ndarray[np.float64_t, ndim=2] a, object b not None, char *s, **kw)')).toEqual({
      names: ['a', 'b', 's', 'kw'],
      variadic: ['kw'],
      incomplete: false,
      acceptsKeywords: true,
    });
  });
  it('a documented name the Cython signature lacks is still stale', async () => {
    const [f] = await extractFunctions(`def f(double[:] x):\n    ${numpydoc(['y'])}\n    return x\n`, 'Python', 'x.pyx');
    expect(f!.outdated.status).toBe('OUTDATED');
  });
});

describe('option keys documented as `@param key`', () => {
  const doc =
    '/**\n * A tile source.\n * @param {String} iipsrv - server\n * @param {String} image - image path\n * @param {String} [format] - tile format\n */\n';
  it('are no stale parameters where the body reads some of them and passes the object on whole', async () => {
    const src = `${doc}export const IIPTileSource = function (options) {\n  if (options && options.iipsrv && options.image) {\n    extend(this, options);\n  }\n};\n`;
    const [f] = await extractFunctions(src, 'JavaScript', 'x.js');
    expect(f!.outdated.status).toBe('CURRENT');
  });
  it('are stale where the body never reads them', async () => {
    const src = `${doc}export const IIPTileSource = function (options) {\n  extend(this, options);\n};\n`;
    const [f] = await extractFunctions(src, 'JavaScript', 'x.js');
    expect(f!.outdated.status).toBe('OUTDATED');
  });
});

describe('numbered-family placeholders', () => {
  const doc = (names: string[]) =>
    `"""Filter.\n\n    Parameters\n    ----------\n${names.map((n) => `    ${n} : ndarray\n        The ${n}.\n`).join('')}    """`;
  it('`afi` documents `af1`, `af2`, `af3`; `arg1`, `arg2` document `*args`', async () => {
    const src = `def afb3D(x, af1, *, af2=None, af3=None):\n    ${doc(['x', 'afi'])}\n    return x\n\ndef call(fn, *args):\n    ${doc(['fn', 'arg1', 'arg2'])}\n    return fn(*args)\n`;
    const fns = await extractFunctions(src, 'Python', 'x.py');
    expect(fns.map((f) => f.outdated.status)).toEqual(['CURRENT', 'CURRENT']);
  });
  it('a placeholder without the numbered parameters is stale', async () => {
    const [f] = await extractFunctions(`def afb3D(x, lo, hi):\n    ${doc(['x', 'afi'])}\n    return x\n`, 'Python', 'x.py');
    expect(f!.outdated.status).toBe('OUTDATED');
  });
});

describe('review findings: raises', () => {
  const text = 'Register a type.\n\n:param name: the name\n';
  it('`raise Exception(…)` → `raise ValueError(…)` (a subtype of the generic root) is no new raise', () => {
    const then = py('def reg(name):\n    if name in T:\n        raise Exception("exists")\n    T[name] = 1\n', 'reg', ['name']);
    const now = py('def reg(name):\n    if name in T:\n        raise ValueError("exists")\n    T[name] = 1\n', 'reg', ['name']);
    expect(codes(then, now, text, ['name']).review).toEqual([]);
  });
  it('`ValueError` → `RuntimeError` (siblings) still is', () => {
    const then = py('def reg(name):\n    if name in T:\n        raise ValueError("exists")\n', 'reg', ['name']);
    const now = py('def reg(name):\n    if name in T:\n        raise RuntimeError("exists")\n', 'reg', ['name']);
    expect(codes(then, now, text, ['name']).review).toEqual(['RAISE_ADDED RuntimeError']);
  });
  it('a failure caught and raised again as its wrapper (`raise FetchError(…) from e`) is no new raise; a plain new raise is', () => {
    const then = py('def fetch(name):\n    return urlopen(name).read()\n', 'fetch', ['name']);
    const wrapped = py(
      'def fetch(name):\n    try:\n        return urlopen(name).read()\n    except OSError as e:\n        raise FetchError(f"failed {name}") from e\n',
      'fetch',
      ['name'],
    );
    const plain = py(
      'def fetch(name):\n    if not name:\n        raise FetchError("no name")\n    return urlopen(name).read()\n',
      'fetch',
      ['name'],
    );
    expect(codes(then, wrapped, text, ['name']).review).toEqual([]);
    expect(codes(then, plain, text, ['name']).review).toEqual(['RAISE_ADDED FetchError']);
  });
});

describe('review findings: defaults', () => {
  const text = 'Tabs.\n\n:param types: the tab types to list, optional\n:param t: the times, optional\n';
  it('a list default made a tuple of the same items is the same default; other items are not', () => {
    const f = (d: string) => py(`def tabs(self, types=${d}):\n    return [x for x in X if x in types]\n`, 'tabs', ['self', 'types']);
    expect(codes(f('["SlicesTab"]'), f('("SlicesTab",)'), text, ['types']).review).toEqual([]);
    expect(codes(f('[]'), f('()'), text, ['types']).review).toEqual([]);
    expect(codes(f('["SlicesTab"]'), f('("Other",)'), text, ['types']).review).toEqual(['DEFAULT_CHANGED types']);
  });
  it('a `None` the body replaces with the old value is the same default; with another value it is not', () => {
    const then = py('def orbit(t=np.linspace(0, 2 * np.pi, 1000)):\n    return np.sin(t)\n', 'orbit', ['t']);
    const same = py('def orbit(t=None):\n    if t is None:\n        t = np.linspace(0, 2 * np.pi, 1000)\n    return np.sin(t)\n', 'orbit', [
      't',
    ]);
    const other = py('def orbit(t=None):\n    if t is None:\n        t = np.linspace(0, np.pi, 10)\n    return np.sin(t)\n', 'orbit', [
      't',
    ]);
    expect(codes(then, same, text, ['t']).review).toEqual([]);
    expect(codes(then, other, text, ['t']).review).toEqual(['DEFAULT_CHANGED t']);
  });
});

describe('review findings: parameters', () => {
  it('a parameter renamed in place is one rename where the doc speaks of the old name, nothing where it does not', () => {
    const js = (p: string) =>
      contractOf(`function isRegisteredScale(${p}) {\n  return !!lookup(${p});\n}`, 'isRegisteredScale', 'JavaScript', sig([p]), 'value');
    expect(codes(js('maybeScale'), js('scale'), 'Is the scale type registered?\nTakes a `scale` name.')).toEqual({
      outdated: [],
      review: [],
    });
    expect(codes(js('maybeScale'), js('scale'), 'Pass `maybeScale`, a scale or its name.')).toEqual({
      outdated: [],
      review: ['PARAM_REMOVED maybeScale scale'],
    });
  });
  it("a @classmethod's first parameter named `klass` leaves a doc listing every other parameter complete", () => {
    const then = py('@classmethod\ndef make(klass, a):\n    return klass(a)\n', 'make', ['klass', 'a']);
    const now = py('@classmethod\ndef make(klass, a, b):\n    return klass(a, b)\n', 'make', ['klass', 'a', 'b']);
    expect(codes(then, now, 'Make one.\n\n:param a: the first\n', ['a']).outdated).toEqual(['PARAM_ADDED_UNDOCUMENTED b']);
  });
  it('a metaclass method receiver `mcs` is never an undocumented parameter', async () => {
    const [f] = await extractFunctions(
      'class Meta(type):\n    def __new__(mcs, name, bases):\n        """Make.\n\n        :param name: the name\n        :param bases: the bases\n        """\n        return 1\n',
      'Python',
      'x.py',
    );
    expect(f!.docFacts?.missingParams).toEqual([]);
  });
});
