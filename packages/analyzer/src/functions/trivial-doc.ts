/**
 * A *trivial* doc says nothing its function's name and parameter names do not already say
 * (`"""Get user."""` on `get_user`, `// reset resets.`, `@param x the x`). It does not count as
 * documented in the documented share (docs/metrics/functions.md, "Trivial docs"). The rule is
 * the same for every language and for every author:
 *
 * 1. The doc's markup goes: HTML/XML tags (a `cref`/`name` value stays as a word), inline tags
 *    `{@code x}`/`{@link X}` (their text stays), reST roles, Markdown emphasis and backticks, the
 *    keywords of tag lines and section headings (`@param`, `:returns:`, `Args:`, `# Arguments`,
 *    NumPy dashes, Swift `- Parameter`), and whole `@author`/`@since`/`@version` lines.
 * 2. What is left is split into words (letters and digits), identifiers also at their
 *    snake_case/camelCase/PascalCase joints; each word is lower-cased and reduced to a stem.
 * 3. The doc is trivial when it has at most {@link MAX_WORDS} words, no code example, and every
 *    stem is a stem of a word of the function's qualified name (owners included), of a parameter
 *    name, of a known abbreviation of one of those (`len` → length), or in a small English stop
 *    list (articles, prepositions, `get`/`return`/`set`/`new`…). A stop verb right after an
 *    article is a noun and counts ("the return type", "a set of"). An empty doc is trivial.
 *
 * Words the stop list does not know (other languages, a type, an exception, a number, a unit, a
 * link) make a doc non-trivial: the rule errs towards counting a doc as documented.
 */

/** More words than this and a doc is never called trivial. */
export const MAX_WORDS = 40;

/** English words that say nothing about what a function does beyond its name. */
const STOP_WORDS = new Set(
  [
    // articles, determiners, pronouns
    'a',
    'an',
    'the',
    'this',
    'that',
    'these',
    'those',
    'it',
    'its',
    'self',
    'cls',
    'me',
    'my',
    'our',
    'we',
    'you',
    'your',
    'one',
    'some',
    'any',
    'all',
    'each',
    'given',
    'specified',
    'provided',
    'supplied',
    'passed',
    'current',
    'corresponding',
    // prepositions, conjunctions
    'of',
    'for',
    'to',
    'from',
    'in',
    'on',
    'at',
    'by',
    'with',
    'into',
    'as',
    'and',
    'or',
    'if',
    'whether',
    'else',
    'otherwise',
    // auxiliaries and the verbs a doc uses to restate a getter, setter, constructor or predicate
    'is',
    'are',
    'be',
    'been',
    'was',
    'will',
    'do',
    'does',
    'has',
    'have',
    'can',
    'get',
    'set',
    'return',
    'retrieve',
    'obtain',
    'give',
    'new',
    'create',
    'construct',
    'constructor',
    'initialize',
    'initialise',
    'instance',
    'object',
    'value',
    'result',
    'method',
    'function',
    'func',
    'true',
    'false',
    'boolean',
    'bool',
    'check',
  ].map(stem),
);

