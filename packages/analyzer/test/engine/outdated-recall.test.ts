import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, git, initRepo, tempDir, write } from './helpers.ts';

/**
 * Recall and precision of OUTDATED on planted changes (docs/metrics/outdated.md): every contract change
 * a doc contradicts is flagged, with the commit that made it; formatting, annotation, comment,
 * modifier and merge-only changes are not; other body changes are review suggestions.
 * One repository: a first commit with every function documented (2025-01-01), then one commit
 * per planted change, some on a branch merged with --no-ff.
 */
const root = tempDir('recall');
const shas: Record<string, string> = {};
let byName: Map<string, FunctionAnalysisEntry>;

const py = (name: string, params: string, doc: string, body: string): string =>
  `def ${name}(${params}):\n    """${doc}\n    """\n${body}\n\n\n`;
const args = (...lines: string[]): string => `Do it.\n\n    Args:\n${lines.map((l) => `        ${l}`).join('\n')}`;

const FIRST: Record<string, string> = {
  param_added: py('param_added', 'a', args('a: the value.'), '    return a'),
  param_removed: py('param_removed', 'a, b', args('a: the value.', 'b: the other.'), '    return a + b'),
  param_renamed: py('param_renamed', 'a, b', args('a: the value.', 'b: the other.'), '    return a - b'),
  return_removed: py('return_removed', 'a', 'Double it.\n\n    Returns:\n        int: twice a.', '    return a * 2'),
  raise_added: py(
    'raise_added',
    'a',
    'Check it.\n\n    Raises:\n        ValueError: when a is negative.',
    "    if a < 0:\n        raise ValueError('negative')\n    return a",
  ),
  raise_removed: py(
    'raise_removed',
    'a',
    'Check it.\n\n    Raises:\n        KeyError: when a is missing.',
    "    if a is None:\n        raise KeyError('a')\n    return a",
  ),
  default_changed: py(
    'default_changed',
    'a, retries=3',
    args('a: the value.', 'retries: attempts. Defaults to 3.'),
    '    return a * retries',
  ),
  return_type: py('return_type', 'a', 'Index it.\n\n    Returns:\n        dict: the entries by key.', '    return {a: 1}').replace(
    '):',
    ') -> dict:',
  ),
  return_none: py(
    'return_none',
    'a',
    'Look it up.\n\n    Returns:\n        The entry, or None if a is empty.',
    '    if not a:\n        return None\n    return a',
  ),
  typing_modernised: py('typing_modernised', 'a', 'Count it.\n\n    Returns:\n        Dict[str, int]: the counts.', '    return a').replace(
    '):',
    ') -> Dict[str, int]:',
  ),
  reformatted: py('reformatted', 'a, b', args('a: the value.', 'b: the other.'), "    return call(a, 'x', [1, 2, 3])"),
  annotated: py('annotated', 'a, b', args('a: the value.', 'b: the other.'), '    return a'),
  commented: py('commented', 'a', args('a: the value.'), '    return a'),
  body_changed: py('body_changed', 'a', args('a: the value plus 1.'), '    return a + 1'),
  body_refactored: py('body_refactored', 'a', args('a: the value.'), '    return a + 1'),
  merged_param: py('merged_param', 'a', args('a: the value.'), '    return a'),
  merged_body: py('merged_body', 'a', args('a: the value, or its ``abs``.'), '    return a'),
  incomplete: py('incomplete', 'a, b', args('a: the value, or None.'), '    return a'),
  changed_then_reformatted: py('changed_then_reformatted', 'a', args('a: the value, as ``wrap`` gives it.'), '    return a'),
};

const write_ = (parts: Record<string, string>): void => write(root, 'mod.py', Object.values(parts).join(''));

const JS_FIRST = `/**
 * Join two strings.
 * @param {string} a first
 * @param {string} b second
 * @returns {string} both
 */
export function join(a, b) {
  return a + b;
}

/**
 * Quote a string.
 * @param {string} s the text
 * @returns {string} quoted
 */
export function quote(s) {
  return '"' + s + '"';
}
`;

