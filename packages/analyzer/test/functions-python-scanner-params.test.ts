import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractFunctions, extractWithoutParser, extractWithTreeSitter } from '../src/functions/index.ts';
import { signatureFactsOf, type SignatureFacts } from '../src/functions/facts-of.ts';
import { scanPython } from '../src/functions/python-scanner.ts';
import { pythonStdlibDir } from './helpers/python-ast.ts';

/**
 * The Python scanner's signature facts (each parameter's name, annotation, default and
 * variadic flag; return annotation; async; declaration and body rows) must equal the tree-sitter
 * path's (extract.ts signatureFacts), which documentation generators used before: the library
 * reference's params table then reads the same whichever path ran.
 * No exception: on the fixtures and the whole standard library (also SQLAlchemy and Twisted by
 * hand, 71,488 functions) every field agrees. The one difference found on the way was in the
 * tree-sitter path (a `\` line continuation in a parameter list marked the signature incomplete;
 * python.ts now skips it).
 */

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'functions', 'python');

function stdlibSample(step: number, offset: number): string[] {
  const dir = pythonStdlibDir();
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.py'))
    .sort();
  return names.filter((_, i) => i % step === offset).map((n) => path.join(dir, n));
}

/** The standard library's annotated modules (most of it has no annotations). */
function annotatedStdlib(): string[] {
  const dir = pythonStdlibDir();
  const inFolder = (folder: string): string[] =>
    readdirSync(path.join(dir, folder))
      .filter((n) => n.endsWith('.py'))
      .sort()
      .map((n) => path.join(dir, folder, n));
  return [
    ...['typing.py', 'statistics.py', 'wsgiref/types.py', 'asyncio/timeouts.py', 'curses/ascii.py'].map((n) => path.join(dir, n)),
    ...inFolder('tomllib'),
    ...inFolder('importlib/resources'),
    ...inFolder('importlib/metadata'),
  ];
}

/** [qualified name, facts] of every function, by whichever path: the scanner must not decline. */
async function factsOf(source: string, via: 'scanner' | 'tree-sitter'): Promise<Array<[string, SignatureFacts | undefined]>> {
  let fns;
  if (via === 'scanner') {
    fns = extractWithoutParser(source, 'Python', { signatureFacts: true });
    if (fns === null) throw new Error(`scanner declined:\n${source}`);
  } else {
    fns = await extractWithTreeSitter(source, 'Python', 'case.py', { signatureFacts: true });
  }
  return fns.map((fn) => [fn.name, signatureFactsOf.get(fn)]);
}

