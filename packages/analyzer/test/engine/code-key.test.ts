import { describe, expect, it } from 'vitest';
import { bodyKey, changedWordsTheDocNames, codeKey, contractWords, replacedValuesOnly } from '../../src/engine/code-key.ts';

/** code-key.ts: what counts as a change of a function's code (docs/metrics/outdated.md §Which commit). */
const PY = `def f(a, b=1):\n    """Doc."""\n    total = helper(a, 'x')\n    for i, j in pairs(total):\n        total += i\n    return f"{total}"\n`;
const py = (text: string): string => codeKey(text, 'f', 'Python');

describe('code key', () => {
  it('sets aside docstrings, comments, blank lines, layout, annotations and local names (Python)', () => {
    const cosmetic = `def f(a: int, b: int = 1) -> str:\n    """Another doc."""\n    # a comment\n\n    result: int = helper(\n        a,\n        "x",\n    )  # type: ignore\n    for k, j in pairs(result):\n        result += k\n    return f"{result}"\n`;
    expect(py(cosmetic)).toBe(py(PY));
  });
  it("sets aside a nested def's parameter and return annotations too (pymongo drop_search_index)", () => {
    const nested = (ann: string, ret: string): string =>
      `def f(a, b=1):\n    async def inner(session${ann}, conn${ann})${ret}:\n        return await run(session, conn, a)\n    return await retry(inner, b)\n`;
    expect(py(nested(': Optional[AsyncClientSession]', ' -> list[str]'))).toBe(py(nested('', '')));
    expect(py(nested('', '').replace('conn, a)', 'conn, b)'))).not.toBe(py(nested('', '')));
  });
  it('sees a change of code, of a parameter, of an attribute or of a keyword argument', () => {
    expect(py(PY.replace('total += i', 'total += j'))).not.toBe(py(PY));
    expect(py(PY.replace('(a, b=1)', '(a, c=1)'))).not.toBe(py(PY));
    expect(py(PY.replace("helper(a, 'x')", "helper(a, 'y')"))).not.toBe(py(PY));
    const attr = `def f(self):\n    self.total = 1\n    return g(size=self.total)\n`;
    expect(py(attr.replace(/total/g, 'count'))).not.toBe(py(attr));
    expect(py(attr.replace('size=', 'width='))).not.toBe(py(attr));
  });
  it('a block header is no annotation; a dict literal entry is not either', () => {
    const block = `def f(a):\n    if a:\n        x = {\n            k: 1,\n        }\n    else:\n        x = 2\n    return x\n`;
    expect(py(block.replace('k: 1', 'k: 2'))).not.toBe(py(block));
    expect(py(block.replace('else:', 'elif a is None:'))).not.toBe(py(block));
  });
  it('TypeScript: parameter and return annotations and local names', () => {
    const a = 'function g(a: number, b?: string): Promise<X> {\n  const x = a + 1;\n  return f(x, `${x}`);\n}';
    const b = 'function g(a, b) {\n  const y = a + 1\n  return f(y, `${y}`)\n}';
    expect(codeKey(a, 'g', 'TypeScript')).toBe(codeKey(b, 'g', 'TypeScript'));
    expect(codeKey(b.replace('a + 1', 'a + 2'), 'g', 'TypeScript')).not.toBe(codeKey(b, 'g', 'TypeScript'));
  });
  it('Java: an added @Override is no change; a reassigned parameter stays a parameter, not a local', () => {
    const eq = 'public boolean equals(Object obj) {\n  return this == obj;\n}';
    expect(codeKey(`@Override\n  ${eq}`, 'equals', 'Java')).toBe(codeKey(eq, 'equals', 'Java'));
    expect(codeKey(`@SuppressWarnings("x")\n  ${eq}`, 'equals', 'Java')).toBe(codeKey(eq, 'equals', 'Java'));
    const set =
      'public static void setProvider(Provider provider) {\n  if (provider == null) {\n    provider = getDefaultProvider();\n  }\n  cProvider.set(provider);\n}';
    expect(bodyKey(codeKey(set, 'setProvider', 'Java'))).toContain('cProvider . set ( provider )');
  });
  it('Python: an import moved into the body is no change (ipython "defer imports")', () => {
    const f = 'def f(cmd):\n    """Run."""\n    code = run(cmd)\n    if code != 0:\n        raise CalledProcessError(code, cmd)\n';
    const deferred = f.replace(
      '    if code',
      '    from subprocess import (\n        CalledProcessError,\n    )\n    import os.path as p\n    if code',
    );
    expect(codeKey(deferred, 'f', 'Python')).toBe(codeKey(f, 'f', 'Python'));
    expect(codeKey(deferred.replace('run(cmd)', 'run(cmd, check=True)'), 'f', 'Python')).not.toBe(codeKey(f, 'f', 'Python'));
  });
  it('Python: implicit string concatenation joined by a formatter is no change (starlette, Ruff)', () => {
    const split = `def f(a):\n    raise RuntimeError(\n        "Expected ASGI message "\n        f"'{a}', but got {a!r}."\n    )\n`;
    const joined = `def f(a):\n    raise RuntimeError(f"Expected ASGI message '{a}', but got {a!r}.")\n`;
    expect(py(joined)).toBe(py(split));
    expect(py(`def f(a):\n    return "x" "y"\n`)).toBe(py(`def f(a):\n    return "xy"\n`));
    expect(py(`def f(a):\n    return "x" "y"\n`)).not.toBe(py(`def f(a):\n    return "xz"\n`));
    expect(py(`def f(a):\n    return g("x", "y")\n`)).not.toBe(py(`def f(a):\n    return g("xy")\n`));
  });
  it('TypeScript: `as` casts, `satisfies` and non-null assertions are no change (rxjs)', () => {
    const ts = (body: string): string => codeKey(`function g(a: unknown) {\n  ${body}\n}`, 'g', 'TypeScript');
    expect(ts('return (a as Subscriber<T>).next(1);')).toBe(ts('return (a).next(1);'));
    expect(ts('const x = a as unknown as Record<string, number[]>;\n  return x.y!.z;')).toBe(ts('const x = a;\n  return x.y.z;'));
    expect(ts('return { k: 1 } as const;')).toBe(ts('return { k: 1 };'));
    expect(ts('return f(a as A | B, 2) satisfies R;')).toBe(ts('return f(a, 2);'));
    expect(ts('return a !== b && !c;')).not.toBe(ts('return a === b && c;'));
    expect(ts('return (a as X).next(1);')).not.toBe(ts('return (a).next(2);'));
  });
  it("Go: `interface{}` → `any` is no change (viper's modernisation 3d006fe)", () => {
    const go = (t: string): string =>
      codeKey(
        `func (v *Viper) merge(shadow map[string]bool, m map[string]${t}) map[string]bool {\n\tvar x ${t}\n\treturn shadow\n}`,
        'merge',
        'Go',
      );
    expect(go('any')).toBe(go('interface{}'));
    expect(go('any')).not.toBe(go('string'));
  });
  it('Python: a bare `return` is `return None` (babel normalize_currency)', () => {
    expect(py(`def f(a):\n    if a:\n        return None  # nothing\n    return a\n`)).toBe(
      py(`def f(a):\n    if a:\n        return\n    return a\n`),
    );
    expect(py(`def f(a):\n    return None if a else 1\n`)).not.toBe(py(`def f(a):\n    return\n`));
  });
  it('the body key leaves the declaration out', () => {
    expect(bodyKey(py(PY.replace('(a, b=1)', '(a, b=2)')))).toBe(bodyKey(py(PY)));
  });
});