const JAVA_FIRST = `package p;

interface Store {
  /**
   * Loads an entry.
   *
   * @param key the key
   * @return the entry
   * @throws IllegalStateException when closed
   */
  public String load(String key);
}

class Lister {
  /**
   * Lists the names.
   *
   * @return the List of names, in order
   */
  List<String> names() {
    return new ArrayList<>(all);
  }
}

class Reader {
  /**
   * Reads a line.
   *
   * @param in the input
   * @return the line
   * @throws IllegalArgumentException when in is null
   */
  String read(String in) {
    if (in == null) throw new IllegalArgumentException("in");
    return in;
  }
}
`;

beforeAll(async () => {
  initRepo(root);
  write_(FIRST);
  write(root, 'web.js', JS_FIRST);
  write(root, 'Store.java', JAVA_FIRST);
  write(root, 'tests/test_mod.py', py('test_thing', 'a', args('a: the value.'), '    return a'));
  write(
    root,
    'klass.py',
    'class Original:\n    def value(self, a):\n        """Cap it.\n\n        Args:\n            a: the value, capped at limit or bound.\n        """\n        return min(a, limit)\n',
  );
  shas.first = commitAll(root, 'first', '2025-01-01T00:00:00Z');

  const next: Record<string, string> = { ...FIRST };
  const plant = (key: string, text: string, date: string): void => {
    next[key] = text;
    write_(next);
    shas[key] = commitAll(root, key, date);
  };
  plant('param_added', py('param_added', 'a, b', args('a: the value.'), '    return a + b'), '2025-02-01T00:00:00Z');
  plant('param_removed', py('param_removed', 'a', args('a: the value.', 'b: the other.'), '    return a'), '2025-02-02T00:00:00Z');
  plant('param_renamed', py('param_renamed', 'a, c', args('a: the value.', 'b: the other.'), '    return a - c'), '2025-02-03T00:00:00Z');
  plant(
    'return_removed',
    py('return_removed', 'a', 'Double it.\n\n    Returns:\n        int: twice a.', '    print(a * 2)'),
    '2025-02-04T00:00:00Z',
  );
  plant(
    'raise_added',
    py(
      'raise_added',
      'a',
      'Check it.\n\n    Raises:\n        ValueError: when a is negative.',
      "    if a < 0:\n        raise ValueError('negative')\n    if a > 9:\n        raise OverflowError('big')\n    return a",
    ),
    '2025-02-05T00:00:00Z',
  );
  plant(
    'raise_removed',
    py('raise_removed', 'a', 'Check it.\n\n    Raises:\n        KeyError: when a is missing.', '    return a'),
    '2025-02-06T00:00:00Z',
  );
  plant(
    'default_changed',
    py('default_changed', 'a, retries=5', args('a: the value.', 'retries: attempts. Defaults to 3.'), '    return a * retries'),
    '2025-02-07T00:00:00Z',
  );
  // Black: double quotes, exploded call with a magic trailing comma.
  plant(
    'reformatted',
    py(
      'reformatted',
      '\n    a,\n    b,\n',
      args('a: the value.', 'b: the other.'),
      '    return call(\n        a,\n        "x",\n        [1, 2, 3],\n    )',
    ),
    '2025-02-08T00:00:00Z',
  );
  plant(
    'annotated',
    py('annotated', 'a: int, b: "str | None" = None', args('a: the value.', 'b: the other.'), '    return a').replace('):', ') -> int:'),
    '2025-02-09T00:00:00Z',
  );
  plant(
    'commented',
    py('commented', 'a', args('a: the value.'), '    # keep it simple\n    return a  # the value'),
    '2025-02-10T00:00:00Z',
  );
  // Return contracts: the declared type changes under a doc that names the old one; a None the
  // doc promises is no longer given back; a typing alias modernised (Dict → dict) is no change.
  plant(
    'return_type',
    py('return_type', 'a', 'Index it.\n\n    Returns:\n        dict: the entries by key.', '    return [a]').replace('):', ') -> list:'),
    '2025-02-10T06:00:00Z',
  );
  plant(
    'return_none',
    py(
      'return_none',
      'a',
      'Look it up.\n\n    Returns:\n        The entry, or None if a is empty.',
      '    if not a:\n        raise LookupError(a)\n    return a',
    ),
    '2025-02-10T07:00:00Z',
  );
  plant(
    'typing_modernised',
    py('typing_modernised', 'a', 'Count it.\n\n    Returns:\n        Dict[str, int]: the counts.', '    return a').replace(
      '):',
      ') -> dict[str, int]:',
    ),
    '2025-02-10T08:00:00Z',
  );
  // A class renamed in the commit that changes its method's body (`limit` → `bound`, both named
  // by the doc): the method's doc-time version is not found under the new name.
  write(
    root,
    'klass.py',
    'class Renamed:\n    def value(self, a):\n        """Cap it.\n\n        Args:\n            a: the value, capped at limit or bound.\n        """\n        return min(a, bound)\n',
  );
  shas.renamed = commitAll(root, 'rename the class', '2025-02-10T09:00:00Z');
  plant('body_changed', py('body_changed', 'a', args('a: the value plus 1.'), '    return a + 2'), '2025-02-11T00:00:00Z');
  // A refactor that touches nothing the doc names (a helper call for `+ 1`): nothing to review.
  plant('body_refactored', py('body_refactored', 'a', args('a: the value.'), '    return inc(a)'), '2025-02-11T12:00:00Z');
  plant('incomplete', py('incomplete', 'a, b', args('a: the value, or None.'), '    return a or None'), '2025-02-12T00:00:00Z');

  // JS: a parameter added to join; quote only reformatted (semicolons, quotes).
  write(
    root,
    'web.js',
    JS_FIRST.replace('export function join(a, b) {\n  return a + b;', 'export function join(a, b, sep) {\n  return a + sep + b;').replace(
      `return '"' + s + '"';`,
      'return "\\"" + s + "\\""',
    ),
  );
  shas.js = commitAll(root, 'js', '2025-02-13T00:00:00Z');
  // Java: a redundant `public` removed in an interface, an annotation added, a second throw added.
  write(
    root,
    'Store.java',
    JAVA_FIRST.replace('  public String load(String key);', '  @CanIgnoreReturnValue\n  String load(String key);')
      .replace('  List<String> names() {\n    return new ArrayList<>(all);', '  Set<String> names() {\n    return new TreeSet<>(all);')
      .replace('    return in;', '    if (in.isEmpty()) throw new java.io.UncheckedIOException("empty", null);\n    return in;'),
  );
  shas.java = commitAll(root, 'java', '2025-02-14T00:00:00Z');
  // A test function's body changes too: test functions are counted, not judged.
  write(root, 'tests/test_mod.py', py('test_thing', 'a, b', args('a: the value.'), '    return a + b'));
  commitAll(root, 'test changed', '2025-02-14T12:00:00Z');
  // A real body change, then a formatter run over it (and over its docstring's quotes): the
  // suggestion names the change, not the reformat.
  plant(
    'changed_then_reformatted',
    py('changed_then_reformatted', 'a', args('a: the value, as ``wrap`` gives it.'), "    return wrap(a, 'key', [1, 2])"),
    '2025-02-15T00:00:00Z',
  );
  next.changed_then_reformatted = py(
    'changed_then_reformatted',
    'a',
    args('a: the value, as ``wrap`` gives it.'),
    '    return wrap(\n        a,\n        "key",\n        [1, 2],\n    )',
  ).replace(/"""/g, "'''");
  write_(next);
  shas.reformat = commitAll(root, 'reformat', '2025-02-16T00:00:00Z');

  // On a branch, merged with --no-ff: a parameter added and a body change. The verdicts must
  // name the branch's commits, never the merge.
  git(root, ['checkout', '-q', '-b', 'topic']);
  next.merged_param = py('merged_param', 'a, flag', args('a: the value.'), '    return a if flag else 0');
  write_(next);
  shas.merged_param = commitAll(root, 'topic: flag', '2025-03-01T00:00:00Z');
  next.merged_body = py('merged_body', 'a', args('a: the value, or its ``abs``.'), '    return abs(a)');
  write_(next);
  shas.merged_body = commitAll(root, 'topic: negate', '2025-03-02T00:00:00Z');
  git(root, ['checkout', '-q', 'main']);
  write(root, 'other.py', 'x = 1\n');
  commitAll(root, 'main moves on', '2025-03-03T00:00:00Z');
  git(root, ['merge', '-q', '--no-ff', '-m', 'merge topic', 'topic'], '2025-03-04T00:00:00Z');
  shas.merge = git(root, ['rev-parse', '--short=7', 'HEAD']);

  const result = await analyzeRepository(root, { cacheDir: tempDir('recall-cache') });
  byName = new Map(result.functions.map((f) => [f.name, f]));
}, 120_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const get = (name: string): FunctionAnalysisEntry => {
  const fn = byName.get(name);
  if (!fn) throw new Error(`no function ${name}`);
  return fn;
};
const codes = (name: string): string[] => (get(name).outdatedStatus.findings ?? []).map((f) => f.code);

describe('planted contract changes are flagged OUTDATED, with the commit that made them', () => {
  it('a parameter added after a doc that documents parameters', () => {
    expect(get('param_added').outdatedStatus).toMatchObject({ status: 'OUTDATED', source: 'history', commit: shas.param_added });
    expect(codes('param_added')).toEqual(['PARAM_ADDED_UNDOCUMENTED']);
    expect(get('param_added').outdatedStatus.explanation).toBe(
      `Parameter 'b' was added in ${shas.param_added} (2025-02-01), after the docstring was last updated (2025-01-01), and the docstring does not describe it.`,
    );
  });
  it('a parameter removed or renamed (the doc names one the signature lacks)', () => {
    expect(get('param_removed').outdatedStatus).toMatchObject({ status: 'OUTDATED', source: 'signature' });
    expect(codes('param_removed')).toEqual(['DOC_PARAM_NOT_IN_SIGNATURE']);
    expect(get('param_renamed').outdatedStatus).toMatchObject({ status: 'OUTDATED', findings: [{ params: { names: 'b' } }] });
  });
  it('a return value removed', () => {
    expect(codes('return_removed')).toEqual(['DOC_RETURN_BUT_NONE']);
  });
  it('an exception added to a doc that lists what it raises, and one removed that the doc still names', () => {
    expect(get('raise_added').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.raise_added,
      findings: [{ code: 'RAISE_ADDED_UNDOCUMENTED', params: { type: 'OverflowError' } }],
    });
    expect(get('raise_removed').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.raise_removed,
      findings: [{ code: 'RAISE_REMOVED_STILL_DOCUMENTED', params: { type: 'KeyError' } }],
    });
  });
  it('a default changed that the doc states', () => {
    expect(get('default_changed').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.default_changed,
      findings: [{ code: 'DEFAULT_CHANGED_DOC_STATES_OLD', params: { name: 'retries', old: '3', new: '5' } }],
    });
  });
  it('in JavaScript (JSDoc @param) and Java (a thrown type the @throws list lacks)', () => {
    expect(get('join').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.js,
      findings: [{ code: 'PARAM_ADDED_UNDOCUMENTED', params: { name: 'sep' } }],
    });
    expect(get('Reader.read').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.java,
      findings: [{ code: 'RAISE_ADDED_UNDOCUMENTED', params: { type: 'UncheckedIOException' } }],
    });
  });
  it('return contracts: a changed declared return type the doc still names, a None return the doc promises removed (Python, Java)', () => {
    expect(get('return_type').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.return_type,
      findings: [{ code: 'RETURN_TYPE_CHANGED_DOC_STATES_OLD', params: { old: 'dict', new: 'list' } }],
    });
    expect(get('return_none').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.return_none,
      findings: [{ code: 'RETURN_NONE_REMOVED_STILL_DOCUMENTED', params: { value: 'None' } }],
    });
    expect(get('Lister.names').outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      commit: shas.java,
      findings: [{ code: 'RETURN_TYPE_CHANGED_DOC_STATES_OLD', params: { old: 'List<String>', new: 'Set<String>' } }],
    });
  });
  it('a change merged from a branch is attributed to the branch commit, never the merge', () => {
    expect(get('merged_param').outdatedStatus).toMatchObject({ status: 'OUTDATED', commit: shas.merged_param });
    expect(get('merged_param').outdatedStatus.commit).not.toBe(shas.merge);
  });
});

describe('planted harmless changes are not', () => {
  it.each(['reformatted', 'annotated', 'commented', 'quote', 'Store.load', 'typing_modernised'])(
    '%s: CURRENT, no review suggestion',
    (name) => {
      expect(get(name).outdatedStatus.status).toBe('CURRENT');
      expect(get(name).reviewSuggestion).toBeNull();
    },
  );
  it('a body change the doc does not contradict is a review suggestion, dated, not counted', () => {
    expect(get('body_changed').outdatedStatus.status).toBe('CURRENT');
    expect(get('body_changed').reviewSuggestion).toMatchObject({
      commit: shas.body_changed,
      date: '2025-02-11',
      docDate: '2025-01-01',
      findings: [{ code: 'BODY_CHANGED', params: { names: '1', removed: '1', added: '' } }],
    });
    expect(get('body_changed').reviewSuggestion!.explanation).toContain("the body no longer uses '1'");
  });
  it('a body change in a function whose doc-time version is not found (its class renamed) is no review suggestion', () => {
    expect(get('Renamed.value').outdatedStatus.status).toBe('CURRENT');
    expect(get('Renamed.value').reviewSuggestion).toBeNull();
  });
  it('a body change that touches nothing the doc names (a refactor) is no review suggestion', () => {
    expect(get('body_refactored').outdatedStatus.status).toBe('CURRENT');
    expect(get('body_refactored').reviewSuggestion).toBeNull();
  });
  it('a body change later reformatted names the change, not the reformat (a formatting hunk passes its lines through)', () => {
    expect(get('changed_then_reformatted').outdatedStatus.status).toBe('CURRENT');
    expect(get('changed_then_reformatted').reviewSuggestion).toMatchObject({
      commit: shas.changed_then_reformatted,
      date: '2025-02-15',
      docDate: '2025-01-01',
    });
  });
  it('a test function is counted, not judged: no history verdict, whatever changed', () => {
    expect(get('test_thing')).toMatchObject({ isTest: true, outdatedStatus: { status: 'CURRENT' }, reviewSuggestion: null });
  });
  it('a body change merged from a branch names the branch commit', () => {
    expect(get('merged_body').reviewSuggestion).toMatchObject({ commit: shas.merged_body });
  });
  it('a parameter the doc never described is incomplete, not outdated', () => {
    expect(get('incomplete').outdatedStatus.status).toBe('CURRENT');
    expect(get('incomplete').incompleteDoc).toMatchObject({ missingParams: ['b'], findings: [{ code: 'PARAMS_UNDOCUMENTED' }] });
    // `return a` → `return a or None`: a `None` came with no value of its kind gone, which the
    // stricter rule of docs/decisions.md (§Review suggestions: stricter) no longer suggests.
    expect(get('incomplete').reviewSuggestion).toBeNull();
  });
});