describe("Python scanner's signature facts agree with the tree-sitter path", () => {
  it('on the fixtures, a third of the standard library and its annotated modules, function by function', async () => {
    const files = [
      ...readdirSync(fixtureDir)
        .filter((n) => n !== 'syntax_error.py')
        .map((n) => path.join(fixtureDir, n)),
      ...stdlibSample(3, 2),
      ...annotatedStdlib(),
    ];
    let scanned = 0;
    let functions = 0;
    let typed = 0;
    let defaults = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const fast = extractWithoutParser(source, 'Python', { signatureFacts: true });
      if (fast === null) continue;
      scanned++;
      const reference = await extractWithTreeSitter(source, 'Python', file, { signatureFacts: true });
      expect(fast.map((f) => f.name)).toEqual(reference.map((f) => f.name));
      fast.forEach((fn, i) => {
        const facts = signatureFactsOf.get(fn);
        expect({ file, name: fn.name, facts }).toEqual({ file, name: fn.name, facts: signatureFactsOf.get(reference[i]!) });
        functions++;
        for (const p of facts!.params) {
          if (p.type !== null) typed++;
          if (p.default !== null) defaults++;
        }
      });
    }
    expect(scanned).toBeGreaterThan(files.length * 0.9);
    // Not vacuous: many functions, annotations and defaults compared.
    expect(functions).toBeGreaterThan(2000);
    expect(typed).toBeGreaterThan(50);
    expect(defaults).toBeGreaterThan(1000);
  }, 180_000);

  const cases = [
    // self, annotations with nested brackets, spaces kept as written, defaults with strings, calls, lambdas
    'class C:\n    def m(self, a: Dict[str,  List[int]] = {"k": [1, 2]}, b = lambda x, y=(1, 2): (x, y), *args: "int", c: int=f(1, g=2), **kw: Any) -> Optional[ "C" ]:\n        pass\n',
    // keyword-only `*` and positional-only `/` markers
    'def f(a, b=1, /, c: int = 2, *, d, e: str = "e,=:") -> None: ...\n',
    // multi-line signature with comments inside the list, before and after parameters and inside a default
    'def g(\n    a: int,  # first\n    # a comment line\n    b: Mapping[\n        str,  # key\n        int,\n    ] = {  # open\n        "x": 1,\n    },\n    *,\n    c=None,\n) -> Tuple[\n    int, str\n]:\n    # a comment before the body\n    """Doc."""\n    return 1, ""\n',
    // line continuations, async, decorators (an `async` word in a decorator comment counts as in extract.ts)
    '@dec(x=1)  # async wrapper\nasync def h(a, \\\n        b=2):\n    await a\n',
    // a one-line body after a multi-line parameter list, and one on the `def` line
    'def one(a,\n        b): return a\ndef two(a=[1, [2, (3,)]], b="))"): return a\n',
    // an annotated *args / **kwargs, a default that is a conditional, a walrus, a comparison
    'def k(*args: int, flag: bool = a == b, n=(x := 3), m=1 if a else 2, **kwargs: object):\n    pass\n',
    // nested functions and methods, no parameters
    'def outer():\n    def inner(x: "A"=None):\n        pass\n    return inner\nclass K:\n    def __init__(self): pass\n',
    // comments after a default and between annotation and `=`, leading commas, a triple-quoted default
    'def c(a=1,  # one\n      b: int  # the b\n      = 2\n      ,c: "x" = """multi\nline"""): pass\n',
    // non-ASCII text before a one-line body on a later row; positional-only marker alone
    'def u(\n  a="é"): pass\nclass A:\n    async def y(self, /): pass\n',
    // comprehensions, walrus, dict unpacking and an f-string in defaults
    'def w(b=(v := 1), c=[x for x in y if x], d={**e}, g=f"{h!r}"):\n  return 1\n',
  ];

  it('on hand-written corner cases', async () => {
    for (const source of cases) {
      expect({ source, facts: await factsOf(source, 'scanner') }).toEqual({ source, facts: await factsOf(source, 'tree-sitter') });
    }
  });

  it('gives the figures read by hand', async () => {
    const scanned = async (source: string): Promise<SignatureFacts[]> => (await factsOf(source, 'scanner')).map(([, facts]) => facts!);
    const [m] = (await scanned(cases[0]!)) as [SignatureFacts];
    expect(m.params).toEqual([
      { name: 'self', type: null, default: null, variadic: false },
      { name: 'a', type: 'Dict[str,  List[int]]', default: '{"k": [1, 2]}', variadic: false },
      { name: 'b', type: null, default: 'lambda x, y=(1, 2): (x, y)', variadic: false },
      { name: 'args', type: '"int"', default: null, variadic: true },
      { name: 'c', type: 'int', default: 'f(1, g=2)', variadic: false },
      { name: 'kw', type: 'Any', default: null, variadic: true },
    ]);
    expect(m.returnType).toBe('Optional[ "C" ]');
    const [f] = (await scanned(cases[1]!)) as [SignatureFacts];
    expect(f.params.map((p) => [p.name, p.type, p.default])).toEqual([
      ['a', null, null],
      ['b', null, '1'],
      ['c', 'int', '2'],
      ['d', null, null],
      ['e', 'str', '"e,=:"'],
    ]);
    expect([f.returnType, f.bodyRow, f.isAsync]).toEqual(['None', null, false]);
    const [g] = (await scanned(cases[2]!)) as [SignatureFacts];
    expect(g.params.map((p) => [p.name, p.type, p.default])).toEqual([
      ['a', 'int', null],
      ['b', 'Mapping[\n        str,  # key\n        int,\n    ]', '{  # open\n        "x": 1,\n    }'],
      ['c', null, 'None'],
    ]);
    expect([g.returnType, g.declRow, g.bodyRow, g.bodyColumn]).toEqual(['Tuple[\n    int, str\n]', 0, 15, 4]);
    const [h] = (await scanned(cases[3]!)) as [SignatureFacts];
    expect([h.isAsync, h.declRow, h.bodyRow, h.signature?.incomplete, h.params[1]]).toEqual([
      true,
      0,
      3,
      false,
      { name: 'b', type: null, default: '2', variadic: false },
    ]);
    const [one, two] = (await scanned(cases[4]!)) as [SignatureFacts, SignatureFacts];
    expect([one.bodyRow, one.bodyColumn, two.bodyRow, two.params[0]!.default, two.params[1]!.default]).toEqual([
      1,
      12,
      null,
      '[1, [2, (3,)]]',
      '"))"',
    ]);
  });

  it('records facts only when asked, and extractFunctions passes the option to either path', async () => {
    const source = 'def f(a: int = 1):\n    return a\n';
    const [plain] = scanPython(source)!;
    expect(signatureFactsOf.get(plain!)).toBeUndefined();
    const [viaScanner] = await extractFunctions(source, 'Python', 'f.py', { signatureFacts: true });
    expect(signatureFactsOf.get(viaScanner!)?.params).toEqual([{ name: 'a', type: 'int', default: '1', variadic: false }]);
    // Tab indentation: the scanner declines and tree-sitter records the facts.
    const tabbed = 'def f(a: int = 1):\n\treturn a\n';
    expect(scanPython(tabbed)).toBeNull();
    const [viaTree] = await extractFunctions(tabbed, 'Python', 'f.py', { signatureFacts: true });
    expect(signatureFactsOf.get(viaTree!)?.params).toEqual([{ name: 'a', type: 'int', default: '1', variadic: false }]);
  });
});
