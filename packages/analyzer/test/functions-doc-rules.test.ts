import { describe, expect, it } from 'vitest';
import { bodiless, bodyKey, changedWordsTheDocNames, codeKey, contractWords, withoutSameValues } from '../src/engine/code-key.ts';
import { codeTokens } from '../src/functions/code-tokens.ts';
import { contractChanges, contractOf, onlyRaisesNotImplemented, type Contract } from '../src/functions/contract.ts';
import { extractFunctions } from '../src/functions/index.ts';

/** Rules behind OUTDATED / incomplete / review (docs/metrics/outdated.md), each from a real false positive or a planted case. */

const verdicts = async (src: string, language: string): Promise<Record<string, string>> =>
  Object.fromEntries((await extractFunctions(src, language, 'x')).map((f) => [f.name, f.outdated.status]));

describe('signature rules that once fired on correct docs', () => {
  it('a JSDoc cast in a return (`return /** @type {T} */ (x)`) returns a value (tree-sitter splits it)', async () => {
    const src =
      'class A {\n  /**\n   * @returns {number} n\n   */\n  get1() {\n    return /** @type {number} */ (this.m.get(1));\n  }\n}\n';
    expect(await verdicts(src, 'JavaScript')).toEqual({ 'A.get1': 'CURRENT' });
  });
  it('a method that ends by throwing (abstract) is not said to return nothing', async () => {
    const src =
      'class G {\n  /**\n   * @returns {string[]} types\n   */\n  getTypes() {\n    const E = require("./E");\n    throw new E();\n  }\n}\n';
    expect(await verdicts(src, 'JavaScript')).toEqual({ 'G.getTypes': 'CURRENT' });
  });
  it('an ES5 constructor documents the object `new` gives back', async () => {
    const src = '/**\n * @param {string} m message\n * @returns {Err} the error\n */\nfunction Err(m) {\n  this.message = m;\n}\n';
    expect(await verdicts(src, 'JavaScript')).toEqual({ Err: 'CURRENT' });
  });
  it('a function reading `arguments` may document more parameters than it declares', async () => {
    const src =
      '/**\n * @param {Array} array a\n * @param {...*} values v\n * @returns {Array} r\n */\nfunction concat() {\n  return [].concat(arguments);\n}\n';
    expect(await verdicts(src, 'JavaScript')).toEqual({ concat: 'CURRENT' });
  });
  it('":return: No return value is supported by this event." says there is none', async () => {
    const src =
      'class E:\n    def before(self, target):\n        """Hook.\n\n        :param target: the target.\n        :return: No return value is supported by this event.\n        """\n';
    expect(await verdicts(src, 'Python')).toEqual({ 'E.before': 'CURRENT' });
  });
  it('a JSDoc cast in an unbraced `if (…) return /** @type {R} */ (x);` returns a value', async () => {
    const src =
      '/**\n * @param {Function} fn f\n * @returns {number | undefined} r\n */\nfunction each(fn) {\n  for (const h of hs) {\n    const r = fn(h);\n    if (r !== undefined) return /** @type {number} */ (r);\n  }\n}\n';
    expect(await verdicts(src, 'JavaScript')).toEqual({ each: 'CURRENT' });
  });
  it('an empty JS method body, a docstring-only Python hook declared `-> None`: placeholders, no return check', async () => {
    expect(
      await verdicts(
        'class S {\n  /**\n   * @param {number} pixel p\n   * @return {*} v\n   */\n  getValueForPixel(pixel) {}\n}\n',
        'JavaScript',
      ),
    ).toEqual({ 'S.getValueForPixel': 'CURRENT' });
    const hook =
      'class E:\n    def set(self, target) -> None:\n        """Hook.\n\n        :param target: t.\n        :return: the value to set, when retval=True.\n        """\n';
    expect(await verdicts(hook, 'Python')).toEqual({ 'E.set': 'CURRENT' });
  });
  it('a rest parameter collects what the doc names (`throw(...args)` documenting err and props)', async () => {
    const src =
      'const o = {\n  /**\n   * @param {Error} err e\n   * @param {Object} [props] p\n   */\n  throw(...args) {\n    throw make(...args);\n  },\n};\nmodule.exports = o;\n';
    expect(Object.values(await verdicts(src, 'JavaScript'))).toEqual(['CURRENT']);
  });
  it('`:param class:` documents `class_` (PEP 8 keyword clash); `@param {string} The text` names nothing', async () => {
    const py =
      'def key(class_=None, ident=None):\n    """Key.\n\n    :param class: mapped class\n    :param ident: primary key\n    """\n    return 1\n';
    expect(await verdicts(py, 'Python')).toEqual({ key: 'CURRENT' });
    const js =
      '/**\n * @param {string} The string to inspect.\n * @returns {Array} words\n */\nfunction words(string) {\n  return string.split(" ");\n}\n';
    expect(await verdicts(js, 'JavaScript')).toEqual({ words: 'CURRENT' });
  });
  it('still flags a documented return from a function that returns nothing', async () => {
    const src =
      '/**\n * @param {number} id id\n * @returns {boolean} removed\n */\nfunction eject(id) {\n  if (h[id]) {\n    h[id] = null;\n  }\n}\n';
    expect(await verdicts(src, 'JavaScript')).toEqual({ eject: 'OUTDATED' });
  });
});

