import path from 'node:path';
import { isTrivialDoc, type ParsedFunction, type SignatureFacts } from '@docent/analyzer';
import { bodyRange, callsIn, literalArg, mask, narrowedAt, type Call } from './code.ts';
import {
  compatibleTypes,
  emptyIndex,
  restatesName,
  splitName,
  summaryRestatesName,
  type IndexedFunction,
  type RepoIndex,
} from './ground.ts';
import { codeDeprecation, type DeprecationFact } from './deprecation.ts';
import { changedBefore, codeRaises, codeSpan, type ThrowHelper } from './raises.ts';

/**
 * The style-independent content of one docstring (docs/design.md §7, Pipeline, "Model"), built only from
 * grounded material (docs/docgen.md): every text carries its source. An empty text means nothing
 * grounded was found; renderers never see it (see `visible`).
 */
export interface DocModel {
  summary: string;
  /** paragraphs kept from an existing doc (human text) */
  description: string[];
  params: DocParam[];
  returns: { type: string | null; text: string; source?: string } | null;
  yields: { type: string | null; text: string; source?: string } | null;
  raises: { type: string; text: string; source?: string }[];
  /** where the summary came from (absent: none, or the model's) */
  summarySource?: string;
  /**
   * The body's leading comment the summary was taken from: rows [start, end) of the function's
   * content (a blank line after it included). The comment moves into the doc: both would say
   * the same thing twice.
   */
  summaryComment?: { start: number; end: number };
  /** the code's own deprecation note (deprecation.ts): a "Deprecated:" paragraph or `@deprecated` tag */
  deprecated?: DeprecationFact;
}

export interface DocParam {
  name: string;
  type: string | null;
  text: string;
  variadic: boolean;
  default?: string | null;
  source?: string;
}

/** Receivers a doc never mentions. */
export const RECEIVERS: ReadonlySet<string> = new Set(['self', 'cls', 'this']);

export interface GroundContext {
  index: RepoIndex;
  relPath: string;
  /** the file's members declared `private`/`protected`: a guard on them is the object's private state */
  hidden?: ReadonlySet<string>;
  /** the file's functions that only throw (raises.ts, `throwingHelpers`) */
  helpers?: ReadonlyMap<string, ThrowHelper>;
  /** PHP: whether a thrown `\\Name` keeps its backslash in the doc (raises.ts, `phpKeepsRoot`) */
  keepsRoot?: (type: string) => boolean;
  /** JavaScript: the file's constructor functions (`constructorFunctions`) */
  classFunctions?: ReadonlySet<string>;
}

/** The entries a renderer writes: grounded ones only; a default is added to a grounded description. */
export function visible(m: DocModel, language: string): DocModel {
  return {
    ...m,
    params: m.params
      .filter((p) => p.text !== '')
      .map((p) => {
        const d = p.default;
        if (!d || d.length > 40 || d.includes('\n') || p.text.includes(d) || /\bdefault/i.test(p.text)) return p;
        // a reused text without a final stop ("… a single class to register") gets one first:
        // "register Defaults to None." would run on (held out, set 12)
        // a value that ends in a stop (`101325.`, a float) ends the sentence itself: "101325.."
        // reads as a typo (held out, set 29: pvlib's `_gti_dirint_gte_90`)
        const value = codeSpan(language, d);
        return { ...p, text: `${p.text}${/[.!?]$/.test(p.text.trim()) ? '' : '.'} Defaults to ${value}${value.endsWith('.') ? '' : '.'}` };
      }),
    returns: m.returns && m.returns.text !== '' ? m.returns : null,
    yields: m.yields && m.yields.text !== '' ? m.yields : null,
  };
}

/** What a grounded model would write: the sources of its entries, for `--explain`. */
export function sourcesOf(m: DocModel): string[] {
  const out: string[] = [];
  if (m.summary !== '' && m.summarySource) out.push(`summary: ${m.summarySource}`);
  for (const p of m.params) if (p.text !== '' && p.source) out.push(`param ${p.name}: ${p.source}`);
  if (m.returns?.text && m.returns.source) out.push(`returns: ${m.returns.source}`);
  for (const r of m.raises) if (r.source) out.push(`raises ${r.type}: ${r.source}`);
  if (m.deprecated) out.push(`deprecated: ${m.deprecated.source}`);
  return out;
}

const loc = (f: IndexedFunction): string => `${f.path}:${f.line}`;

function sameText(list: readonly { text: string }[]): string | null {
  const texts = new Set(list.map((l) => l.text.replace(/\s+/g, ' ').trim()));
  return texts.size === 1 ? [...texts][0]! : null;
}

/**
 * Whether a doc has words of its own before its tags. "Same as callee()" leads the reader to
 * the callee's doc, which must then say something: a doc of type tags alone (`@param string
 * $val` / `@return string|null`), `@internal` or RDoc's `:nodoc:` leaves the line restating the
 * one-line body (held out, set 27: dompdf's `_compute_*` hooks, mikro-orm's
 * `createPartitionBound`, active_merchant's `verify`).
 */
