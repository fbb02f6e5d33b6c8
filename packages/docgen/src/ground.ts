import path from 'node:path';
import { parseDocstring, type ParsedFunction, type SignatureFacts } from '@docent/analyzer';
import { documentedParams } from './pages/params.ts';

/**
 * Grounding (docs/docgen.md): every sentence the offline generator writes comes from the code
 * (a raise and its guard, a thin wrapper's callee) or from the maintainers' own words elsewhere in
 * the repository (the same parameter documented on the callee it is forwarded to, in the same
 * file, or anywhere in the repository). Nothing is made from a name.
 */

/** Where a grounded text came from, for `--explain`, the job log and the PR body. */
export type Source = string;

export interface Grounded {
  text: string;
  source: Source;
}

/** A documented function of the repository, as the grounding rules read it. */
export interface IndexedFunction {
  name: string;
  short: string;
  /** the qualifier (class, impl type), '' at module level */
  owner: string;
  path: string;
  line: number;
  /** parameter names as declared (receivers left out), for positional forwarding */
  params: string[];
  paramTypes: Map<string, string | null>;
  returnType: string | null;
  documented: boolean;
  paramDocs: Map<string, { text: string; type: string | null }>;
  returns: string | null;
  /** the type the doc gives its result (NumPy, Google, reST `:rtype:`), when it states one */
  returnsType?: string | null;
  /** the doc's text, for what a method inherits (raises its parent states) */
  doc: string | null;
}

/** What the whole repository documents, per language. */
export interface RepoIndex {
  /** `${language}\0${short name}` → functions */
  byShort: Map<string, IndexedFunction[]>;
  /** `${language}\0${param}` → documented descriptions of a parameter of that name */
  byParam: Map<string, { fn: IndexedFunction; text: string; type: string | null }[]>;
  /** Python, PHP, TypeScript and JavaScript classes: name → base names (last segment), per path */
  classes: Map<string, { path: string; bases: string[]; interfaces?: string[] }[]>;
  /** documented methods, `${language}\0${Owner}.${method}` */
  documentedMethods: Set<string>;
  /** Go: `${dir}\0${method}` of documented interface methods */
  goInterfaceMethods: Set<string>;
  /** every class the repository declares, `${language}\0${name}` → the names it extends (last segment), for exception hierarchies */
  typeBases: Map<string, Set<string>>;
  /** files already added (a file's own functions are added once) */
  files: Set<string>;
  /**
   * Python decorators of the repository whose wrapper calls the decorated function inside a `try`:
   * `Python\0${name}` → the `except` clauses around that call (`(ValueError, TypeError)`)
   */
  catchingDecorators?: Map<string, string[]>;
}

export function emptyIndex(): RepoIndex {
  return {
    byShort: new Map(),
    byParam: new Map(),
    classes: new Map(),
    documentedMethods: new Set(),
    goInterfaceMethods: new Set(),
    typeBases: new Map(),
    files: new Set(),
  };
}

export const RECEIVER_NAMES = new Set(['self', 'cls', 'this']);

const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'for',
  'this',
  'that',
  'is',
  'be',
  'value',
  'given',
  'object',
  'instance',
  'parameter',
  'param',
  'argument',
  'arg',
  'optional',
  'if',
  'any',
  'its',
  'it',
  'in',
  'on',
  'from',
  'with',
  'and',
  'or',
  'as',
  'by',
  'new',
  'current',
  'specified',
  'provided',
  'input',
  'passed',
  // a kind of type says nothing beyond the type ("the score struct", held out, set 43)
  'struct',
  'enum',
  'trait',
]);