describe('contract of a function', () => {
  it('reads defaults, raises and behaviour decorators from Python', () => {
    const content =
      '@property\n@functools.cache\ndef f(self, a: int = 3, *args, b="x, y", **kw) -> int:\n    """Doc."""\n    if a:\n        raise errors.NotFound("a")\n    raise ValueError\n';
    const c = contractOf(
      content,
      'f',
      'Python',
      { names: ['a', 'args', 'b', 'kw'], variadic: ['args', 'kw'], incomplete: false, acceptsKeywords: true },
      'none',
    );
    expect(c).toMatchObject({ defaults: { a: '3', b: '"x, y"' }, raises: ['NotFound', 'ValueError'], decorators: ['property'] });
  });
  it('reads `throws` clauses and thrown types from Java, TS defaults', () => {
    const java = 'public String read(String in) throws IOException, ParseException {\n  throw new IllegalStateException("x");\n}';
    expect(
      contractOf(java, 'read', 'Java', { names: ['in'], variadic: [], incomplete: false, acceptsKeywords: false }, 'value').raises,
    ).toEqual(['IOException', 'IllegalStateException', 'ParseException']);
    const ts = 'export function f(a: number, sep: string = ",", n = 2): string {\n  return a + sep;\n}';
    expect(
      contractOf(ts, 'f', 'TypeScript', { names: ['a', 'sep', 'n'], variadic: [], incomplete: false, acceptsKeywords: false }, 'value')
        .defaults,
    ).toEqual({ sep: '","', n: '2' });
  });
  it('normalised tokens ignore comments, whitespace, quote style and trailing commas', () => {
    expect(codeTokens("call(a, 'x',  # note\n  [1, 2, 3],\n)", 'Python')).toEqual(codeTokens('call(a, "x", [1, 2, 3])', 'Python'));
    expect(codeTokens('f(a) // c\n;', 'JavaScript')).toEqual(codeTokens('f(a)', 'JavaScript'));
    expect(codeTokens('return a + 1', 'Python')).not.toEqual(codeTokens('return a + 2', 'Python'));
  });
});