/** Held-out round 3 (docs/metrics/outdated.md): which changed words a doc really names. */
describe('changed words the doc names', () => {
  const words = (before: string, now: string, name: string, language: string, doc: string, params: string[] = []) =>
    changedWordsTheDocNames(bodyKey(codeKey(before, name, language)), bodyKey(codeKey(now, name, language)), doc, params);
  it('a field of a documented parameter the body now hands on whole is still read, by the callee (mongoose toJSONSchema, 72609f2)', () => {
    const before =
      "SchemaDate.prototype.toJSONSchema = function toJSONSchema(options) {\n  return createDefinition('string', 'date', options?.useBsonType, isRequired);\n};";
    const now =
      "SchemaDate.prototype.toJSONSchema = function toJSONSchema(options) {\n  return this._createDefinition('string', 'date', options);\n};";
    const doc =
      "Returns this schema type's representation in a JSON schema.\n\n@param {object} [options]\n@param {boolean} [options.useBsonType=false] If true, return a representation with `bsonType`";
    expect(words(before, now, 'toJSONSchema', 'JavaScript', doc, ['options'])).toEqual({ added: [], removed: [] });
    // …but a field the body stops reading without handing the parameter on is a change.
    const dropped =
      "SchemaDate.prototype.toJSONSchema = function toJSONSchema(options) {\n  return createDefinition('string', 'date');\n};";
    expect(words(before, dropped, 'toJSONSchema', 'JavaScript', doc, ['options']).removed).toContain('useBsonType');
  });
  it('a value or number an option description states is not named; one the summary, a code span or the return states is (mongoose insertMany)', () => {
    const before =
      'Model.insertMany = function insertMany(arr, options) {\n  return this.$__insertMany(arr, options, { ordered: false, limit: 0 });\n};';
    const now = 'Model.insertMany = function insertMany(arr, options) {\n  return this.$__insertMany(arr, options);\n};';
    const doc =
      'Inserts many documents.\n\n@param {Array} arr the documents\n@param {object} [options]\n@param {boolean} [options.ordered=true] if true, will fail fast on the first error; if false, inserts all\n@param {number} [options.limit=0] at most this many, 0 for all\n@return {Promise}';
    expect(words(before, now, 'insertMany', 'JavaScript', doc, ['arr', 'options'])).toEqual({ added: [], removed: [] });
    const stated = doc.replace('@return {Promise}', '@return {Promise} resolves to `false` when nothing was inserted');
    expect(words(before, now, 'insertMany', 'JavaScript', stated, ['arr', 'options']).removed).toEqual(['false']);
  });
  it('a plain prose word is not a mention of a method the change calls (paramiko listdir_attr)', () => {
    const before = "def listdir_attr(self, path='.'):\n    self._log(DEBUG, 'listdir(%r)' % path)\n    return self._read(path)\n";
    const now = "def listdir_attr(self, path='.'):\n    self._log(DEBUG, 'listdir({!r})'.format(path))\n    return self._read(path)\n";
    const doc =
      "Return a list of attributes.\n\nThe field may contain a formatted string of the\nfile's attributes, in unix format.\n\n:param str path: path to list";
    expect(words(before, now, 'listdir_attr', 'Python', doc, ['path'])).toEqual({ added: [], removed: [] });
  });
  it('the words of a message string are not named (gunicorn application)', () => {
    const before = "def app(environ):\n    if path == '/large':\n        body = b'X'\n    return [body]\n";
    const now =
      "def app(environ):\n    if path == '/large':\n        body = b'X'\n    elif path == '/slow':\n        body = b'Slow response'\n    return [body]\n";
    expect(words(before, now, 'app', 'Python', 'Basic hello world response.')).toEqual({ added: [], removed: [] });
  });
  it('a word of an example, of the summary or a code-shaped word anywhere is named (date-fns floor → trunc)', () => {
    const before = 'function toMinutes(ms: number): number {\n  return Math.floor(ms / 60000);\n}';
    const now = 'function toMinutes(ms: number): number {\n  return Math.trunc(ms / 60000);\n}';
    const doc =
      '@summary Convert milliseconds to minutes.\n\n@param ms - the milliseconds\n\n@example\n// It uses floor rounding:\nconst result = toMinutes(119999)';
    expect(words(before, now, 'toMinutes', 'TypeScript', doc, ['ms'])).toEqual({ added: [], removed: ['floor'] });
    expect(
      words(
        'def add(a, b):\n    return a + b\n',
        'def add(a, b):\n    return sum((a, b))\n',
        'add',
        'Python',
        'Return the sum of a and b.',
      ),
    ).toEqual({
      added: ['sum'],
      removed: [],
    });
    const limit = 'def f(a):\n    return a[:MAX_ITEMS]\n';
    expect(words('def f(a):\n    return a * 2\n', 'def f(a):\n    return a * 3\n', 'f', 'Python', 'Multiply the value by 2.')).toEqual({
      added: [],
      removed: ['2'],
    });
    expect(words(limit, limit.replace('MAX_ITEMS', 'LIMIT'), 'f', 'Python', 'Cut a list.\n\nAt most MAX_ITEMS are kept.')).toEqual({
      added: [],
      removed: ['MAX_ITEMS'],
    });
  });
  it('the function\'s own name, a one-letter word and Go\'s `any` are not named (viper New, guice "i.e.", viper interface{} → any)', () => {
    const go = (before: string, now: string, doc: string, name: string) =>
      changedWordsTheDocNames(bodyKey(codeKey(before, name, 'Go')), bodyKey(codeKey(now, name, 'Go')), doc, [], name);
    expect(
      go(
        'func New() *V {\n\treturn &V{r: reg{}}\n}',
        'func New() *V {\n\treturn &V{r: slog.New(h)}\n}',
        'New returns an initialized V.',
        'New',
      ),
    ).toEqual({ added: [], removed: [] });
    expect(
      go(
        'func f(a []T) bool {\n\tfor i := range a {\n\t\tg(a[i])\n\t}\n\treturn true\n}',
        'func f(a []T) bool {\n\treturn h(a)\n}',
        'Returns whether they look alike (i.e. if you ignore the package).',
        'f',
      ),
    ).toEqual({ added: [], removed: [] });
    expect(
      go(
        'func c(m map[string]interface{}) {\n\tnm := make(map[string]interface{})\n\tuse(nm, m)\n}',
        'func c(m map[string]any) {\n\tnm := make(map[string]any)\n\tuse(nm, m)\n}',
        'c creates a copy of any map it makes case insensitive.',
        'c',
      ),
    ).toEqual({ added: [], removed: [] });
  });
  it("Go's built-in types and functions are words of prose (chi split: 'Split a string'; zap All: 'returns a copy')", () => {
    const go = (before: string, now: string, doc: string, name: string) =>
      changedWordsTheDocNames(bodyKey(codeKey(before, name, 'Go')), bodyKey(codeKey(now, name, 'Go')), doc, [], name);
    expect(
      go(
        'func split(str, sep string) (string, string) {\n\tvar a, b string\n\tparts := strings.SplitN(str, sep, 2)\n\treturn parts[0], b\n}',
        'func split(str, sep string) (string, string) {\n\ta, b, _ := strings.Cut(str, sep)\n\treturn a, b\n}',
        'Split a string in two parts, cleaning any whitespace.',
        'split',
      ),
    ).toEqual({ added: [], removed: [] });
    expect(
      go(
        'func (o *O) All() []E {\n\tret := make([]E, len(o.logs))\n\tfor i := range o.logs {\n\t\tret[i] = o.logs[i]\n\t}\n\treturn ret\n}',
        'func (o *O) All() []E {\n\tret := make([]E, len(o.logs))\n\tcopy(ret, o.logs)\n\treturn ret\n}',
        'All returns a copy of all the observed logs.',
        'O.All',
      ),
    ).toEqual({ added: [], removed: [] });
  });
  it('a plain word of a return or parameter entry is not named; a value such as true is (joda DateTimeZone)', () => {
    const before = 'public String name(Object o) {\n  if (o == null) {\n    return zone.id();\n  }\n  return o.toString();\n}';
    const now = 'public String name(Object o) {\n  return o == null ? ZONES.id() : o.toString();\n}';
    const doc = 'Gets the name.\n\n@param o  the object, null for the zone\n@return the name of the zone';
    expect(words(before, now, 'name', 'Java', doc, ['o'])).toEqual({ added: [], removed: [] });
    const flag = 'public boolean same(Object o) {\n  if (this == o) {\n    return true;\n  }\n  return false;\n}';
    expect(
      words(flag, 'public boolean same(Object o) {\n  return this == o;\n}', 'same', 'Java', 'Checks.\n\n@return true if equal', ['o']),
    ).toEqual({
      added: [],
      removed: ['true'],
    });
  });
});