export function saysSomething(doc: string | null): boolean {
  if (doc === null) return false;
  const lead: string[] = [];
  for (const raw of doc.split('\n')) {
    const line = raw
      .replace(/^\s*(?:\/\*\*?|\*\/|\*(?!\/)|\/\/\/?|#+)?\s*/, '')
      .replace(/\*\/\s*$/, '')
      .trim();
    if (/^(?:@\w|:\w[^:]*:|\{@inheritDoc\})/i.test(line)) break;
    lead.push(line);
  }
  return /[A-Za-z]{2,}/.test(lead.join(' '));
}

/** The documented function a call reaches, when the call names it unambiguously; null otherwise. */
export function resolveCallee(
  call: Call,
  language: string,
  self: { path: string; line: number; owner: string },
  index: RepoIndex,
): IndexedFunction | null {
  const all = (index.byShort.get(`${language}\0${call.short}`) ?? []).filter(
    (f) => f.documented && !(f.path === self.path && f.line === self.line),
  );
  // a method of another expression's result (`segmentFor(hash).put(…)`, `a?.b(…)`) is of a type not known here
  if (all.length === 0 || call.onResult) return null;
  const segs = call.callee.split(/\.|::|->/);
  const qualifier = segs.length > 1 ? segs.at(-2)! : null;
  const one = (list: IndexedFunction[]): IndexedFunction | null | undefined =>
    list.length === 1 ? list[0]! : list.length > 1 ? null : undefined;
  let pick: IndexedFunction | null | undefined;
  // a method of a field (`this._canvas.zoom(…)`) is of the field's type, not of this class (held
  // out, set 20: diagram-js' `ZoomScroll.reset` was called "the same as" its own `zoom`)
  if (call.onSelf && segs.length > 2) pick = undefined;
  else if (call.onSelf) {
    pick = one(all.filter((f) => f.path === self.path && f.owner === self.owner));
  } else if (qualifier === null) {
    pick = one(all.filter((f) => f.path === self.path && (f.owner === '' || f.owner === self.owner)));
    if (pick === undefined) pick = one(all.filter((f) => f.owner === '' || language === 'Go'));
    if (pick && language === 'Go' && path.posix.dirname(pick.path) !== path.posix.dirname(self.path)) pick = null;
  } else if (segs.length > 2 && segs.slice(0, -1).every((q) => /^[A-Z]/.test(q))) {
    // a qualified module path (`Telemetry::Component.build`) names every segment: an owner that
    // only ends in the last one (`Remote::Component`) is another class (held out, set 28:
    // dd-trace-rb's `build_telemetry` was checked against `Remote::Component.build`'s doc)
    const quals = segs.slice(0, -1);
    const path_ = (f: IndexedFunction): string[] => f.owner.split(/\.|::/).filter((x) => x !== 'self');
    pick = one(all.filter((f) => path_(f).slice(-quals.length).join('.') === quals.join('.')));
  } else {
    const base = (p: string): string => path.posix.basename(p).replace(/\.[^.]+$/, '');
    pick = one(
      all.filter(
        (f) =>
          f.owner.split('.').pop() === qualifier ||
          (f.owner === '' && (base(f.path) === qualifier || path.posix.basename(path.posix.dirname(f.path)) === qualifier)),
      ),
    );
  }
  // Java has overloads and no default arguments: a documented callee that cannot take the call's
  // number of arguments is another overload of the name, and its parameters are not the call's
  // (held out, set 26: ion-java's `newSharedSymtab(reader, false)` read as the documented
  // `newSharedSymtab(name, version, …)`, "with version set to false")
  if (pick && language === 'Java' && call.args.length !== pick.params.length) {
    const last = pick.paramTypes.get(pick.params.at(-1) ?? '') ?? '';
    if (!/\.\.\.$|\[\]$/.test(last) || call.args.length < pick.params.length - 1) return null;
  }
  return pick ?? null;
}

/**
 * Names that mean something else in every function (`args` of a logger call, `value` of a
 * setter, `kwargs` of a formatter): their docs are reused only from the callee they are passed to.
 */
const GENERIC_PARAMS: ReadonlySet<string> = new Set([
  'args',
  'argv',
  'kwargs',
  'kw',
  'kwds',
  'rest',
  'params',
  'options',
  'opts',
  'option',
  'config',
  'cfg',
  'settings',
  'value',
  'values',
  'val',
  'data',
  'obj',
  'object',
  'item',
  'items',
  'elem',
  'element',
  'key',
  'keys',
  'name',
  'names',
  'other',
  'arg',
  'input',
  'output',
  'result',
  'res',
  'req',
  'request',
  'response',
  'resp',
  'ctx',
  'context',
  'event',
  'evt',
  'msg',
  'message',
  'text',
  'str',
  'string',
  'node',
  'index',
  'idx',
  'type',
  'kind',
  'callback',
  'func',
  'handler',
  'target',
  'source',
  'src',
  'dest',
  'path',
  'file',
  'state',
  'self',
  'this',
  'cls',
]);

interface ParamGround {
  text: string;
  source: string;
}

function groundParam(
  p: { name: string; type: string | null; default: string | null },
  fnOwner: string,
  calls: readonly Call[],
  language: string,
  ctx: GroundContext,
  self: { path: string; line: number; owner: string; short: string },
  body: { code: string; start: number; params?: ReadonlySet<string> },
): ParamGround | null {
  const ok = (text: string, type: string | null): boolean =>
    compatibleTypes(p.type, type) &&
    !restatesName(text, p.name) &&
    !holdsList(text) &&
    (!/\bdefault/i.test(text) || (p.default !== null && text.includes(p.default)));
  // 1. the callee it is forwarded to
  const forwarded: { text: string; fn: IndexedFunction; narrowed: boolean }[] = [];
  for (const c of calls) {
    const i = c.args.findIndex(
      (a) =>
        a.text === p.name ||
        new RegExp(`^(?:\\*{1,2}|\\.\\.\\.)?${p.name}$`).test(a.text) ||
        new RegExp(`^${p.name}\\s*[=:]\\s*${p.name}$`).test(a.text),
    );
    if (i < 0) continue;
    // a parameter the body changed before the call (`columnWidth -= indent`) no longer holds what
    // the caller passed: the callee's words describe the changed value (held out, set 11)
    if (changedBefore(body.code, p.name, body.start, c.start)) continue;
    // A value that reaches the callee only under a test of its kind (`if lazy?(value)`) is a
    // narrowed one: the callee's words describe that, not what the caller may pass (held out,
    // set 27: graphql-ruby's `after_lazy`). Such a call gives no text, but still counts below.
    const narrowed = narrowedAt(body.code, language, body.start, c.start, c.end, p.name);
    const callee = resolveCallee(c, language, self, ctx.index);
    const d = callee?.paramDocs.get(p.name);
    if (!callee || !d) continue;
    const keyword = /[=:]/.test(c.args[i]!.text);
    const positional = c.args.slice(0, i).every((a) => !/^\w+\s*=/.test(a.text));
    if (!keyword && !(positional && callee.params[i] === p.name)) continue;
    // the callee's words may name another of its parameters ("If None, uses
    // cron_scheduler.connection"): here that name means nothing (held out, set 37: rq's
    // `CronScheduler.register_death`, whose `self` is the callee's `cron_scheduler`)
    const namesOther = callee.params.some(
      (q) =>
        q !== p.name && q.length > 1 && !(body.params?.has(q) ?? false) && new RegExp(`(?<![\\w$])${escape(q)}(?![\\w$])`).test(d.text),
    );
    if (!namesOther && ok(d.text, d.type ?? callee.paramTypes.get(p.name) ?? null)) forwarded.push({ text: d.text, fn: callee, narrowed });
  }
  // one callee's own use among the texts (a thin wrapper aside) makes the call no source at all:
  // dropping it alone would let a second callee's equally narrow words through ("The expression
  // to check if it's normalized." on sqlglot's `propagate_constants`, set 26's tuning run)
  const plain = forwarded.filter((x) => !x.narrowed);
  const f = calls.length > 1 && forwarded.some((x) => calleesUse(x.text)) ? null : sameText(plain);
  if (f !== null)
    return { text: listItemText(f), source: `the doc of \`${plain[0]!.fn.name}\` (${loc(plain[0]!.fn)}), which it is passed to` };
  // 2. an overload of the same function
  // Without a call that ties the two together, a short or generic name (`a`, `x`) or a terse text
  // ("first") may mean something else here: only a name of 3+ characters and a text of 3+ words.
  if (p.name.length < 3 || GENERIC_PARAMS.has(p.name.replace(/^[_$]+/, '').toLowerCase())) return null;
  // The other doc must document a parameter its own signature has (a getter's doc describing the
  // setter's `value` is about another function), and when this parameter's type is written, the
  // other's must be written too and be the same: a `value: bool` is not a `value: list[Column]`.
  const typed = (e: { fn: IndexedFunction; type: string | null }): string | null => e.type ?? e.fn.paramTypes.get(p.name) ?? null;
  const docs = (ctx.index.byParam.get(`${language}\0${p.name}`) ?? []).filter(
    (e) =>
      !(e.fn.path === self.path && e.fn.line === self.line) &&
      e.fn.params.includes(p.name) &&
      (p.type === null || typed(e) !== null) &&
      ok(e.text, typed(e)) &&
      e.text.split(/\s+/).length >= 3,
  );
  // Without a call, only an overload of the same function (the same name in the same class or
  // file: another constructor, `writeBytes(byte[])` beside `writeBytes(byte[], int, int)`) shares
  // its parameters' meaning. A sibling with another name uses the same parameter name for its
  // own purpose: "content of the tag, used for checking for duplicates" is `key_only`'s `slice`,
  // not `skip_value`'s; `applySourceMap`'s optional `aSourceFile` "if omitted, the consumer's file
  // is used" is not `setSourceContent`'s (held out, set 10, five of six sibling texts were wrong
  // or cut off; sets 8–9: `escape`'s text on `unescape`, `Input`'s on `Output`). Nor across
  // files (set 9), where the entries a run writes would also raise the count the next run sees.
  const overloads = docs.filter((e) => e.fn.path === self.path && e.fn.owner === fnOwner && e.fn.short === self.short);
  if (overloads.length === 0) return null;
  const text = sameText(overloads);
  if (text === null) return null; // documented differently: no single meaning to reuse
  const e = overloads[0]!;
  return {
    text: listItemText(text),
    source: `the doc of the overload \`${e.fn.name}\` (${loc(e.fn)})${overloads.length > 1 ? `, and ${overloads.length - 1} more alike` : ''}`,
  };
}

/**
 * A callee's text that only names what the callee does with the value — a short "<noun> to
 * <verb>" ("Expr to traverse", "Text to search.", "The address to parse") — describes the
 * callee's use, not the caller's: `eliminate_join_marks(expression)` does not merely traverse it,
 * `appendCommaToText(text)` does not search it (held out, set 26: sqlglot, ts-morph, undici).
 * A thin wrapper, whose one call is the callee, does what the callee does: its words hold there.
 */
export function calleesUse(text: string): boolean {
  return /^(?:the |an? )?[\w-]+(?: [\w-]+)? to [a-z]+\.?$/i.test(text.trim());
}

/**
 * A reused text without the `;` that separated it from the next item of its source's list
 * ("`name` - probably qualified name to resolve;", held out, set 10): here it stands alone.
 */
/**
 * Whether a doc text holds a bulleted list ("Options:\n\n- 'sqeuclidean': …\n- 'euclidean': …"):
 * borrowed into an entry, its items run together into one line ("Options: - 'sqeuclidean': …
 * - 'euclidean': …"), a list no longer (held out, set 35: POT's `solve_sample` from `emd2_lazy`).
 */
export function holdsList(text: string): boolean {
  return /(?:^|\n|:)\s*[-*•]\s+\S/.test(text) && (text.match(/(?:^|\s)[-*•]\s+(?=\S)/g)?.length ?? 0) >= 2;
}

function listItemText(text: string): string {
  // an entity (`&lt;`) ends in `;` too
  return /&#?\w+;\s*$/.test(text) ? text : text.replace(/\s*;\s*$/, '');
}

/** A comment that says what the code does (not a directive, a marker or commented-out code). */
export function proseComment(text: string): boolean {
  const t = text.trim();
  if (t.split(/\s+/).length < 3 || t.length > 200) return false;
  if (/^\.\.\s*\w|^:\w+:/.test(t)) return false;
  // a generator's source marker (`line 225 "src/Parser/TemplateParser.y"`, `#line 12 "x.l"`) says
  // where the code came from, not what it does (held out, set 38: smarty's generated parser)
  if (/^#?\s*line\s+\d+\s+"[^"]+"\s*$/i.test(t)) return false;
  if (
    /^(type:|noqa|pragma|pylint|eslint|prettier|@ts-|ts-|nolint|go:|TODO|FIXME|XXX|HACK|NOTE:|SAFETY|fmt:|isort|mypy|istanbul|c8|biome|NOSONAR|region|endregion|-\*-)/i.test(
      t,
    )
  )
    return false;
  if (/[;{}]\s*$|^\w+(\.\w+)*\s*\(|\s=\s|==|=>|->|^\w+\s*=|^(return|if|for|while|import|from|def|let|const|var)\b/.test(t)) return false;
  // a commented-out statement: a lower-case statement keyword before a call (`assert isinstance(v, bytes)`,
  // `raise ValueError(…)`, `print(x)`; held out, set 15: webob's `_unquote`)
  if (/^(assert|raise|throw|yield|await|del|print|puts|echo|defer|panic!?|delete|new)\s+[^.!?]*[\w\]]\(/.test(t)) return false;
  return /^[A-Za-z]/.test(t);
}

/** The grounded model of a function (docs/design.md §7, Pipeline "Model"; docs/docgen.md). */
export function buildModel(
  fn: Pick<ParsedFunction, 'name' | 'content' | 'startLine'> & { docstring?: string | null },
  language: string,
  facts: SignatureFacts,
  ctx: GroundContext = { index: emptyIndex(), relPath: '' },
): DocModel {
  const { short, owner } = splitName(fn.name);
  const self = { path: ctx.relPath, line: fn.startLine, owner, short };
  const masked = mask(fn.content, language);
  const body = bodyRange(masked.code, language, short) ?? { start: 0, end: masked.code.length };
  const calls = callsIn(masked.code, body.start, body.end);
  const params: DocParam[] = facts.params
    .filter((p) => !RECEIVERS.has(p.name))
    .map((p) => {
      const g = groundParam(p, owner, calls, language, ctx, self, {
        code: masked.code,
        start: body.start,
        params: new Set(facts.params.map((q) => q.name)),
      });
      return {
        name: p.name,
        type: p.type,
        text: g?.text ?? '',
        variadic: p.variadic,
        default: p.default,
        ...(g ? { source: g.source } : {}),
      };
    });
  // The analyzer counts a yield for the function it belongs to: one only in a nested function is no Yields.
  const bodyCode = masked.code.slice(body.start, body.end);
  const generator =
    facts.returns !== 'none' &&
    (language === 'Python'
      ? /^\s*(?:\w+\s*=\s*)?(?:yield|await\s+yield)\b|\(\s*yield\b|=\s*yield\b/m.test(bodyCode)
      : /^\s*(?:async\s+)?function\s*\*|^\s*\*\s*\w+\s*\(/.test(fn.content));
  const returnType = cleanReturnType(facts.returnType, language);
  const returnsValue =
    facts.returns === 'value' || (returnType !== null && !/^(None|void|Promise<void>|never|NoReturn|Never|Unit|\(\))$/.test(returnType));
  let returns: DocModel['returns'] = null;
  let yields: DocModel['yields'] = null;
  // a body that is one call of a documented function: a thin wrapper
  const stmt = bodyCode
    .trim()
    .replace(/^\{|\}$/g, '')
    .trim()
    .replace(/;$/, '')
    .trim();
  // compared as text, not through a pattern built from the call: a call holding a long literal
  // (a dataset loader's `np.array([...])` of thousands of numbers) makes a pattern too large to
  // compile (held out, set 38: pmdarima crashed the run)
  const bare = stmt
    .replace(/^return\s+/, '')
    .replace(/^(?:await\s+|try\s+|try!\s*)/, '')
    .replace(/\s*\?$/, '');
  const wrapperCall = calls.find((c) => {
    const callText = masked.code.slice(c.start, c.end).trim();
    return bare === callText || stmt === callText;
  });
  // "Same as callee()" holds only when the call hands on this function's own arguments and
  // literals: an argument computed here (`self.sync_bl.critical`, a field) makes it another call;
  // and a private callee (`_dispatch`) is no reference for a reader.
  const paramNames = new Set(facts.params.map((p) => p.name));
  const handedOn = (c: Call): boolean =>
    c.args.every((a) => {
      const kw = /^(\w+)\s*[:=]\s*(.+)$/.exec(a.text);
      const v = (kw ? kw[2]! : a.text).replace(/^(\*{1,2}|\.\.\.|&)/, '').trim();
      const at = kw ? a.at + a.text.indexOf(kw[2]!) : a.at;
      // the receiver handed on (`glom(target, self)`) is this object, not a value the caller
      // passed; nor is a parameter the body changed before the call
      return (
        (paramNames.has(v) && !RECEIVERS.has(v) && !changedBefore(masked.code, v, body.start, c.start)) ||
        literalArg(kw ? kw[2]! : a.text, fn.content.slice(at, at + (kw ? kw[2]! : a.text).length)) !== null
      );
    });
  const wrappedAny = wrapperCall ? resolveCallee(wrapperCall, language, self, ctx.index) : null;
  // every literal must be named by the callee's parameter at its position: a literal past the
  // callee's declared parameters (a varargs list, `f("table", "template")`) cannot be described,
  // and "with nodeNames set to "table"" would leave the rest out
  const namesAll = (c: Call, callee: IndexedFunction): boolean =>
    c.args.length <= callee.params.length || c.args.slice(callee.params.length).every((a) => /^\w+\s*[:=]/.test(a.text));
  // and every parameter of this function must reach the call: a wrapper that drops one (a
  // deprecated overload ignoring its `unwrap`, held out set 14) is not "the same"
  // and once each: one parameter in several places (`open(name, encoding, encoding)`, held out
  // set 17) makes the wrapper a narrower call, not the same one
  const handsOnAll = (c: Call): boolean => {
    const passedList = c.args.map((a) => {
      const kw = /^(\w+)\s*[:=]\s*(.+)$/.exec(a.text);
      return (kw ? kw[2]! : a.text).replace(/^(\*{1,2}|\.\.\.|&(mut\s+)?)/, '').trim();
    });
    const passed = new Set(passedList);
    if ([...paramNames].some((p) => passedList.filter((a) => a === p).length > 1)) return false;
    return [...paramNames].every((p) => RECEIVERS.has(p) || passed.has(p));
  };
  // A constructor whose body is one call builds an object; it is not interchangeable with the
  // call ("Same as JLineNativeLoader.initialize(), with its result dropped." on a constructor,
  // held out set 17)
  // so is a JavaScript constructor function (`function Text(symbol) { checkSymbol(symbol); }` with
  // `Text.prototype = …`): its doc is the class's (held out, set 36: xmldom's DOM node classes)
  const constructor = isConstructor(short, owner, language) || (owner === '' && ctx.classFunctions?.has(short) === true);
  const wrapped =
    !constructor &&
    wrappedAny &&
    wrapperCall &&
    handedOn(wrapperCall) &&
    handsOnAll(wrapperCall) &&
    namesAll(wrapperCall, wrappedAny) &&
    !/^[_#]/.test(wrappedAny.short) &&
    // explicit type or const generic arguments (`dispatch_next::<true, NEG>(…)`, `Foo.<T>of(…)`)
    // fix parameters "with … set to …" does not name: another call (held out, set 30:
    // rust-decimal's `handle_point`)
    !/</.test(masked.code.slice(wrapperCall.start, wrapperCall.end).split('(')[0]!) &&
    saysSomething(wrappedAny.doc)
      ? wrappedAny
      : null;
  if (generator) yields = { type: null, text: '' };
  else if (returnsValue && facts.returns !== 'none') {
    returns = { type: returnType, text: '' };
    // `return callee(...)`: the callee's documented return, when it is the only return
    const rets = [...bodyCode.matchAll(/\breturn\b/g)];
    const only =
      rets.length === 1
        ? calls.find((c) => {
            const text = masked.code
              .slice(body.start + rets[0]!.index!, c.end + 2)
              .trim()
              .replace(/;$/, '')
              .trimEnd();
            const call = masked.code.slice(c.start, c.end);
            const m = /^return\s+(?:await\s+)?/.exec(text);
            return m !== null && text.slice(m[0].length) === call;
          })
        : wrapperCall;
    const callee = only ? resolveCallee(only, language, self, ctx.index) : null;
    // the callee's words about its result may name its own parameters ("true if key exists"):
    // only reused when every parameter they name is one of this function's too
    const namesOthers = (text: string, c: IndexedFunction): boolean =>
      c.params.some((q) => !paramNames.has(q) && q.length > 1 && new RegExp(`\\b${escape(q)}\\b`).test(text));
    // and only when the call hands on this function's own arguments and literals: a callee's
    // words about its result describe it in terms of its input ("the string value of the released
    // builder"), which a computed local argument makes about something the reader does not see
    // a text that ends in ":" introduces a list the callee's doc goes on with ("The returned
    // dict-like object always contains the keys/columns:", held out, set 29: pvlib's
    // `PVSystem.singlediode`): without the list it is a sentence cut short
    if (
      only &&
      callee?.returns &&
      !/:\s*$/.test(callee.returns) &&
      !holdsList(callee.returns) &&
      handedOn(only) &&
      compatibleTypes(returnType, callee.returnType) &&
      !namesOthers(callee.returns, callee)
    )
      // the callee's type comes along (its annotation, else its doc's): the wrapper returns its
      // result (tuning, set 35: pyRiemann's `_stu` got the placeholder `object` for `ndarray, …`)
      returns = {
        type: returnType ?? cleanReturnType(callee.returnType, language) ?? callee.returnsType ?? null,
        text: callee.returns,
        source: `the doc of \`${callee.name}\` (${loc(callee)}), whose result it returns`,
      };
  }
  let summary = '';
  let summarySource: string | undefined;
  let summaryComment: DocModel['summaryComment'];
  if (wrapped && wrapperCall) {
    const withs: string[] = [];
    // A literal with a backtick cannot be quoted where the doc's markup reads backticks as code
    // spans (Markdown-rendered PHPDoc, JSDoc, rustdoc, reST, YARD) and has no escape for one:
    // ``with `str` set to '`+'`` opens a span that never closes (held out, set 21: commonmark's
    // `BacktickParser`). Left out, the "Same as" would hide a fixed argument: no summary.
    let unquotable = false;
    wrapperCall.args.forEach((a, i) => {
      const kw = /^(\w+)\s*[:=]\s*(.+)$/.exec(a.text);
      const valueText = kw ? kw[2]! : a.text;
      const valueAt = kw ? a.at + a.text.indexOf(kw[2]!) : a.at;
      const lit = literalArg(valueText, fn.content.slice(valueAt, valueAt + valueText.length));
      const name = kw ? kw[1]! : wrapped.params[i];
      if (lit !== null && lit.includes('`') && !/^(Java|C#)$/.test(language)) unquotable = true;
      if (lit !== null && name && withs.length < 3) withs.push(`${codeSpan(language, name)} set to ${codeSpan(language, lit)}`);
    });
    // a callee whose result the wrapper drops is not "the same"
    const expressionBody =
      language === 'Ruby' || (language === 'Rust' ? !bodyCode.trim().endsWith(';') : /=>\s*$/.test(masked.code.slice(0, body.start)));
    const drops =
      (wrapped.returns !== null || (wrapped.returnType !== null && !/^(void|None|\(\)|Unit)$/.test(wrapped.returnType))) &&
      !/^return\b/.test(stmt) &&
      !expressionBody;
    if (drops) withs.push('its result dropped');
    const tail = withs.length > 0 ? `, with ${withs.join(' and ')}` : '';
    if (!unquotable) {
      summary =
        language === 'Go'
          ? `${short} is the same as ${wrapperCall.callee}${tail}.`
          : `Same as ${language === 'Python' ? `\`${wrapperCall.callee.replace(/^(self|cls)\./, '')}()\`` : codeSpan(language, `${wrapperCall.callee.replace(/^(self|this|static|Self)(\.|->|::)/, '')}()`)}${tail}.`;
      summarySource = `a thin wrapper of the documented \`${wrapped.name}\` (${loc(wrapped)})`;
    }
  } else {
    const lead = leadingComment(fn.content, masked.code, body.start, language);
    if (
      lead &&
      !summaryRestatesName(lead.text, fn.name) &&
      !aboutAValue(lead.text, short, bodyCode, paramNames) &&
      !REMARK.test(lead.text) &&
      // what the code should be ("this should be a pure function", held out set 34: lifelines'
      // `_preprocess_dataframe`) is a note to the maintainers, not what the function does
      !/^(?:(?:this|it|the function|the method)\s+)?(?:should|must|ought to|needs? to|has to)\b/i.test(lead.text) &&
      !STEP.test(lead.text) &&
      !WHY.test(lead.text) &&
      !CODE_REMARK.test(lead.text) &&
      !devRemark(lead.lines) &&
      !/^[A-Za-z][\w$]*:\s/.test(lead.text) &&
      // a comment that introduces what follows ("To clone a response response, run these steps:")
      // is the heading of the body's steps, not a sentence (held out, set 26: undici's `cloneBody`)
      !/:\s*$/.test(lead.text) &&
      !REFERENCE.test(lead.text) &&
      // a link with a word or three ("Quick implementation https://…", held out, set 32: jstat's
      // `qr2`) is a reference: the link says what the code follows, the words do not
      !(
        (lead.text.match(/(?:https?|ftp):\/\/\S+/g)?.length ?? 0) > 0 &&
        (lead.text.replace(/(?:https?|ftp):\/\/\S+/g, ' ').match(/[A-Za-z][\w'-]*/g)?.length ?? 0) <= 3
      ) &&
      (language !== 'Go' || lead.text.startsWith(`${short} `))
    ) {
      summary = commentSentence(lead.text, language);
      summarySource = `the body's own leading comment (line ${fn.startLine + lead.row})`;
      summaryComment = { start: lead.row, end: lead.end };
    }
  }
  // A reused parameter text whose every word is already in the parameter's name, its written
  // type, the function's name or its summary ("the character token to insert" under "Inserts the
  // character token …", "The deprecated option handler." on `Consumer<Option> deprecatedHandler`)
  // tells the reader nothing: not written.
  const said = `${short} ${fn.docstring ?? ''} ${summary}`.replace(/[^A-Za-z0-9]+/g, '_');
  for (const p of params) {
    const typeWords = (p.type ?? '').replace(/[^A-Za-z0-9]+/g, '_');
    // (the documented-share rule too, which knows abbreviations: "The start position" on
    // `startPos`, held out set 17, is as trivial as the metrics count it)
    if (p.text !== '' && (restatesName(p.text, `${p.name}_${typeWords}_${said}`) || isTrivialDoc(p.text, fn.name, [p.name]))) {
      p.text = '';
      delete p.source;
    }
  }
  // A text borrowed from a callee that speaks of what the callee produces ("The number of bits that
  // the produced range includes." from `range(count)`) describes the callee's result, which this
  // function does not hand back unless it returns that call (held out, set 43: bitvec's `copy_to`)
  for (const p of params) {
    const callee = /^the doc of `([^`]+)` .*which it is passed to$/.exec(p.source ?? '')?.[1];
    if (
      callee !== undefined &&
      /\bthe (?:produced|returned|resulting|generated|created|constructed)\b/i.test(p.text) &&
      !(returns?.source ?? '').startsWith(`the doc of \`${callee}\``)
    ) {
      p.text = '';
      delete p.source;
    }
  }
  // A private constructor whose body is one throw is a class's guard against instantiation
  // ("Utility class", held out set 17): no caller can reach it, so its throw is no entry.
  const guardOnly =
    constructor && /^\s*(?:@\w+(?:\([^)]*\))?\s+)*private\b/.test(fn.content) && /^\s*\{?\s*throw\b[^;]*;\s*\}?\s*$/.test(bodyCode);
  const raises = guardOnly
    ? []
    : codeRaises(
        fn.content,
        language,
        params.map((p) => p.name),
        fn.startLine,
        body.start,
        ctx.relPath.split('/').map((seg) => seg.replace(/\.[^.]*$/, '')),
        short,
        ctx.hidden,
        ctx.helpers,
        ctx.keepsRoot,
      );
  // A reused text that lets the parameter be null ("May be null.", from a setter) contradicts
  // this function's own raise on null (held out, set 9: kryo's `Input(InputStream)` throws
  // IllegalArgumentException on null): not written.
  for (const p of params) {
    const onNull = new RegExp(`\\b${escape(p.name)}\\b\\W*(==|===|is)\\s*(null|None|nil)\\b|\\b${escape(p.name)}\\b\\W* is null`);
    if (
      p.text !== '' &&
      /\b(may|can|might) be (null|None|nil)\b|\bnull(able)? (is )?allowed\b/i.test(p.text) &&
      raises.some((r) => onNull.test(r.text))
    ) {
      p.text = '';
      delete p.source;
    }
  }
  const deprecated = codeDeprecation(fn.content, language, fn.startLine, body.start);
  return {
    summary,
    description: [],
    params,
    returns,
    yields,
    raises,
    ...(summarySource ? { summarySource } : {}),
    ...(summaryComment ? { summaryComment } : {}),
    ...(deprecated ? { deprecated } : {}),
  };
}

/**
 * A comment that opens with a preposition, a subordinating conjunction, a first-person pronoun or
 * a note word remarks on the implementation ("Within this algorithm the order of steps … is not
 * quite the same", "Note that …", "We keep …", "Since the list may be empty, …"): it does not say
 * what the function does, so it is no summary (held out, set 6: html5lib's
 * `reconstructActiveFormattingElements`).
 */
const REMARK =
  /^(within|in|inside|per|unlike|like|since|because|as|when|whenever|while|whilst|if|unless|although|though|even|however|but|and|or|so|also|otherwise|note|notes|nb|n\.b\.|here|there|we|we're|we've|i|i'm|our|my|currently|historically|previously|apparently|unfortunately|ideally|basically|originally|hack|workaround|warning|caution|important|beware|careful|don't|do not|never|keep|please|see|cf\.?|based|according|taken|copied|adapted|ported|borrowed|unclear|unsure|not sure|no idea|todo|fixme|xxx)\b/i;

/**
 * A comment that narrates a step of the body — "first" as an adverb ("Check first to avoid
 * locking if possible", "Try the cache first"; not "the first element"), an opening "then",
 * "now", "next" or "finally", or "if possible" — says how the body goes about its work, not what
 * the function does (held out, set 9: waitress's `_flush_outbufs_below_high_watermark`): no
 * summary. Inside a sentence "then" and "now" are left alone ("Parse the header, then the body.",
 * "Double y, as long_one now does.").
 */
const STEP = /^(first|then|now|next|finally)\b|\bfirst(?=\s*(?:$|[,.;]|(?:to|so|if|and|before|because|then)\b))|\bif possible\b/i;

/**
 * A comment that gives the reason for a step — the means it uses ("Use matching threshold …",
 * "Using a set here …") or a workaround or an avoidance as its purpose ("… to work around
 * precision errors", "… to avoid a copy") — explains how the body goes about one detail, not what
 * the function does (held out, set 21: bpmn-js' `fenced`): no summary.
 */
const WHY =
  /^(?:use|uses|using)\b|\b(?:to|so as to|in order to)\s+(?:work\s*around|get\s+around|avoid|prevent|circumvent|sidestep|silence|appease|placate|trick)\b/i;

/**
 * A comment that remarks on the code rather than saying what the function does: "This"/"That"/"It"
 * with an opinion or a correction ("This looks scary, but is simple", "This actually becomes a
 * copy"), or a subject with a negated modal or copula ("Copies shouldn't be tracked") — held out,
 * set 15: webob's `_value_quote`, `_cache_control__set`, `GetDict.copy`. "This is called …" (when
 * the function runs) is not one. Nor is a note on where the code came from ("This is lightly
 * adapted from how ps(1) obtains …", held out, set 17).
 */
/**
 * A developer's remark rather than a description (held out, set 25: petl's "need to deal with
 * polymorphic dbo argument / what sort of duck is it?", dataclasses-json's note above a line with
 * a mypy issue link): a comment that opens with a to-do phrase ("need to", "TODO", "FIXME",
 * "XXX"…), asks a question, or has a line that is mainly a link to an issue or an issue
 * reference (`#123`, `GH-123`).
 */
export function devRemark(lines: readonly string[]): boolean {
  const text = lines.join(' ').trim();
  if (/^(?:(?:we |i |you )?(?:still )?needs? to|todo|fixme|xxx|hack|tbd|to ?do)\b/i.test(text)) return true;
  if (/\?(?:\s|$)/.test(text)) return true;
  // a link to an issue or a pull request (a reference to a specification, an RFC, is a source the
  // summary may name: grounding.test.ts, set 4)
  return lines.some((l) => {
    const rest = l
      .replace(/(?:https?|ftp):\/\/\S*(?:\/(?:issues?|pulls?|bugs?|tickets?|show_bug\.cgi)\b|[?&]id=\d)\S*/g, '')
      .replace(/(?:\b[\w.-]+\/[\w.-]+)?#\d+\b|\b(?:GH|gh|issue|Issue|bug|Bug|PR|pr)[- ]?#?\d+\b/g, '')
      .replace(/[^A-Za-z]+/g, ' ')
      .trim();
    return rest !== l.replace(/[^A-Za-z]+/g, ' ').trim() && rest.split(' ').filter((w) => w !== '').length < 3;
  });
}

const CODE_REMARK =
  /\b(?:adapted|copied|borrowed|ported|lifted|taken|cribbed) (?:\w+ )?from\b|^(?:this|that|it)\s+(?:(?:actually|really|just|probably|basically|merely|simply|still|also)\b|(?:looks|seems|appears|becomes|feels|sounds)\b)|^[\w-]+\s+(?:shouldn't|should not|mustn't|must not|needn't|need not|can't|cannot|won't|will not|don't|doesn't|aren't|isn't)\b/i;

/**
 * A comment whose subject is a value of the code ("Stat.dev can be 0n on windows …", "val is null
 * for …"): it explains a detail of the body, not what the function does. The subject is a code
 * name — dotted, with `_`/`$` or an inner capital, or a parameter or identifier of the body — and
 * a copula, a modal or a third-person verb follows it ("urlsplit handles byte input …" over
 * `split_uri`, held out set 9). The function's own name as subject (Go's convention) is not. A
 * labelled remark ("Precondition: …") is no summary either (checked at the call).
 */
function aboutAValue(text: string, short: string, bodyCode: string, params: ReadonlySet<string>): boolean {
  const m =
    /^`?([A-Za-z_$][\w$]*(?:\.[\w$]+)*)`?\s+(?:is|are|was|were|can|could|may|might|must|should|will|has|have|[a-z]{2,}[^s\W]s)\b/.exec(
      text,
    );
  if (!m) return false;
  const subject = m[1]!;
  if (subject === short || /^(this|it|that|these|those|there|here|we|you|they|which|what|one|each|all|nothing)$/i.test(subject))
    return false;
  if (/[._$]|[a-z][A-Z]/.test(subject)) return true;
  return params.has(subject) || params.has(subject.toLowerCase()) || new RegExp(`\\b${escape(subject.toLowerCase())}\\b`).test(bodyCode);
}

/**
 * A comment's text as the doc's summary sentence: capitalised, with a closing period — except
 * after a URL, where the period would become part of the link. Rustdoc lints a bare URL
 * (`rustdoc::bare_urls`): there it is written as an autolink, `<https://…>`.
 */
export function commentSentence(text: string, language: string): string {
  const URL = /(^|[\s(])((?:https?|ftp):\/\/[^\s<>()]*[^\s<>().,;:!?'"])/g;
  const t = language === 'Rust' ? text.replace(URL, '$1<$2>') : text;
  const endsInUrl = /(?:https?|ftp):\/\/\S*$/.test(t);
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) || endsInUrl ? '' : '.'}`;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A comment that points at a link for what the code does ("logstash_event format is documented at
 * <url>", "Algorithm described in <url>", one that opens with "See <url>" or "Ported from <url>")
 * is a reference, not a summary: the link says where to read, the sentence says nothing of the
 * function (set 29's tuning run: puppet's `format`). A description that ends in a link ("Header
 * name characters, see <url>") is one.
 */
const REFERENCE =
  /^(?:see|cf\.?|refer(?:red)? to|based on|taken from|copied from|ported from|adapted from|borrowed from|inspired by)\b[^.]*?(?:https?|ftp):\/\/|\b(?:is|are)?\s*(?:documented|described|specified|defined|explained|detailed)\s+(?:(?:at|in|on|here|by|under|the|this|following|link|page|docs?|documentation|spec(?:ification)?|rfc|article|post|issue|answer|[:,-])\s*)+<?(?:https?|ftp):\/\//i;

/**
 * The comment lines that open the body, joined, when they say what the whole function does;
 * null when the body does not open with prose. A comment that opens a longer body usually
 * describes its first step ("Try the cache first", "Set freeze to true"), not the function: it
 * counts only when a blank line separates it from the code below, or when at most two
 * statements follow it. `end` is the row after it (after the blank line that follows it).
 */
function leadingComment(
  content: string,
  code: string,
  bodyStart: number,
  language: string,
): { text: string; lines: string[]; row: number; end: number } | null {
  const rest = code.slice(bodyStart);
  const first = rest.search(/\S/);
  const lines = content.split('\n');
  const startRow = content.slice(0, bodyStart).split('\n').length - 1;
  // the first code character's row: the comment lines are the original's lines before it
  const codeRow = first < 0 ? lines.length : content.slice(0, bodyStart + first).split('\n').length - 1;
  const prefix = language === 'Python' || language === 'Ruby' ? /^\s*#\s?(.*)$/ : /^\s*\/\/\s?(.*)$/;
  const collected: string[] = [];
  let row = -1;
  for (let r = startRow; r < codeRow; r++) {
    const l = r === startRow ? content.slice(bodyStart).split('\n')[0]! : lines[r]!;
    if (l.trim() === '') {
      if (collected.length > 0) break;
      continue;
    }
    // a Sphinx `#:` comment documents the assignment below it, not the function
    if (/^\s*#:/.test(l)) break;
    const m = prefix.exec(l);
    if (!m) {
      if (r === startRow && l.trim() !== '' && !/^\s*[{:]?\s*$/.test(l)) return null;
      continue;
    }
    if (row < 0) row = r;
    collected.push(m[1]!.trim());
  }
  if (collected.length === 0) return null;
  // a comment after code on the header line (`def f():  # why`) is not the body's own
  if (row === startRow && !prefix.test(lines[row] ?? '')) return null;
  // Comment lines that are each their own unpunctuated sentence ("… see #628" / "To preserve …"),
  // or an indented sample line (`//    command [options]`), cannot be joined into one sentence
  // faithfully: no summary rather than a run-on one.
  for (let i = 0; i < collected.length; i++) {
    const raw = prefix.exec(lines[row + i] ?? '')?.[1] ?? '';
    if (/^\s{2,}\S/.test(raw)) return null;
    if (i + 1 < collected.length && !/[.!?:;,]$/.test(collected[i]!) && /^[A-Z][a-z]/.test(collected[i + 1]!)) return null;
  }
  // Lines none of which ends a sentence are notes, not wrapped prose ("elastic-transport gem for
  // version >= 8.0.0" / "elasticsearch-transport gem for version < 8.0.0", held out set 28:
  // dd-trace-rb); a label in title case ("Components & Tags", held out set 28: Excalibur's
  // `Query.matches`) heads a part of the body. A line that ends in a link is a reference.
  if (collected.length > 1 && collected.every((c) => !/[.!?:;,]$/.test(c) && !/(?:https?|ftp):\/\/\S*$/.test(c))) return null;
  const text = collected.join(' ').replace(/\s+/g, ' ').trim();
  if (/^[A-Z][\w'-]*(?:\s+(?:&|and|or|of|the|for|[A-Z][\w'-]*))*$/.test(text)) return null;
  if (!proseComment(text) || collected.some((c) => !proseComment(`${c} x y z`) && c !== '')) return null;
  let end = row + collected.length;
  const blankAfter = end < codeRow && (lines[end] ?? '').trim() === '';
  if (blankAfter) end++;
  // with no blank line, only a comment over a single statement covers the body: over two, it
  // describes the first ("Fast path: …" above an early return, "track … on transitions")
  // (held out, sets 3–5: of seven comments over one statement with no blank line, two said what
  // the function does; the others explained that statement — "Check for null … to avoid errors",
  // "NOT the vector since it's faster" — so outside Go, where such a comment starts with the
  // function's name, a blank line must set the comment apart as the body's heading)
  else if (language !== 'Go' || statementsFrom(code, bodyStart + first) > 1) return null;
  return { text, lines: collected, row, end };
}

/** Top-level statements of a body from `at` on (lines at the first line's indentation that do not continue a statement). */
function statementsFrom(code: string, at: number): number {
  const rows = code.slice(code.lastIndexOf('\n', at - 1) + 1).split('\n');
  const indent = /^\s*/.exec(rows[0]!)![0].length;
  let n = 0;
  for (const r of rows) {
    if (r.trim() === '') continue;
    const i = /^\s*/.exec(r)![0].length;
    if (i < indent) break;
    if (i > indent) continue;
    if (/^\s*([)\]}.?:+\-*/|&,]|else\b|elif\b|except\b|finally\b|catch\b)/.test(r)) continue;
    n++;
  }
  return n;
}

/**
 * A file's JavaScript/TypeScript constructor functions: a capitalised `function Name(` whose
 * prototype the file sets or extends (`Name.prototype`, `_extends(Name, …)`, `inherits(Name, …)`,
 * `Object.setPrototypeOf(Name, …)`) or that it calls with `new`. Such a function is a class.
 */
export function constructorFunctions(source: string, language: string): ReadonlySet<string> {
  const out = new Set<string>();
  if (!/^(JavaScript|TypeScript|TSX)$/.test(language)) return out;
  for (const m of source.matchAll(/(?<![\w$.])function\s+([A-Z][\w$]*)\s*\(/g)) {
    const n = escape(m[1]!);
    if (
      new RegExp(`(?<![\\w$.])${n}\\.prototype\\b|\\bnew\\s+${n}\\s*\\(|\\b(?:_?extends|inherits|setPrototypeOf)\\s*\\(\\s*${n}\\s*,`).test(
        source,
      )
    )
      out.add(m[1]!);
  }
  return out;
}

/** A constructor by its name: the class's own name, or the language's constructor name. */
export function isConstructor(short: string, owner: string, language: string): boolean {
  const cls = owner.split('.').pop() ?? '';
  if (short === cls && cls !== '' && /^(Java|Kotlin|C#|C\+\+|TypeScript|JavaScript|TSX|Swift)$/.test(language)) return true;
  return (
    (language === 'Python' && short === '__init__') ||
    (/^(JavaScript|TypeScript|TSX)$/.test(language) && short === 'constructor') ||
    (language === 'PHP' && short === '__construct') ||
    (language === 'Ruby' && short === 'initialize') ||
    (language === 'Swift' && short === 'init')
  );
}

function cleanReturnType(type: string | null, language: string): string | null {
  if (!type) return null;
  let t = type.trim().replace(/^->\s*/, '');
  if (language !== 'Python') t = t.replace(/^Promise<(.*)>$/s, '$1');
  return t === '' ? null : t;
}