describe('contract changes judged against the doc', () => {
  const base: Contract = { params: ['a'], variadic: [], known: true, defaults: {}, returns: 'value', raises: ['KeyError'], decorators: [] };
  const doc = { text: 'Do.\n\nArgs:\n    a: the value.\n\nRaises:\n    KeyError: missing.', params: ['a'], documentsReturn: false };
  it('a parameter added to a doc that lists parameters is outdated; to one that lists none, a review', () => {
    const now = { ...base, params: ['a', 'b'] };
    expect(contractChanges(base, now, doc, () => new Set()).outdated.map((f) => f.code)).toEqual(['PARAM_ADDED_UNDOCUMENTED']);
    // Round 8 (docs/metrics/outdated.md): to one that lists none, a review only where its text speaks of the new name.
    expect(contractChanges(base, now, { ...doc, params: [] }, () => new Set()).review).toEqual([]);
    const speaking = { ...doc, text: `${doc.text}\nPass \`b\` to scale it.`, params: [] };
    expect(contractChanges(base, now, speaking, () => new Set()).review.map((f) => f.code)).toEqual(['PARAM_ADDED']);
  });
  it('a doc that was a partial parameter list from the start is not made outdated by a new parameter', () => {
    // (`self` needs no description: a method's doc that described every other parameter was complete)
    const method = { ...base, params: ['self', 'a'] };
    expect(contractChanges(method, { ...method, params: ['self', 'a', 'b'] }, doc, () => new Set()).outdated.map((f) => f.code)).toEqual([
      'PARAM_ADDED_UNDOCUMENTED',
    ]);
    const then = { ...base, params: ['a', 'z'] };
    const now = { ...base, params: ['a', 'z', 'b'] };
    expect(contractChanges(then, now, doc, () => new Set()).outdated).toEqual([]);
    // …nor made worth a look, unless it speaks of the new name (round 8, docs/metrics/outdated.md).
    expect(contractChanges(then, now, doc, () => new Set()).review).toEqual([]);
  });
  it('a doc that says it raises Exception covers a new exception type', () => {
    const now = { ...base, raises: ['KeyError', 'ExceptionGroup'] };
    const generic = { ...doc, text: 'Do.\n\nRaises:\n    Exception: if binding fails.' };
    expect(contractChanges(base, now, generic, () => new Set()).outdated).toEqual([]);
    expect(contractChanges(base, now, doc, () => new Set()).outdated.map((f) => f.code)).toEqual(['RAISE_ADDED_UNDOCUMENTED']);
  });
  it('a raise moved into a helper of the same file is a review, not outdated', () => {
    const now = { ...base, raises: [] };
    expect(contractChanges(base, now, doc, () => new Set()).outdated.map((f) => f.code)).toEqual(['RAISE_REMOVED_STILL_DOCUMENTED']);
    expect(contractChanges(base, now, doc, () => new Set(['KeyError'])).review.map((f) => f.code)).toEqual(['RAISE_REMOVED']);
  });
  it('a removed parameter or a raise moved into a helper that the doc never names is no review (held-out round 3)', () => {
    const plain = { text: 'Create the object.', params: [], documentsReturn: false };
    // paramiko `def __init__(self, server, *largs)` → `*args`; retrofit's range check moved into a helper.
    const then = { ...base, params: ['server', 'largs', 'flag'], variadic: ['largs'], raises: ['IllegalArgumentException'] };
    const now = { ...base, params: ['server', 'args'], variadic: ['args'], raises: [] };
    expect(contractChanges(then, now, plain, () => new Set(['IllegalArgumentException'])).review).toEqual([]);
    // Named by the doc: still worth a look.
    const naming = { ...plain, text: 'Create it; set `flag` to skip the check (IllegalArgumentException otherwise).' };
    expect(contractChanges(then, now, naming, () => new Set(['IllegalArgumentException'])).review.map((f) => f.code)).toEqual([
      'PARAM_REMOVED',
      'RAISE_REMOVED',
    ]);
    // Not named, gone from the whole file: nothing in the doc to correct either (round 8, docs/metrics/outdated.md).
    expect(contractChanges(then, now, plain, () => new Set()).review).toEqual([]);
  });
  it('a changed default is outdated only when the doc states the old one', () => {
    const then = { ...base, defaults: { a: '3' } };
    const now = { ...base, defaults: { a: '5' } };
    expect(
      contractChanges(then, now, { ...doc, text: 'a: the value. Defaults to 3.' }, () => new Set()).outdated.map((f) => f.code),
    ).toEqual(['DEFAULT_CHANGED_DOC_STATES_OLD']);
    // …and a doc that states some default ("optional") gets a review; one that states none does not (round 15).
    const optional = { ...doc, text: doc.text.replace('a: the value.', 'a: the value (optional).') };
    expect(contractChanges(then, now, optional, () => new Set()).review.map((f) => f.code)).toEqual(['DEFAULT_CHANGED']);
    expect(contractChanges(then, now, doc, () => new Set()).review).toEqual([]);
  });
});