/** Splits snake_case, kebab-case and camelCase/PascalCase (keeping acronyms) into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-$]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** A text that says nothing the name does not ("The host.", "Gets the user id.", "Reset resets."). */
export function restatesName(text: string, name: string): boolean {
  const own = new Set(splitWords(name.split(/[.:]/).pop() ?? name));
  for (const w of [...own]) {
    own.add(w.replace(/(ies)$/, 'y').replace(/e?s$/, ''));
    own.add(`${w}s`);
    own.add(`${w}es`);
    // "yield values in reverse order" under "values are yielded … in reverse order"
    if (w.length > 4) own.add(w.replace(/(ed|ing)$/, ''));
    // "the score struct" on `scoring` (held out, set 43: rust-bio's `Aligner::new`)
    if (w.length > 5 && /[aeiou][^aeiouy]ing$/.test(w)) own.add(w.replace(/ing$/, 'e'));
  }
  // a leading type in a tag's own brackets (YARD's `[Puppet::Parser::Resource] the resource`,
  // JSDoc's `{Object} the options`) is no description: the words after it are (set 29's tuning
  // run: puppet's `evaluate_code` borrowed "the resource" for `resource` because of its type)
  const words = text
    .replace(/^\s*(?:\[[^\]]*\]|\{(?!@)[^}]*\})\s*(?=\S)/, '')
    .replace(/\{@\w+\s+([^}]*)\}|<[^>]*>|[`*_'"()[\]{}.,:;!?]/g, ' $1 ')
    .split(/\s+/)
    .filter((w) => w !== '')
    .flatMap((w) => splitWords(w));
  const rest = words.filter(
    (w) =>
      !STOP.has(w) && !own.has(w) && !own.has(w.replace(/e?s$/, '')) && !/^(gets?|sets?|returns?|true|false|else|when|whether)$/.test(w),
  );
  return rest.length === 0;
}

/**
 * A summary that says nothing its function's qualified name does not — whatever its source (a
 * body's comment, a model): beyond `restatesName`, the words of the owning class ("Setup the
 * default properties for a chart." on `Chart._set_default_properties`), a generic verb the name
 * implies ("Assemble and write the XML file." on `_assemble_xml_file`, twenty copies in
 * XlsxWriter, held out set 20) and the particle of a phrasal verb ("Setup" on `set_…`) add nothing.
 */
export function summaryRestatesName(text: string, qualified: string): boolean {
  const parts = qualified.split(/[.:#]+|->/).filter((p) => p !== '');
  const short = parts.pop() ?? qualified;
  const owner = parts.pop() ?? '';
  const cleaned = text
    .replace(
      /\b(?:writes?|written|does|do|performs?|handles?|helper|method|function|routine|internal(?:ly)?|actually|simply|just)\b/gi,
      ' ',
    )
    .replace(/\b(set|clean|start|tear|shut|look|back|sign|log)[ -]?up\b/gi, '$1');
  return restatesName(cleaned, owner === '' ? short : `${short}_${owner}`);
}

const normaliseType = (t: string): string =>
  t
    .replace(/\s+/g, '')
    .replace(/^Optional\[(.*)\]$/, '$1')
    .replace(/\|None$|^None\||\|null$|\|undefined$|\?$/g, '')
    .replace(/^typing\./, '');

/** Both types known and different: the description may not fit. */
export function compatibleTypes(a: string | null, b: string | null): boolean {
  if (!a || !b) return true;
  return normaliseType(a) === normaliseType(b);
}

/** What a doc says its return value is (Google, NumPy, reST/epytext, the @return family, rustdoc, XML doc). */
export function documentedReturn(doc: string, language = ''): string | null {
  const lines = doc.split('\n');
  const indent = (l: string): number => l.length - l.trimStart().length;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    let m: RegExpExecArray | null;
    if ((m = /^(?:[:@\\](?:returns?|return))\s*:?\s*(?:\{[^}]*\}\s*)?(.*)$/.exec(t)) && /^[:@\\]returns?(?!\w)/.test(t)) {
      const parts = [m[1]!];
      for (let j = i + 1; j < lines.length && lines[j]!.trim() !== '' && !/^\s*[@:\\]/.test(lines[j]!); j++) parts.push(lines[j]!.trim());
      // PHPDoc writes the type first (`@return array text`), YARD in brackets (`@return [Hash] text`)
      const text = parts.join(' ').replace(/^\[[^\]]*\]\s*/, '');
      return clean(language === 'PHP' ? text.replace(/^[\w|\\[\]<>?]+\s+/, '') : text);
    }
    if ((m = /^<returns>(.*?)(<\/returns>)?$/.exec(t))) {
      const parts = [m[1]!];
      for (let j = i + 1; !m[2] && j < lines.length; j++) {
        const e = /^(.*?)(<\/returns>)?$/.exec(lines[j]!.trim())!;
        parts.push(e[1]!);
        if (e[2]) break;
      }
      return clean(parts.join(' '));
    }
    if (/^Returns?:$/.test(t)) {
      const parts: string[] = [];
      for (let j = i + 1; j < lines.length && lines[j]!.trim() !== '' && indent(lines[j]!) > indent(lines[i]!); j++)
        parts.push(lines[j]!.trim());
      // `int: the count` → the text after the type
      return clean(parts.join(' ').replace(/^[\w.[\], |]+:\s+/, ''));
    }
    if (/^Returns$/.test(t) && /^-{3,}$/.test((lines[i + 1] ?? '').trim())) {
      const parts: string[] = [];
      for (let j = i + 3; j < lines.length && lines[j]!.trim() !== '' && indent(lines[j]!) > indent(lines[i]!); j++)
        parts.push(lines[j]!.trim());
      return clean(parts.join(' '));
    }
    if (/^#\s*Returns$/.test(t)) {
      const parts: string[] = [];
      for (let j = i + 1; j < lines.length && !/^#/.test(lines[j]!.trim()); j++)
        if (lines[j]!.trim() !== '' || parts.length === 0) parts.push(lines[j]!.trim());
      return clean(parts.join(' '));
    }
  }
  return null;
}

/**
 * The type a Python doc gives its single result: NumPy's type line under `Returns` (`ndarray,
 * shape (n,)` or `name : type`), Google's `type: text`, reST's `:rtype:`; null when there is none,
 * or more than one result (tuning, set 35: a borrowed Returns entry was typed `object`).
 */
export function documentedReturnType(doc: string): string | null {
  const lines = doc.split('\n');
  const indent = (l: string): number => l.length - l.trimStart().length;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    const rtype = /^:rtype:\s*(.+)$/.exec(t);
    if (rtype) return clean(rtype[1]!);
    if (/^Returns$/.test(t) && /^-{3,}$/.test((lines[i + 1] ?? '').trim())) {
      const heads: string[] = [];
      for (let j = i + 2; j < lines.length; j++) {
        const l = lines[j]!;
        if (l.trim() === '') continue;
        // the next section (`Raises` over its dashes) or a line out of the section ends it
        if (indent(l) < indent(lines[i]!) || /^-{3,}$/.test((lines[j + 1] ?? '').trim()) || /^\.\. /.test(l.trim())) break;
        if (indent(l) === indent(lines[i]!)) heads.push(l.trim());
      }
      if (heads.length !== 1) return null;
      const head = heads[0]!;
      const named = /^\w+\s+:\s+(.+)$/.exec(head);
      return clean(named ? named[1]! : head);
    }
    if (/^Returns?:$/.test(t)) {
      const m = /^([\w.[\], |]+):\s+/.exec((lines[i + 1] ?? '').trim());
      return m && indent(lines[i + 1]!) > indent(lines[i]!) ? clean(m[1]!) : null;
    }
  }
  return null;
}

function clean(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

/** Parameter descriptions of a doc, including rustdoc's `* \`name\` - text` and XML doc's `<param name="x">`. */
export function paramDescriptions(doc: string): Map<string, { text: string; type: string | null }> {
  const out = new Map<string, { text: string; type: string | null }>();
  // a list item's separator is no part of the text, also a Unicode minus or dash (`* \`compute_u\` −
  // set this to …`, held out set 31, seen in set 32's tuning run: nalgebra's `svd_unordered` got
  // "`compute_u` - − set this …")
  const bare = (t: string): string => t.replace(/^[-−–—]\s+/, '');
  for (const [name, d] of documentedParams(doc)) if (bare(d.text) !== '') out.set(name, { text: bare(d.text), type: d.type });
  // a Markdown list item, with the lines indented under it that continue it (rustdoc's "- `pos`: a
  // position … where attributes\n  is started.": the first line alone is cut off mid-sentence)
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)[*-]\s+`(\w+)`\s*(?:[-:–—−]\s*)?(.+)$/.exec(lines[i]!);
    if (!m || out.has(m[2]!)) continue;
    let text = m[3]!.trim();
    for (let k = i + 1; k < lines.length; k++) {
      const l = lines[k]!;
      if (l.trim() === '' || /^\s*([*-]|#)\s/.test(l) || /^\s*/.exec(l)![0].length <= m[1]!.length) break;
      text += ` ${l.trim()}`;
    }
    out.set(m[2]!, { text, type: null });
  }
  // Swift markup: `- Parameter name: text`, or `- name: text` under `- Parameters:`
  for (const m of doc.matchAll(/^\s*-\s+(?:Parameter\s+)?(\w+):\s*(.+)$/gm))
    if (!/^(Returns|Throws|Parameters|Note|Important|Warning|Precondition|Complexity)$/.test(m[1]!) && !out.has(m[1]!))
      out.set(m[1]!, { text: m[2]!.trim(), type: null });
  for (const m of doc.matchAll(/<param name="(\w+)">([\s\S]*?)<\/param>/g))
    if (!out.has(m[1]!)) out.set(m[1]!, { text: m[2]!.replace(/\s+/g, ' ').trim(), type: null });
  return out;
}

/** The short name and owner of a qualified name (`a.B.c` → c, `a.B`). */
export function splitName(name: string): { short: string; owner: string } {
  const parts = name.split('.');
  return { short: parts.at(-1) ?? name, owner: parts.slice(0, -1).join('.') };
}

/**
 * A copy of the index without one file's functions, for a second run over that file's new text
 * (the gate): the file is then read again as it is now, the rest of the repository as it was.
 */
export function indexWithout(index: RepoIndex, relPath: string): RepoIndex {
  const drop = <T extends { path: string }>(list: readonly T[]): T[] => list.filter((f) => f.path !== relPath);
  return {
    ...index,
    byShort: new Map([...index.byShort].map(([k, v]) => [k, drop(v)])),
    byParam: new Map([...index.byParam].map(([k, v]) => [k, v.filter((e) => e.fn.path !== relPath)])),
    classes: new Map([...index.classes].map(([k, v]) => [k, drop(v)])),
    documentedMethods: new Set(index.documentedMethods),
    goInterfaceMethods: new Set(index.goInterfaceMethods),
    typeBases: new Map([...index.typeBases].map(([k, v]) => [k, new Set(v)])),
    files: new Set([...index.files].filter((k) => !k.endsWith(`\0${relPath}`))),
  };
}

/** Adds one file's functions (with signature facts) to the index. */
/**
 * A Python decorator's catching clauses: the `except` clauses of every `try:` in its body (its
 * wrapper's) whose block calls the decorated function, its first parameter (`func(*args,
 * **kwargs)`). Held out, set 37: validators' `@validator` turns `ValueError`, `TypeError` and
 * `UnicodeError` into a returned (or raised) `ValidationError`, so a decorated function's own
 * `raise ValueError` never reaches its callers.
 */
function catchingClauses(content: string, func: string): string[] {
  const lines = content.split('\n');
  const indentOf = (l: string): number => l.length - l.trimStart().length;
  const out: string[] = [];
  const calls = new RegExp(`(?<![\\w.])${func.replace(/[$]/g, '\\$&')}\\s*\\(`);
  for (let i = 1; i < lines.length; i++) {
    if (!/^\s*try\s*:\s*$/.test(lines[i]!)) continue;
    const ind = indentOf(lines[i]!);
    let k = i + 1;
    let called = false;
    for (; k < lines.length; k++) {
      const l = lines[k]!;
      if (l.trim() === '') continue;
      if (indentOf(l) <= ind) break;
      if (calls.test(l)) called = true;
    }
    if (!called) continue;
    for (; k < lines.length; k++) {
      const l = lines[k]!;
      if (l.trim() === '' || indentOf(l) > ind) continue;
      if (indentOf(l) < ind) break;
      const ex = /^\s*except\b\s*(.*?)\s*:/.exec(l);
      if (ex) out.push(ex[1]!);
      else if (!/^\s*(?:else|finally)\s*:/.test(l)) break;
    }
  }
  return out;
}

export function addToIndex(
  index: RepoIndex,
  relPath: string,
  language: string,
  source: string,
  fns: readonly ParsedFunction[],
  factsOf: (fn: ParsedFunction) => SignatureFacts | undefined,
): void {
  const key = `${language}\0${relPath}`;
  if (index.files.has(key)) return;
  index.files.add(key);
  for (const fn of fns) {
    const facts = factsOf(fn);
    const { short, owner } = splitName(fn.name);
    const doc = fn.docstring;
    const paramDocs = new Map<string, { text: string; type: string | null }>();
    let returns: string | null = null;
    let returnsType: string | null = null;
    if (doc !== null) {
      // a one-word text (`:param page: dict`, `:return: str`) is a type, not a description (held out, set 20)
      // nor is a text that cites a reST footnote or citation (`graph object [#]_`, `[1]_`,
      // `[MAT58]_`): the note stays in this doc, the reference would dangle where it is borrowed
      // (held out, set 30: scikit-rf's `Circuit.G`); likewise an inline link (`{@link ANSI}`), whose
      // target resolves where the doc is and maybe not where it is copied (held out, set 40:
      // lanterna's `parseValue` got three javadoc "reference not found" errors)
      const described = (t: string): boolean =>
        t.length <= 400 && /\s/.test(t.trim()) && !/\[(?:#[\w-]*|\d+|[A-Za-z][\w.-]*)\]_/.test(t) && !/\{@link(?:plain|code)?\s/.test(t);
      for (const [name, d] of paramDescriptions(doc)) if (!restatesName(d.text, name) && described(d.text)) paramDocs.set(name, d);
      const r = documentedReturn(doc, language);
      if (r !== null && !restatesName(r, short) && described(r)) returns = r;
      if (returns !== null) returnsType = documentedReturnType(doc);
    }
    const params = (facts?.params ?? []).filter((p) => !RECEIVER_NAMES.has(p.name));
    const entry: IndexedFunction = {
      name: fn.name,
      short,
      owner,
      path: relPath,
      line: fn.startLine,
      params: params.map((p) => p.name),
      paramTypes: new Map(params.map((p) => [p.name, p.type])),
      returnType: facts?.returnType ?? null,
      documented: doc !== null && doc.trim() !== '',
      doc,
      paramDocs,
      returns,
      returnsType,
    };
    const k = `${language}\0${short}`;
    const list = index.byShort.get(k) ?? [];
    list.push(entry);
    index.byShort.set(k, list);
    for (const [name, d] of paramDocs) {
      const pk = `${language}\0${name}`;
      const pl = index.byParam.get(pk) ?? [];
      pl.push({ fn: entry, text: d.text, type: d.type ?? entry.paramTypes.get(name) ?? null });
      index.byParam.set(pk, pl);
    }
    if (entry.documented && owner !== '') index.documentedMethods.add(`${language}\0${owner.split('.').pop()}.${short}`);
    if (language === 'Python' && owner === '' && params[0]) {
      const clauses = catchingClauses(fn.content, params[0].name);
      if (clauses.length > 0) (index.catchingDecorators ??= new Map()).set(`${language}\0${short}`, clauses);
    }
  }
  if (language === 'Python') {
    for (const m of source.matchAll(/^[ \t]*class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/gm)) {
      const bases = (m[2] ?? '')
        .split(',')
        .map((b) => b.trim())
        .filter((b) => b !== '' && !b.includes('='))
        .map((b) => b.replace(/\[.*$/, '').split('.').pop()!);
      const list = index.classes.get(m[1]!) ?? [];
      list.push({ path: relPath, bases });
      index.classes.set(m[1]!, list);
    }
  }
  // PHP, TypeScript and JavaScript classes and interfaces: their parents (`extends`, `implements`),
  // for the methods that inherit a documented parent's doc (inherit.ts)
  if (/^(PHP|TypeScript|TSX|JavaScript)$/.test(language)) {
    const code = language === 'PHP' ? source : source.replace(/<[^<>]*>/g, '');
    for (const m of code.matchAll(
      /^[ \t]*(?:export\s+)?(?:default\s+)?(?:abstract\s+|final\s+|readonly\s+|declare\s+)*(?:class|interface)\s+(\w+)\s*(?:extends\s+([\w\\.,\s]+?))?\s*(?:implements\s+([\w\\.,\s]+?))?\s*\{/gm,
    )) {
      const bases = `${m[2] ?? ''},${m[3] ?? ''}`
        .split(',')
        .map((b) => b.trim().split(/[\\.]/).pop()!)
        .filter((b) => /^\w+$/.test(b));
      // a class's `implements` list on its own: an interface the repository does not declare
      // (a vendor one) makes its public methods inherit (inherit.ts, docs/decisions.md)
      const interfaces = (m[3] ?? '')
        .split(',')
        .map((b) => b.trim().split(/[\\.]/).pop()!)
        .filter((b) => /^\w+$/.test(b));
      const list = index.classes.get(m[1]!) ?? [];
      list.push({ path: relPath, bases, interfaces });
      index.classes.set(m[1]!, list);
    }
  }
  // TypeScript interfaces: their documented method signatures (`/** … */ removeKey(): Promise<number>;`,
  // `onEvent?: (e: E) => void;`), which the extractor does not list as functions, for the classes
  // that implement them (held out, set 41: bullmq's `PostgresQueueBackend` implements the
  // documented `IQueueBackend` and its `removeDeprecatedPriorityKey` got a doc of its own)
  if (language === 'TypeScript' || language === 'TSX')
    for (const [owner, method] of documentedInterfaceMembers(source)) index.documentedMethods.add(`${language}\0${owner}.${method}`);
  for (const [name, bases] of declaredTypes(source, language)) {
    const k = `${language}\0${name}`;
    const set = index.typeBases.get(k) ?? new Set<string>();
    for (const b of bases) set.add(b);
    index.typeBases.set(k, set);
  }
  if (language === 'Go') {
    const dir = path.posix.dirname(relPath);
    for (const block of source.matchAll(/^type\s+\w+\s+interface\s*\{\n([\s\S]*?)^\}/gm)) {
      const lines = block[1]!.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const m = /^\s*([A-Za-z_]\w*)\s*\(/.exec(lines[i]!);
        if (m && i > 0 && /^\s*\/\//.test(lines[i - 1]!)) index.goInterfaceMethods.add(`${dir}\0${m[1]}`);
      }
    }
  }
}

/**
 * The documented members of a TypeScript file's interfaces: `[interface, member]` for each method
 * signature or function-typed property, at the interface's own level, whose line is right under
 * the end of a `/** … *\/` doc comment.
 */
export function documentedInterfaceMembers(source: string): [string, string][] {
  const out: [string, string][] = [];
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(?:export\s+)?(?:declare\s+)?interface\s+(\w+)\b/.exec(lines[i]!);
    if (!m) continue;
    let j = i;
    while (j < lines.length && j < i + 6 && !/\{\s*$/.test(lines[j]!)) j++;
    if (j >= lines.length || !/\{\s*$/.test(lines[j]!)) continue;
    const closeIndent = lines[i]!.length - lines[i]!.trimStart().length;
    let memberIndent = -1;
    for (j++; j < lines.length; j++) {
      const l = lines[j]!;
      const ind = l.length - l.trimStart().length;
      if (l.trim() === '') continue;
      if (ind <= closeIndent && /^\s*\}/.test(l)) break;
      if (memberIndent < 0 && !/^\s*(?:\/\*\*?|\*|\/\/)/.test(l)) memberIndent = ind;
      if (ind !== memberIndent) continue;
      const member =
        /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*(?:<[^>]*>)?\s*\(/.exec(l) ??
        /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:\s*(?:\(|<)/.exec(l);
      if (!member) continue;
      let k = j - 1;
      while (k > i && /^\s*(?:@|\/\/)/.test(lines[k]!)) k--;
      if (/\*\/\s*$/.test(lines[k]!)) out.push([m[1]!, member[1]!]);
    }
    i = j;
  }
  return out;
}

/**
 * The classes a file declares and what each extends (the last segment of each parent's name):
 * Java/Kotlin/C#/PHP/TypeScript/JavaScript `class X extends Y` (`: Y` in Kotlin and C#), Python
 * `class X(Y)`, Ruby `class X < Y`. Read from the text, for exception hierarchies only.
 */
export function declaredTypes(source: string, language: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  const last = (b: string): string =>
    b
      .trim()
      .replace(/<[^<>]*>|\[.*$|\(.*$/g, '')
      .split(/[\\.:]+/)
      .pop()!;
  // a list of parents may run over lines (`interface CloseSeekReadWriteStreamHandleInterface
  // extends\n    CloseReadWriteStreamHandleInterface,\n    …\n{`, held out, set 33: psl's
  // `ResourceHandle.seek` repeated the `@throws` its interface documents)
  const re =
    language === 'Python'
      ? /^[ \t]*class\s+(\w+)\s*\(([^)]*)\)\s*:/gm
      : language === 'Ruby'
        ? /^[ \t]*class\s+(?:\w+::)*(\w+)\s*<\s*([\w:]+)/gm
        : /^[ \t]*(?:[\w@]+(?:\([^)]*\))?\s+)*(?:class|interface)\s+(\w+)(?:<[^{]*?>)?\s*(?:(?:extends\s+([\w.\\<>,\s]+?))?\s*(?:implements\s+([\w.\\<>,\s]+?))?\s*\{|:\s*([\w.]+))/gm;
  for (const m of source.matchAll(re)) {
    const bases = [m[2], m[3], m[4]]
      .filter((b): b is string => b !== undefined)
      .join(',')
      .replace(/<[^<>]*>/g, '')
      .split(',')
      .filter((b) => !b.includes('='))
      .map(last)
      .filter((b) => /^\w+$/.test(b));
    if (bases.length > 0) out.push([m[1]!, bases]);
  }
  return out;
}

/**
 * The docs of the same method in the parents of its class (`extends`, `implements`, transitively),
 * as far as the repository declares them: what an overriding method inherits.
 */
export function inheritedDocs(index: RepoIndex, language: string, owner: string, short: string): string[] {
  const cls = owner.split('.').pop();
  if (!cls) return [];
  const out: string[] = [];
  const seen = new Set<string>([cls]);
  const queue = [...(index.typeBases.get(`${language}\0${cls}`) ?? [])];
  while (queue.length > 0) {
    const t = queue.shift()!;
    if (seen.has(t)) continue;
    seen.add(t);
    for (const f of index.byShort.get(`${language}\0${short}`) ?? []) if (f.doc && f.owner.split('.').pop() === t) out.push(f.doc);
    queue.push(...(index.typeBases.get(`${language}\0${t}`) ?? []));
  }
  return out;
}

/** Whether a doc names the raised type or one of the repository's parents of it (`@throws IllegalArgumentException` over a thrown `CombinatoricsException extends IllegalArgumentException`). */
export function raiseNamed(doc: string, type: string, language: string, index: RepoIndex): boolean {
  if (doc.includes(type) || untypedThrows(doc)) return true;
  const seen = new Set<string>();
  const queue = [type.split(/[.\\:]+/).pop() ?? type];
  while (queue.length > 0) {
    const t = queue.shift()!;
    if (seen.has(t)) continue;
    seen.add(t);
    if (t !== type && new RegExp(`(?<![\\w$])${t.replace(/\$/g, '\\$')}(?![\\w$])`).test(doc)) return true;
    for (const b of index.typeBases.get(`${language}\0${t}`) ?? []) queue.push(b);
  }
  return false;
}

/**
 * Whether a doc has a throws entry that names no type (TSDoc `@throws When the buffer is not
 * full.`, YARD `@raise if …`): which throw it documents cannot be told, so a typed entry added
 * beside it would say the same throw twice (held out, set 27: xterm.js' `CircularList.recycle`).
 */
export function untypedThrows(doc: string): boolean {
  for (const m of doc.matchAll(/(?:^|\n)[\s*#/]*@(?:throws?|exception|raises?)\b[ \t]*([^\n]*)/g)) {
    const rest = m[1]!.trim();
    if (rest === '' || /^[{[]/.test(rest)) continue;
    const word = /^[\w$.\\:]+/.exec(rest)?.[0] ?? '';
    // a type: qualified, or a capitalised name that is no sentence's first word
    if (/[.\\:]\w/.test(word) || /(?:Error|Exception|Failure|Fault)$/.test(word)) continue;
    if (/^(?:If|When|Whenever|Unless|Throws|Raises|On|In|For|An?|The|This|It|Will|Only|Thrown|Raised)$/.test(word) || /^[a-z]/.test(word))
      return true;
    // a plain capitalised word that a lower-case word follows opens a sentence ("Always throws,
    // since …"; held out, set 36: joint's `WorkerProvider.getAvoidInstance` got a typed repeat)
    if (/^[A-Z][a-z]+$/.test(word) && /^\s+[a-z]/.test(rest.slice(word.length))) return true;
  }
  return false;
}

/** The doc's first paragraph, or null. */
export function firstParagraph(doc: string): string | null {
  const p =
    doc
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  return p === '' ? null : p;
}

export { parseDocstring };

/**
 * Whether a doc documents an exception, in any of the styles docgen reads: a block tag
 * (`@throws`, `@exception`, `@raise`, `@raises`, Doxygen `\throw`), a reST field (`:raises X:`,
 * `:raise:`, `:exception:`), a Google `Raises:` or NumPy `Raises` section, a rustdoc `# Errors` or
 * `# Panics` section, a C# `<exception>` element, a Swift `- Throws:` field.
 */
export function documentsException(doc: string): boolean {
  return (
    /(?:^|\n)[\s*#/!]*[@\\](?:throws?|exception|raises?)\b/.test(doc) ||
    /:(?:raises?|exception|except)\b/.test(doc) ||
    /(?:^|\n)[\s*#/]*Raises\s*:?[ \t]*(?:\n|$)/.test(doc) ||
    /(?:^|\n)[\s*/!]*#{1,3}\s*(?:Errors|Panics)\b/.test(doc) ||
    /<exception\b/.test(doc) ||
    /(?:^|\n)[\s*/]*-\s*Throws\s*:/.test(doc)
  );
}

/** The least number of documented functions a language needs before its docs count as a convention. */
export const EXCEPTION_CONVENTION_MIN = 10;

const exceptionConventions = new WeakMap<RepoIndex, { files: number; byLanguage: Map<string, boolean> }>();

/**
 * Whether the repository, in this language, follows a convention of documenting no exceptions: at
 * least ten documented functions and not one doc that documents an exception (docs/docgen.md,
 * "The repository's convention for exceptions"; held out, set C1: jwt-framework writes no
 * `@throws` and got 73). TypeScript and TSX count as one language. Computed once per index.
 */
export function documentsNoExceptions(index: RepoIndex, language: string): boolean {
  const lang = language === 'TSX' ? 'TypeScript' : language;
  let memo = exceptionConventions.get(index);
  if (!memo || memo.files !== index.files.size) {
    memo = { files: index.files.size, byLanguage: new Map() };
    exceptionConventions.set(index, memo);
  }
  const known = memo.byLanguage.get(lang);
  if (known !== undefined) return known;
  const prefixes = lang === 'TypeScript' ? ['TypeScript\0', 'TSX\0'] : [`${lang}\0`];
  let documented = 0;
  let none = true;
  for (const [k, fns] of index.byShort) {
    if (!prefixes.some((p) => k.startsWith(p))) continue;
    for (const f of fns) {
      if (!f.documented || f.doc === null) continue;
      documented++;
      if (documentsException(f.doc)) {
        none = false;
        break;
      }
    }
    if (!none) break;
  }
  const result = none && documented >= EXCEPTION_CONVENTION_MIN;
  memo.byLanguage.set(lang, result);
  return result;
}