/** Abbreviations identifiers use for words docs spell out: a doc word stem → the name stems it restates. */
const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      ['length', ['len']],
      ['string', ['str']],
      ['number', ['num', 'no', 'nr']],
      ['initialize', ['init']],
      ['initialise', ['init']],
      ['initialization', ['init']],
      ['configuration', ['conf', 'config', 'cfg']],
      ['configure', ['conf', 'config', 'cfg']],
      ['environment', ['env']],
      ['parameter', ['param']],
      ['argument', ['arg']],
      ['directory', ['dir']],
      ['message', ['msg']],
      ['request', ['req']],
      ['response', ['resp', 'res']],
      ['representation', ['repr']],
      ['context', ['ctx']],
      ['information', ['info']],
      ['maximum', ['max']],
      ['minimum', ['min']],
      ['delete', ['del']],
      ['index', ['idx']],
      ['value', ['val']],
      ['variable', ['var']],
      ['source', ['src']],
      ['destination', ['dst', 'dest']],
      ['previous', ['prev']],
      ['current', ['cur', 'curr']],
      ['position', ['pos']],
      ['identifier', ['id']],
      ['format', ['fmt']],
      ['buffer', ['buf']],
      ['callback', ['cb']],
      ['function', ['fn', 'func']],
      ['object', ['obj']],
      ['command', ['cmd']],
      ['attribute', ['attr']],
      ['address', ['addr']],
      ['connection', ['conn']],
      ['error', ['err']],
      ['temporary', ['tmp', 'temp']],
      ['character', ['char', 'ch']],
      ['count', ['cnt']],
      ['execute', ['exec']],
      ['specification', ['spec']],
      ['utility', ['util']],
      ['equal', ['eq']],
      ['greater', ['gt', 'ge']],
      ['less', ['lt', 'le']],
      ['hash', ['hash']],
      ['iterator', ['iter']],
      ['boolean', ['bool']],
    ] as const
  ).map(([word, abbreviations]) => [stem(word), abbreviations.map(stem)]),
);