describe('counts that count the right things', () => {
  it('leaves typing.overload stubs out of the functions (both Python paths), keeps the implementation', async () => {
    const src =
      'import typing\nfrom typing import overload\n\n@overload\ndef f(a: int) -> int: ...\n@typing.overload\ndef f(a: str) -> str: ...\ndef f(a):\n    """Doc."""\n    return a\n\nclass C:\n    @overload\n    def m(self, x: int) -> int: ...\n    @staticmethod\n    def m(x):\n        return x\n';
    const names = (await extractFunctions(src, 'Python', 'x.py')).map((f) => [f.name, f.startLine]);
    expect(names).toEqual([
      ['f', 8],
      ['C.m', 15],
    ]);
    const { extractWithTreeSitter } = await import('../src/functions/index.ts');
    expect((await extractWithTreeSitter(src, 'Python', 'x.py')).map((f) => [f.name, f.startLine])).toEqual(names);
  });
});

describe('Java doc attachment as javac does it', () => {
  it('a doc comment attaches across annotations, blank lines and // comments; code between stops it', async () => {
    const src =
      'class P {\n  /** Creates it. */\n  // a note for maintainers\n  @SuppressWarnings("x")\n  public P(Boolean b) {}\n\n  /**\n   * @return the exception\n   */\n\n  public Throwable get() { return null; }\n\n  /** Field. */\n  int f;\n\n  void bare() {}\n}\n';
    const docs = Object.fromEntries((await extractFunctions(src, 'Java', 'P.java')).map((f) => [f.name, f.docstring !== null]));
    expect(docs).toEqual({ 'P.P': true, 'P.get': true, 'P.bare': false });
  });
});

describe('Rust doc attachment as rustdoc does it', () => {
  // held out, set 16 (docs/metrics/docgen-quality.md): mio's `/// …` above
  // `#[allow(dead_code)] // Only used by …` was not attached, so the function counted as undocumented
  it('a doc comment attaches across an attribute whose line ends in a // comment', async () => {
    const src =
      'impl Waker {\n    /// Only ever `true` for the single-threaded waker.\n    #[allow(dead_code)] // Only used by the poll implementation.\n    pub(crate) fn woken(&self) -> bool {\n        false\n    }\n\n    // a note\n    #[inline]\n    fn bare(&self) {}\n}\n';
    const docs = Object.fromEntries((await extractFunctions(src, 'Rust', 'x.rs')).map((f) => [f.name, f.docstring !== null]));
    expect(docs).toEqual({ 'Waker.woken': true, 'Waker.bare': false });
  });
});

/** Round 8 (docs/metrics/outdated.md): contract changes that break no reading of the doc make no suggestion. */
describe('contract suggestions worth a look', () => {
  const base: Contract = {
    params: ['args'],
    variadic: [],
    known: true,
    defaults: { args: 'None' },
    returns: 'none',
    raises: [],
    decorators: [],
  };
  const doc = {
    text: 'Make a message.\n\nParameters:\n  args(tuple, optional): positional arguments.',
    params: ['args'],
    documentsReturn: false,
  };
  it('`None` for "nothing given" replaced by an empty literal is the same default (dramatiq message_with_options)', () => {
    for (const empty of ['()', '( )', '[]', '{}'])
      expect(contractChanges(base, { ...base, defaults: { args: empty } }, doc, () => new Set()).review).toEqual([]);
    // …and the reverse, the mutable-default fix (wrapt `wrap_object`, round 8 after its measure).
    const mutable = { ...base, defaults: { args: '{ }' } };
    expect(contractChanges(mutable, { ...mutable, defaults: { args: 'None' } }, doc, () => new Set()).review).toEqual([]);
    expect(contractChanges(base, { ...base, defaults: { args: '(1,)' } }, doc, () => new Set()).review.map((f) => f.code)).toEqual([
      'DEFAULT_CHANGED',
    ]);
  });
  it('a private helper that now returns a value is no suggestion; a public function is (apscheduler _ensure_services_ready)', () => {
    const now = { ...base, returns: 'value' as const };
    expect(contractChanges(base, now, doc, () => new Set(), undefined, undefined, 'private').review).toEqual([]);
    expect(contractChanges(base, now, doc, () => new Set(), undefined, undefined, 'public').review.map((f) => f.code)).toEqual([
      'RETURN_KIND_CHANGED',
    ]);
  });
});