describe('words inside an f-string or a template literal (round 7)', () => {
  const words = (before: string, now: string, name: string, language: string, doc: string, params: string[] = []) =>
    changedWordsTheDocNames(bodyKey(codeKey(before, name, language)), bodyKey(codeKey(now, name, language)), doc, params);
  it('an expression moved into an f-string is still used (w3lib path_to_file_uri, 0d2eab0)', () => {
    const before =
      'def path_to_file_uri(path):\n    """Convert local filesystem path to legal File URIs."""\n    x = pathname2url(str(Path(path).absolute()))\n    return f"file:///{x.lstrip(\'/\')}"\n';
    const now =
      'def path_to_file_uri(path):\n    """Convert local filesystem path to legal File URIs."""\n    return f"file:///{pathname2url(str(Path(path).absolute())).lstrip(\'/\')}"\n';
    expect(words(before, now, 'path_to_file_uri', 'Python', 'Convert local filesystem path to legal File URIs.', ['path'])).toEqual({
      added: [],
      removed: [],
    });
  });
  it('names already inside a template literal are no new ones (less.js Quoted.eval.variableReplacement, c303718)', () => {
    const before = 'function variableReplacement(_, name1, name2) {\n  return new Variable(`@${name1 ?? name2}`, index).eval(context);\n}';
    const now = 'function variableReplacement(_, name1, name2) {\n  return resolveInterpolated(name1 ?? name2, index).eval(context);\n}';
    const doc = '@param {string} _\n@param {string} name1\n@param {string} name2\n@returns {string}';
    expect(words(before, now, 'variableReplacement', 'JavaScript', doc, ['_', 'name1', 'name2'])).toEqual({ added: [], removed: [] });
    // A name that leaves the template for good is still a change.
    const gone = 'function variableReplacement(_, name1, name2) {\n  return resolveInterpolated(name2, index).eval(context);\n}';
    expect(words(before, gone, 'variableReplacement', 'JavaScript', doc, ['_', 'name1', 'name2'])).toEqual({
      added: [],
      removed: ['name1'],
    });
  });
});