/** Tag and section keywords: markup, not words of the doc. */
const TAG_KEYWORDS = new Set([
  'brief',
  'summary',
  'details',
  'description',
  'param',
  'params',
  'parameter',
  'parameters',
  'arg',
  'args',
  'argument',
  'arguments',
  'kwarg',
  'kwargs',
  'keyword',
  'key',
  'type',
  'vartype',
  'ivar',
  'cvar',
  'var',
  'return',
  'returns',
  'rtype',
  'retval',
  'result',
  'yield',
  'yields',
  'ytype',
  'raise',
  'raises',
  'throw',
  'throws',
  'exception',
  'exceptions',
  'except',
  'tparam',
  'typeparam',
  'property',
  'prop',
  'template',
]);
/** Tags whose whole line is bookkeeping, not a description of the function. */
const BOOKKEEPING_TAGS = new Set(['author', 'since', 'version', 'date', 'created', 'copyright', 'license']);
/** Section headings on a line of their own (Google, NumPy, rustdoc, Swift). */
const HEADING =
  /^\s*(?:#+\s*)?(?:-\s*)?(?:args|arguments|parameters?|params|other parameters|keyword arg(?:ument)?s|returns?|yields?|raises|throws|exceptions)\s*:?\s*$/i;
/** A code example: a fence, a doctest, a code tag. */
const CODE_EXAMPLE = /^\s*(?:```|~~~|>>> )|@example\b|<pre>|\\code\b|(?<!\{)@code\b/im;

/**
 * Whether `doc` (markers already stripped, as `ParsedFunction.docstring`) only restates the
 * qualified function name `name` (`Invoice.send`, `Cache.Get`) and its parameter names.
 */
export function isTrivialDoc(doc: string, name: string, params: readonly string[] = []): boolean {
  if (CODE_EXAMPLE.test(doc)) return false;
  const words = docWords(doc, MAX_WORDS);
  if (words.length > MAX_WORDS) return false;
  const allowed = new Set<string>();
  for (const part of [...name.split('.'), ...params]) for (const w of identifierWords(part)) allowed.add(stem(w));
  return words.every((w, i) => {
    const s = stem(w);
    if (allowed.has(s)) return true;
    // after an article a stop verb is a noun that says something: "the return type", "a set of"
    if (STOP_WORDS.has(s)) return !(STOP_VERBS.has(s) && i > 0 && ARTICLES.has(words[i - 1]!));
    return ABBREVIATIONS.get(s)?.some((a) => allowed.has(a)) ?? false;
  });
}

/** Stop words that are verbs in "Returns the x" but nouns after an article ("the return type"). */
const STOP_VERBS = new Set(['get', 'set', 'return', 'check', 'create', 'construct', 'give', 'obtain', 'retrieve'].map(stem));
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * The words of a doc's text without its markup (rule steps 1 and 2, before stemming), lower case;
 * with `limit`, only the first `limit` + 1 of them (enough to tell a doc longer than the limit:
 * most docs are, and splitting all their lines cost SQLAlchemy ~0.6 s, docs/performance.md).
 */
export function docWords(doc: string, limit = Infinity): string[] {
  // Without `{@` or `<` the replacements below that may span lines change nothing, and the others
  // stay within a line: each line is then read only when the words so far are not enough (a long
  // doc's later lines are never copied: docs/performance.md, "Session 27 (helper h85)").
  const local = !doc.includes('{@') && !doc.includes('<');
  const text = local
    ? doc
    : doc
        // inline tags keep their text: {@code x}, {@link Foo#bar label}, {@inheritDoc} stays a word
        .replace(/\{@(?:code|link|linkplain|literal|value)\s+([^}]*)\}/g, ' $1 ')
        // XML doc references keep their target; other tags go
        .replace(/<[^>]*?\b(?:cref|name|langword)\s*=\s*"([^"]*)"[^>]*>/g, ' $1 ')
        .replace(/<\/?[A-Za-z][^>]*>/g, ' ');
  const words: string[] = [];
  for (let from = 0; from <= text.length;) {
    if (words.length > limit) return words.slice(0, limit + 1);
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    let line = withoutEntitiesAndRoles(text.slice(from, to));
    from = to + 1;
    if (HEADING.test(line) || /^\s*[-=]{3,}\s*$/.test(line)) continue;
    // @tag / \tag at the start of a line
    const tag = /^\s*[@\\]([A-Za-z]+)\b/.exec(line);
    if (tag) {
      const keyword = tag[1]!.toLowerCase();
      if (BOOKKEEPING_TAGS.has(keyword)) continue;
      if (TAG_KEYWORDS.has(keyword)) line = line.slice(tag[0].length);
    }
    // reST field (:param x:, :returns:, :raises ValueError:) → drop the keyword, keep the rest
    line = line.replace(/^\s*:([A-Za-z]+)\b([^:]*):/, (whole, keyword: string, rest: string) =>
      TAG_KEYWORDS.has(keyword.toLowerCase()) ? ` ${rest} ` : whole,
    );
    // Swift markup (- Parameter x:, - Returns:) and Google/Epytext "Returns:" at a line's start
    line = line.replace(/^\s*(?:-\s*)?([A-Za-z]+)(?=\s*[\w\s]*:)/, (whole, keyword: string) =>
      TAG_KEYWORDS.has(keyword.toLowerCase()) ? ' ' : whole,
    );
    for (const token of line.match(/[\p{L}\p{N}_']+/gu) ?? []) {
      for (const w of identifierWords(token.replace(/'s$|'/g, ''))) words.push(w);
    }
  }
  return words.length > limit ? words.slice(0, limit + 1) : words;
}

/** HTML entities go; reST roles (:class:`Foo`) keep the target. Neither spans lines. */
function withoutEntitiesAndRoles(line: string): string {
  return line.replace(/&[a-z]+;|&#\d+;/gi, ' ').replace(/:[a-z]+(?::[a-z]+)?:`/g, '`');
}

/** A capital letter or none, then lower-case ASCII letters and underscores only. */
const PLAIN_WORD = /^[A-Z_]?[a-z_]*$/;

/** `get_user` → get, user; `NewEncoder` → new, encoder; `parseHTTPResponse` → parse, http, response; `utf8Decode` → utf, 8, decode. */
export function identifierWords(identifier: string): string[] {
  // Most words of a doc: lower-case ASCII, maybe capitalised, maybe snake_case — the rules below
  // would only split them at `_` and lower-case them (docs/performance.md, session 23).
  if (PLAIN_WORD.test(identifier))
    return identifier
      .split('_')
      .filter((w) => w.length > 0)
      .map((w) => w.toLowerCase());
  return identifier
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

/**
 * A light English stemmer, applied alike to doc and name words so that inflections meet
 * (`resets`/`reset`, `news`/`new`, `encoder`/`encode`, `returned`/`return`).
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(w)) {
    // class, status, this: not plurals
  } else if (/(?:s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'er', 'or']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      // running → run, stopped → stop
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}