describe('a stub that builds its message first (Pillow PyDecoder.decode, round 8)', () => {
  it('`msg = "…"; raise NotImplementedError(msg)` only raises "not implemented"; a body that computes is no stub', () => {
    const stub =
      'def decode(self, buffer):\n    """Decode.\n\n    :returns: A tuple.\n    """\n    msg = "unavailable in base decoder"\n    raise NotImplementedError(msg)\n';
    expect(onlyRaisesNotImplemented(stub, 'decode', 'Python')).toBe(true);
    const real = stub.replace('    msg = "unavailable in base decoder"\n', '    msg = self.read(buffer)\n');
    expect(onlyRaisesNotImplemented(real, 'decode', 'Python')).toBe(false);
  });
});

/** Round 9's held-out suggestions not worth a look (docs/metrics/outdated.md), each pinned at its cause. */
describe('round 9 suggestions (velocity-engine, jdom, gevent, coveragepy, WeasyPrint, joblib, python-zeroconf, ws)', () => {
  const base: Contract = {
    params: ['pdf', 'metadata'],
    variadic: [],
    known: true,
    defaults: {},
    returns: 'none',
    raises: [],
    decorators: [],
  };
  const none = (): ReadonlySet<string> => new Set();
  const words = (before: string, now: string, name: string, language: string, doc: string, params: string[]) => {
    const [then, today] = [bodyKey(codeKey(before, name, language)), bodyKey(codeKey(now, name, language))];
    return contractWords(changedWordsTheDocNames(then, today, doc, params, name), then, today, doc, params, '', name);
  };
  it('a parameter named only by a plain prose word is not spoken of (WeasyPrint pdfa, python-zeroconf _async_remove)', () => {
    const now = { ...base, params: ['pdf'] };
    const prose = { text: 'Set metadata for PDF/A documents.', params: [], documentsReturn: false };
    expect(contractChanges(base, now, prose, none).review).toEqual([]);
    // Written as code, or code-shaped, it is (stringtemplate4 trackDebugEvent `{@code self}`, joblib `output_dir`).
    const code = { ...prose, text: 'Set the {@code metadata} of PDF/A documents.' };
    expect(contractChanges(base, now, code, none).review.map((f) => f.code)).toEqual(['PARAM_REMOVED']);
    const shaped = {
      then: { ...base, params: ['pdf', 'output_dir'] },
      doc: { ...prose, text: 'Save it.\n\noutput_dir: string\n    where.' },
    };
    expect(contractChanges(shaped.then, now, shaped.doc, none).review.map((f) => f.code)).toEqual(['PARAM_REMOVED']);
  });
  it('a value handed on as an option field or a keyword argument is no change of it (ws Sender.ping)', () => {
    const doc = 'Sends a ping.\n\n@param {*} data The message\n@param {Boolean} [mask=false] Whether to mask `data`';
    const before = 'function ping(data, mask, cb) {\n  this.doPing(data, mask, cb);\n}';
    const now = 'function ping(data, mask, cb) {\n  this.sendFrame(frame(data, { mask, rsv1: false, readOnly: false }), cb);\n}';
    expect(words(before, now, 'ping', 'JavaScript', doc, ['data', 'mask', 'cb'])).toEqual({ added: [], removed: [] });
    // A value the body now compares or returns still is one.
    const compares = 'function ping(data, mask, cb) {\n  if (mask === false) return;\n  this.doPing(data, mask, cb);\n}';
    expect(words(before, compares, 'ping', 'JavaScript', doc, ['data', 'mask', 'cb']).added).toEqual(['false']);
  });
  it('a digit of a longer number in the doc ("XML 1.0", `n_jobs=-1`) names no number of the code (jdom, joblib)', () => {
    const doc = 'Passing n_jobs=-1 means all workers, as XML 1.0 says.';
    const before = 'def jobs(n_jobs=-1):\n    return backend(n_jobs)\n';
    const now = 'def jobs(n_jobs=-1):\n    if n_jobs == 1:\n        return 1\n    return backend(n_jobs) + 0\n';
    expect(words(before, now, 'jobs', 'Python', doc, ['n_jobs'])).toEqual({ added: [], removed: [] });
    // A number the doc states on its own is named; so is -1 where the code writes it negative.
    expect(words(before, now, 'jobs', 'Python', 'Returns 1 for one job.', ['n_jobs']).added).toEqual(['1']);
    const negative = 'def jobs(n_jobs=-1):\n    return - 1\n';
    expect(words(before, negative, 'jobs', 'Python', 'Returns -1 when none.', ['n_jobs']).added).toEqual(['1']);
  });
  it('the return kind is no change under a doc that already says a value, or that says nothing of one (coveragepy get_stats, ws close)', () => {
    const stats = { text: 'Return a dictionary of statistics, or None.', params: [], documentsReturn: false };
    expect(contractChanges(base, { ...base, returns: 'value' }, stats, none).review).toEqual([]);
    const close = { text: 'Start a closing handshake.', params: [], documentsReturn: false };
    const value = { ...base, returns: 'value' as const };
    expect(contractChanges(value, base, close, none).review).toEqual([]);
    // The other two ways still are.
    expect(contractChanges(base, value, close, none).review.map((f) => f.code)).toEqual(['RETURN_KIND_CHANGED']);
    expect(contractChanges(value, base, stats, none).review.map((f) => f.code)).toEqual(['RETURN_KIND_CHANGED']);
  });
  it('a null-argument check and an assertion written as a raise are no new way to fail (jdom Attribute.setValue, gevent start_joinable_thread)', () => {
    const doc = { text: 'Sets the value.', params: [], documentsReturn: false };
    for (const type of ['NullPointerException', 'AssertionError'])
      expect(contractChanges(base, { ...base, raises: [type] }, doc, none).review).toEqual([]);
    expect(contractChanges(base, { ...base, raises: ['ConfigError'] }, doc, none).review.map((f) => f.code)).toEqual(['RAISE_ADDED']);
  });
});

