import { describe, expect, it } from 'vitest';
import { classHierarchy, contractChanges, contractOf, type Contract } from '../src/functions/contract.ts';
import { extractFunctions } from '../src/functions/index.ts';
import type { Signature } from '../src/functions/types.ts';

/**
 * The general causes of false OUTDATED verdicts and review entries found on held-out round 14
 * (docs/metrics/outdated.md, "Round 14"), each fixed at its cause and pinned here.
 */

const none = (): ReadonlySet<string> => new Set();
const sig = (names: string[]): Signature => ({ names, variadic: [], incomplete: false, acceptsKeywords: false });
const contract = (language: string, content: string, name: string, names: string[]): Contract =>
  contractOf(content, name, language, sig(names), 'value');
// The hierarchy the history pass gives: the file's classes, then the language's standard table.
const review = (then: Contract, now: Contract, text: string, params: string[] = [], language = 'Python'): string[] =>
  contractChanges(then, now, { text, params, documentsReturn: false }, none, classHierarchy('', language)).review.map(
    (f) => `${f.code} ${f.params.type ?? f.params.name}`,
  );

describe('an abstract method that builds its message before raising NotImplementedError', () => {
  const doc = '"""Guess.\n\n        Returns\n        -------\n        Parameters\n            The guess.\n        """';
  it('is a stub: its "Returns" describes implementations', async () => {
    const src = `class Model:\n    def guess(self, data, x):\n        ${doc}\n        cname = self.__class__.__name__\n        msg = f"guess() not implemented for {cname}"\n        raise NotImplementedError(msg)\n`;
    const [f] = await extractFunctions(src, 'Python', 'x.py');
    expect(f!.outdated.status).toBe('CURRENT');
  });
  it('a body that assigns and returns nothing still contradicts a "Returns" section', async () => {
    const src = `class Model:\n    def guess(self, data, x):\n        ${doc}\n        cname = self.__class__.__name__\n        self.last = cname\n`;
    const [f] = await extractFunctions(src, 'Python', 'x.py');
    expect(f!.outdated.status).toBe('OUTDATED');
  });
});

describe('a parameter with two leading underscores', () => {
  it('is documented under its name without them: neither stale nor missing', async () => {
    const src =
      'class D:\n    def save_as(\n        self,\n        filename: str,\n        /,\n        __write_like_original: bool | None = None,\n        *,\n        overwrite: bool = True,\n    ) -> None:\n        """Save.\n\n        Parameters\n        ----------\n        filename : str\n            Where.\n        write_like_original : bool, optional\n            How.\n        overwrite : bool, optional\n            Whether.\n        """\n        return None\n';
    const [f] = await extractFunctions(src, 'Python', 'x.py');
    expect([f!.outdated.status, f!.docFacts?.missingParams]).toEqual(['CURRENT', []]);
  });
});

