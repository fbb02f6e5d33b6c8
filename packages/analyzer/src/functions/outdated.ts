import type { DocFinding } from '@docent/contracts';
import { parseDocstring } from '../docstyles/index.ts';
import { describeFinding, finding } from './findings.ts';
import type { ReturnKind, Signature } from './types.ts';

export interface OutdatedVerdict {
  status: 'OUTDATED' | 'CURRENT';
  explanation: string;
  findings?: DocFinding[];
}

/** What the parse knows about a documented function beyond the verdict (see DocFacts in extract.ts). */
export interface DocJudgement {
  outdated: OutdatedVerdict;
  /** parameters a parameter-documenting doc leaves out: incomplete, not outdated (history may promote them) */
  missingParams: string[];
}

const CURRENT: OutdatedVerdict = { status: 'CURRENT', explanation: '' };
/** Receivers a doc never needs to mention. */
const RECEIVERS = new Set(['self', 'cls', 'this']);
/** Words a doc puts where a parameter name belongs when the name was left out. */
const DESCRIPTION_WORDS = new Set(['The', 'A', 'An', 'This', 'That', 'If', 'Optional', 'Returns']);

/**
 * Signature-versus-doc check: OUTDATED only where the doc states something the code contradicts
 * — a documented parameter the signature lacks, a documented return value from a function that
 * returns nothing. A parameter the doc leaves out is *incomplete* (it may never have been
 * documented); the history pass (engine/doc-history.ts) calls it outdated only when the
 * parameter was added after the doc's last change. `noun` is 'Docstring' or 'Doc comment'.
 */
export function judgeDoc(
  doc: string,
  language: string,
  signature: Signature | null,
  returns: ReturnKind,
  noun: string,
  declaration?: { name: string; content: string },
): DocJudgement {
  const summary = parseDocstring(doc, language);
  if (summary.styles.length === 0) return { outdated: CURRENT, missingParams: [] };
  // A (cached) property is read, not called: a parameter list in its doc describes how to call
  // the view or callable it gives back (networkx `G.nodes(data=True)`), never the getter.
  if (declaration && language === 'Python' && isProperty(declaration.content)) return { outdated: CURRENT, missingParams: [] };
  const lower = noun.toLowerCase();
  // `@param {string} The string to inspect.` names no parameter: the word is the description.
  const documented = summary.params.filter((p) => !RECEIVERS.has(p) && !DESCRIPTION_WORDS.has(p));
  let missingParams: string[] = [];
  if (signature) {
    // PEP 8: a parameter that would clash with a keyword gets a trailing underscore (`class_`);
    // docs name it without (`:param class:`).
    const inSignature = new Set(signature.names.flatMap((n) => (n.endsWith('_') && n.length > 1 ? [n, n.slice(0, -1)] : [n])));
    if (!signature.incomplete && !signature.acceptsKeywords) {
      let extra = documented.filter((p) => !inSignature.has(p));
      // A factory's doc may describe the function it builds and gives back (dgeni services'
      // `module.exports = function getLinkInfo(deps) { return function (url, title) {…} }`,
      // celery `build_tracer`): names that are parameters of a function defined in the body
      // and given back are not stale (held-out round 3, docs/metrics/outdated.md).
      if (extra.length > 0 && declaration && returns !== 'none') {
        const inner = innerParams(declaration.content, language);
        if (extra.every((p) => inner.has(p))) extra = [];
      }
      // A JSDoc `@abstract`/`@virtual` method with no parameters of its own documents what
      // subclasses accept (mocha `Runner.linkPartialObjects(value)`, held-out round 4).
      if (extra.length > 0 && signature.names.length === 0 && ABSTRACT_TAG.test(doc)) extra = [];
      if (extra.length > 0)
        return { outdated: verdict(finding('DOC_PARAM_NOT_IN_SIGNATURE', { names: extra.join(',') }), lower), missingParams };
    }
    if (documented.length > 0) {
      const listed = new Set(documented);
      const optional = new Set(signature.variadic);
      missingParams = signature.names.filter(
        (n) => !listed.has(n) && !listed.has(n.replace(/_$/, '')) && !optional.has(n) && !RECEIVERS.has(n),
      );
    }
  }
  // A constructor's "Returns" describes the object `new` gives back; it is never checked.
  if (summary.documentsReturn && returns === 'none' && !(declaration && CONSTRUCTORS.has(declaration.name))) {
    return { outdated: verdict(finding('DOC_RETURN_BUT_NONE'), lower), missingParams };
  }
  return { outdated: CURRENT, missingParams };
}

/** Parameter names of the functions defined inside a function's body (nested `def`/`function`, lambdas, arrows). */
export function innerParams(content: string, language: string): Set<string> {
  const body = content.slice(content.indexOf('\n') + 1);
  const lists: string[] = [];
  const collect = (re: RegExp): void => {
    for (const m of body.matchAll(re)) lists.push(m[1]!);
  };
  if (language === 'Python') {
    collect(/^[ \t]+(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(([^)]*)\)/gm);
    collect(/\blambda\b([^:]*):/g);
  } else if (language === 'JavaScript' || language === 'TypeScript' || language === 'TSX') {
    collect(/\bfunction\b\s*\*?\s*[\w$]*\s*\(([^)]*)\)/g);
    collect(/\(([^()]*)\)\s*(?::[^=;{]+)?=>/g);
    collect(/([\w$]+)\s*=>/g);
  }
  const names = new Set<string>();
  for (const list of lists)
    for (const part of list.split(',')) {
      const name = /^\s*(?:\.\.\.|\*{1,2})?([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(part)?.[1];
      if (name) names.add(name);
    }
  return names;
}

/** JSDoc's tags for a method subclasses implement. */
const ABSTRACT_TAG = /(?:^|\s)@(?:abstract|virtual)\b/m;

/** Names of constructors whose declared return says nothing (Java's have no return type at all). */
const CONSTRUCTORS = new Set(['__init__', '__new__', 'constructor']);

/** `@property`, `@cached_property`, `@functools.cached_property` (any module path) among the decorators. */
function isProperty(content: string): boolean {
  if (!content.startsWith('@')) return false;
  const def = content.search(/^[ \t]*(?:async[ \t]+)?def\b/m);
  return /^[ \t]*@(?:[\w.]+\.)?(?:property|cached_property)[ \t]*(?:#.*)?$/m.test(def > 0 ? content.slice(0, def) : '');
}

function verdict(f: DocFinding, noun: string): OutdatedVerdict {
  return { status: 'OUTDATED', explanation: describeFinding(f, noun), findings: [f] };
}