describe('round 9 suggestions after the first fixes (velocity-engine, gevent, eventlet, python-zeroconf)', () => {
  it('a doc version without a body, or one that only raises "not implemented", has nothing to compare (IntrospectorCache.get, start_joinable_thread)', () => {
    expect(bodiless('ClassMap get(Class c);', 'get', 'Java')).toBe(true);
    expect(bodiless('def start(fn, handle=None):\n    """Start."""\n    raise NotImplementedError\n', 'start', 'Python')).toBe(true);
    expect(bodiless('public ClassMap get(Class c) {\n  return cache.get(c);\n}', 'get', 'Java')).toBe(false);
    expect(bodiless('def start(fn, handle=None):\n    """Start."""\n    return spawn(fn)\n', 'start', 'Python')).toBe(false);
  });
  it('a boolean gone where the body now returns in fewer places is the same result (VelocimacroManager.usingNamespaces)', () => {
    const doc = 'Whether namespaces are used.\n\n@return true if using namespaces, false if not';
    const before = 'boolean using() {\n  if (!on) {\n    return false;\n  }\n  if (local) {\n    return true;\n  }\n  return false;\n}';
    const now = 'boolean using() {\n  if (!on) {\n    return false;\n  }\n  return local;\n}';
    const [then, today] = [bodyKey(codeKey(before, 'using', 'Java')), bodyKey(codeKey(now, 'using', 'Java'))];
    const kept = contractWords(changedWordsTheDocNames(then, today, doc, [], 'using'), then, today, doc, [], '', 'using');
    expect(kept.removed).toEqual(['true']);
    expect(withoutSameValues(kept, then, today, new Map())).toEqual({ added: [], removed: [] });
  });
  it('a decorator the doc does not speak of makes no suggestion (eventlet _pack_message, python-zeroconf is_probe)', () => {
    const fn = (d: string) =>
      contractOf(`@${d}\ndef probe(self):\n    """Returns true if this is a probe."""\n    return 1\n`, 'probe', 'Python', null, 'value');
    const plain = { text: 'Returns true if this is a probe.', params: [], documentsReturn: true };
    const method = contractOf(
      'def probe(self):\n    """Returns true if this is a probe."""\n    return 1\n',
      'probe',
      'Python',
      null,
      'value',
    );
    expect(contractChanges(fn('property'), method, plain, () => new Set()).review).toEqual([]);
  });
});