describe('raises that are no new way to fail', () => {
  const text = 'Transform.\n\n:param data: the data\n:param axis: the axis\n';
  it("`ValueError` → NumPy's `np.AxisError` (a ValueError subclass)", () => {
    const py = (raise: string) =>
      contract(
        'Python',
        `def dwt(data, axis):\n    if not 0 <= axis < data.ndim:\n        raise ${raise}("Axis greater than data dimensions")\n    return data\n`,
        'dwt',
        ['data', 'axis'],
      );
    expect(review(py('ValueError'), py('np.AxisError'), text, ['data', 'axis'])).toEqual([]);
    expect(review(py('ValueError'), py('np.WhateverError'), text, ['data', 'axis'])).toEqual(['RAISE_ADDED WhateverError']);
    // …also where the body still raises ValueError elsewhere (no type removed, one narrowed).
    const two = (raise: string) =>
      contract(
        'Python',
        `def idwt(data, axis):\n    if data is None:\n        raise ValueError("no data")\n    if not 0 <= axis < data.ndim:\n        raise ${raise}("Axis greater")\n    return data\n`,
        'idwt',
        ['data', 'axis'],
      );
    expect(review(two('ValueError'), two('np.AxisError'), text, ['data', 'axis'])).toEqual([]);
    expect(review(two('ValueError'), two('np.WhateverError'), text, ['data', 'axis'])).toEqual(['RAISE_ADDED WhateverError']);
  });
  it('the same type caught and raised again with a better message (Python), a failure wrapped in a `catch` (JavaScript)', () => {
    const then = contract('Python', 'def fix(elem, ds):\n    return convert(elem)\n', 'fix', ['elem', 'ds']);
    const again = contract(
      'Python',
      'def fix(elem, ds):\n    try:\n        return convert(elem)\n    except BytesLengthException as e:\n        raise BytesLengthException(f"tag {elem.tag}: {e}")\n',
      'fix',
      ['elem', 'ds'],
    );
    expect(review(then, again, 'Fix the element.\n\n:param elem: the element\n:param ds: the dataset\n')).toEqual([]);
    const js = (body: string) =>
      contract('JavaScript', `function Renderer(container, dim) {\n${body}\n}`, 'Renderer', ['container', 'dim']);
    const jsText = '@param {Node} container the node\n@param {Object} dim the size';
    const before = js('  this.root = createCanvas(500, 500);');
    expect(
      review(
        before,
        js("  try {\n    this.root = createCanvas(500, 500);\n  } catch (err) {\n    throw new Error('install canvas');\n  }"),
        jsText,
      ),
    ).toEqual([]);
    expect(
      review(before, js("  if (!dim) {\n    throw new Error('no size');\n  }\n  this.root = createCanvas(500, 500);"), jsText),
    ).toEqual(['RAISE_ADDED Error']);
  });
  it('a throwing assertion helper replaced by a typed throw (`Assert.shouldNeverReachHere()` → IllegalArgumentException)', () => {
    const java = (last: string) =>
      contract(
        'Java',
        `public void setTri(int edgeIndex, Tri tri) {\n  switch (edgeIndex) {\n  case 0: tri0 = tri; return;\n  }\n  ${last}\n}`,
        'Tri.setTri',
        ['edgeIndex', 'tri'],
      );
    const text = 'Sets the triangle.\n@param edgeIndex the edge\n@param tri the triangle';
    expect(review(java('Assert.shouldNeverReachHere();'), java('throw new IllegalArgumentException("bad index");'), text)).toEqual([]);
    expect(review(java('return;'), java('throw new IllegalArgumentException("bad index");'), text)).toEqual([
      'RAISE_ADDED IllegalArgumentException',
    ]);
  });
  it('a raise added under a doc that says the function is deprecated', () => {
    const py = (body: string) =>
      contract('Python', `def is_little_endian(self):\n${body}\n    return self._le\n`, 'is_little_endian', ['self']);
    const then = py('    warn("deprecated")');
    const now = py('    if config._use_future:\n        raise AttributeError("no attribute")\n    warn("deprecated")');
    expect(review(then, now, 'Get the endianness.\n\n.. deprecated:: 3.0\n\n    Will be removed in v4.0.\n')).toEqual([]);
    expect(review(then, now, 'Get the endianness.\n\n:returns: the flag\n')).toEqual(['RAISE_ADDED AttributeError']);
  });
});

describe('a TypeScript assertion function', () => {
  it('`: asserts statement` gives no value back', async () => {
    const src =
      '/**\n * Assert that the statement is true.\n * @param statement the test\n * @param error the message\n */\nexport function assert(statement: boolean, error: string): asserts statement {\n  if (!statement) {\n    throw new Error(error);\n  }\n}\n';
    const [f] = await extractFunctions(src, 'TypeScript', 'x.ts');
    expect(f!.docFacts?.returns).toBe('none');
  });
});

describe('a keyword renamed and kept by a decorator', () => {
  const src = (doc: string) =>
    `class Simbad:\n    @deprecated_renamed_argument("get_adql", new_name="get_query_payload", since="0.4.8")\n    def list_tables(self, *, get_query_payload=False):\n        """List.\n\n        Parameters\n        ----------\n        get_query_payload : bool, optional\n            Return the query.\n        get_adql : bool, optional\n            ${doc}\n        """\n        return 1\n`;
  it('documented as deprecated, is no stale name; documented as current, it is', async () => {
    const [kept] = await extractFunctions(src("Deprecated since '0.4.8'. Replaced by get_query_payload."), 'Python', 'x.py');
    const [stale] = await extractFunctions(src('Return the ADQL.'), 'Python', 'x.py');
    expect([kept!.outdated.status, stale!.outdated.status]).toEqual(['CURRENT', 'OUTDATED']);
  });
});