/**
 * Round 8 (docs/metrics/outdated.md): of the changed words a doc names, only those that speak of
 * its contract make a suggestion; refactors the doc never described (delegation to an overload, a
 * check moved into a helper, a parameter used otherwise, a version number) make none.
 */
describe('changed words that speak of the contract', () => {
  const kept = (before: string, now: string, name: string, language: string, doc: string, params: string[], returnType = '') => {
    const [then, today] = [bodyKey(codeKey(before, name, language)), bodyKey(codeKey(now, name, language))];
    return contractWords(changedWordsTheDocNames(then, today, doc, params, name), then, today, doc, params, returnType, name);
  };
  it('a body moved into an overload of its own name changes no value (handlebars.java Utils.isEmpty)', () => {
    const before =
      'static boolean isEmpty(Object value) {\n  if (value == null) {\n    return true;\n  }\n  return value.toString().length() == 0;\n}';
    const now = 'static boolean isEmpty(Object value) {\n  return isEmpty(value, false);\n}';
    const doc = 'Evaluate the value.\n\n@param value the value\n@return true if the value is null or empty';
    expect(kept(before, now, 'isEmpty', 'Java', doc, ['value'])).toEqual({ added: [], removed: [] });
  });
  it('a value handed on to a delegated constructor is no change of it (jcommander, jline3 DefaultStage)', () => {
    const before = 'public Cmd(Object object, Bundle bundle) {\n  init(object, bundle);\n}';
    const now = 'public Cmd(Object object, Bundle bundle) {\n  this(object, bundle, (String[]) null);\n}';
    const doc = 'Creates it.\n\n@param object the object\n@param bundle the bundle, can be null.';
    expect(kept(before, now, 'Cmd', 'Java', doc, ['object', 'bundle'])).toEqual({ added: [], removed: [] });
  });
  it('a null check moved into a new helper is a refactor (commons-dbcp CharArray.get)', () => {
    const before = 'private char[] get() {\n  return chars == null ? null : chars.clone();\n}';
    const now = 'private char[] get() {\n  return Utils.clone(chars);\n}';
    expect(kept(before, now, 'get', 'Java', 'Gets the value.\n\n@return value, may be null.', [])).toEqual({ added: [], removed: [] });
  });
  it('a parameter the body uses otherwise is no contract word (handlebars.java Options.data)', () => {
    const before = 'public Object data(String name, Object value) {\n  return store(name);\n}';
    const now = 'public Object data(String name, Object value) {\n  return context.data(name, value);\n}';
    const doc = 'Set an attribute.\n\n@param name the name\n@param value the value\n@return the previous value';
    expect(kept(before, now, 'data', 'Java', doc, ['name', 'value'])).toEqual({ added: [], removed: [] });
  });
  it("a type the doc names as today's declared return type is no stale type; one the return text names that the body no longer builds is (jna getTransferable, boto3 create_transfer_manager)", () => {
    const before = 'public Transferable getTransferable(Event e) {\n  return (Transferable) invoke(e, "getTransferable");\n}';
    const now = 'public Transferable getTransferable(Event e) {\n  return e.getTransferable();\n}';
    const doc = 'The current item.\n\n@param e the event\n@return {@link Transferable} of the item';
    expect(kept(before, now, 'getTransferable', 'Java', doc, ['e'], 'Transferable')).toEqual({ added: [], removed: [] });
    const py = (body: string) => `def make(client, config=None):\n    """Make a manager.\n\n    :rtype: TransferManager\n    """\n${body}`;
    const beforePy = py('    return TransferManager(client, config)\n');
    const nowPy = py('    if fast(client):\n        return make_fast(client, config)\n    return Default(client, config)\n');
    expect(kept(beforePy, nowPy, 'make', 'Python', ':rtype: TransferManager', ['client', 'config']).removed).toEqual(['TransferManager']);
  });
  it('a value the body now compares, a call the doc names, stay (pint Quantity.to, w3lib _urlsplit)', () => {
    const before = 'def to(self, other=None):\n    other = convert(other)\n    return self.cast(other)\n';
    const now = 'def to(self, other=None):\n    other = empty() if other is None else convert(other)\n    return self.cast(other)\n';
    const doc = 'Return a copy converted.\n\n:param other: destination units. (Default value = None)';
    expect(kept(before, now, 'to', 'Python', doc, ['self', 'other']).added).toEqual(['None']);
    const split = 'Split a URL in one pass instead of repeated .find/.split calls.';
    expect(
      kept(
        'def split(url):\n    return scan(url, 0)\n',
        "def split(url):\n    return scan(url, url.find(':'))\n",
        'split',
        'Python',
        split,
        ['url'],
      ).added,
    ).toEqual(['find']);
  });
  it('`True` and `False` both gone (`return c`), or a digit of a version, name nothing changed (falcon has_param, svgo)', () => {
    const before = 'def has(self, name):\n    if name in self._params:\n        return True\n    else:\n        return False\n';
    const now = 'def has(self, name):\n    return name in self._params\n';
    const doc = 'Check.\n\nReturns:\n    bool: ``True`` if found, or ``False`` if not.';
    expect(kept(before, now, 'has', 'Python', doc, ['self', 'name'])).toEqual({ added: [], removed: [] });
    const js = (n: string) => `function fn(root) {\n  return visit(root, ${n});\n}`;
    expect(kept(js('1'), js('0'), 'fn', 'JavaScript', 'Removes scripts.\n\n@since 1.0.0', ['root'])).toEqual({ added: [], removed: [] });
  });
});

describe('value words of a body change (docs/decisions.md §Review suggestions: stricter)', () => {
  const key = (body: string) => bodyKey(codeKey(`def f(a):\n    """The value plus 1."""\n${body}`, 'f', 'Python'));
  it('a number the doc states replaced by another number is kept ("the value plus 1": `a + 1` → `a + 2`)', () => {
    expect(replacedValuesOnly({ added: [], removed: ['1'] }, key('    return a + 1\n'), key('    return a + 2\n'))).toEqual({
      added: [],
      removed: ['1'],
    });
  });
  it('a number or a boolean that left with nothing of its kind in its place is not (a branch made a ternary, a fold)', () => {
    expect(
      replacedValuesOnly({ added: [], removed: ['0'] }, key('    if a < 0:\n        a = -a\n    return a\n'), key('    return abs(a)\n')),
    ).toEqual({ added: [], removed: [] });
    expect(
      replacedValuesOnly(
        { added: [], removed: ['True'] },
        key('    if a:\n        return True\n    return False\n'),
        key('    return bool(a)\n'),
      ),
    ).toEqual({ added: [], removed: [] });
    // A fast path for `a == 1` added, no number gone.
    expect(
      replacedValuesOnly(
        { added: ['1'], removed: [] },
        key('    return g(a)\n'),
        key('    if a == 1:\n        return a\n    return g(a)\n'),
      ),
    ).toEqual({
      added: [],
      removed: [],
    });
    // A word that is no value is left alone.
    expect(replacedValuesOnly({ added: ['imap'], removed: [] }, key('    return g(a)\n'), key('    return imap(a)\n')).added).toEqual([
      'imap',
    ]);
  });
});
