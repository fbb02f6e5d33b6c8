import type { ParamFact, SignatureFacts } from '@docent/analyzer';

/** The style-independent content of one docstring (DOCGEN.md §Pipeline, "Model"). */
export interface DocModel {
  summary: string;
  /** paragraphs kept from an existing doc (human text) */
  description: string[];
  params: DocParam[];
  returns: { type: string | null; text: string } | null;
  yields: { type: string | null; text: string } | null;
  raises: { type: string; text: string }[];
}

export interface DocParam {
  name: string;
  type: string | null;
  text: string;
  variadic: boolean;
}

/** Receivers a doc never mentions. */
export const RECEIVERS = new Set(['self', 'cls', 'this']);

/** `get_user_by_id` / `getUserById` / `HTTPServer.start` → "Get user by id." */
export function nameToSentence(qualifiedName: string): string {
  const last = qualifiedName.split('.').pop() ?? qualifiedName;
  if (last === '__init__' || last === 'constructor') {
    const owner = qualifiedName.split('.').slice(-2, -1)[0];
    return owner ? `Initialise a new ${owner}.` : 'Initialise a new instance.';
  }
  const words = splitWords(last.replace(/^_+|_+$/g, ''));
  if (words.length === 0) return `${last}.`;
  const first = words[0]!;
  const sentence = [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
  return `${sentence}.`;
}

/** Splits snake_case, kebab-case and camelCase/PascalCase (keeping acronyms) into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-$]+/)
    .filter((w) => w !== '')
    .map((w) => (/^[A-Z\d]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
}

/** "The user id." (+ " Defaults to 3.0.") */
export function paramText(p: ParamFact): string {
  const words = splitWords(p.name);
  let text = words.length > 0 ? `The ${words.join(' ')}.` : `The ${p.name}.`;
  if (p.variadic) text = `Additional ${words.join(' ') || p.name}.`;
  if (p.default !== null && p.default.length <= 40 && !p.default.includes('\n')) text += ` Defaults to ${p.default}.`;
  return text;
}

/** A thrown/raised type with its message literal, found in the function's own source. */
export interface RaisedFact {
  type: string;
  message: string | null;
}

const RAISE = /\braise\s+([A-Za-z_][\w.]*)\s*(?:\(\s*(?:[rRbBuU]?)(["'])((?:(?!\2)[^\\\n]|\\.)*)\2)?/g;
const PANIC = /\bpanic!\s*\(\s*"((?:[^"\\\n]|\\.)*)"/g;
const THROW = /\bthrow\s+new\s+([A-Za-z_$][\w.$]*)\s*\(\s*(?:(["'`])((?:(?!\2)[^\\\n]|\\.)*)\2)?/g;
/** Ruby: `raise Type, "message"`, `raise Type.new("message")`, `raise Type` (a lowercase name re-raises a variable). */
const RUBY_RAISE = /\braise\s+([A-Z][\w:]*)(?:\.new)?\s*(?:\(\s*|,\s*)?(?:(["'])((?:(?!\2)[^\\\n]|\\.)*)\2)?/g;
/** C++: `throw std::invalid_argument("message")` (no `new`). */
const CPP_THROW = /\bthrow\s+([A-Za-z_][\w:]*)\s*[({]\s*(?:(")((?:[^"\\\n]|\\.)*)")?/g;
/** Swift: `throw ErrorType.case` — the type, no message. */
const SWIFT_THROW = /\bthrow\s+([A-Z]\w*)(?:\.\w+)?()()/g;

/** Raised types in source order, first message per type kept, duplicates dropped. */
export function findRaises(content: string, language: string): RaisedFact[] {
  const out: RaisedFact[] = [];
  if (language === 'Go') return out;
  if (language === 'Rust') {
    for (const m of content.matchAll(PANIC)) if (!m[1]!.includes('{') && !out.some((r) => r.message === m[1])) out.push({ type: 'panic', message: m[1]! });
    return out;
  }
  const re = language === 'Python' ? RAISE : language === 'Ruby' ? RUBY_RAISE : language === 'C++' ? CPP_THROW : language === 'Swift' ? SWIFT_THROW : THROW;
  for (const m of content.matchAll(re)) {
    const type = m[1]!;
    if (out.some((r) => r.type === type)) continue;
    if (language === 'Python' && /^[a-z]/.test(type) && !type.includes('.')) continue; // `raise err` re-raises a variable
    const message = m[3] ?? null;
    out.push({ type, message: message && !message.includes('${') && !message.includes('{') ? message : null });
  }
  return out;
}

/** The deterministic model of a function that has no usable doc yet. */
export function buildModel(name: string, language: string, facts: SignatureFacts, content: string): DocModel {
  const params: DocParam[] = facts.params
    .filter((p) => !RECEIVERS.has(p.name))
    .map((p) => ({ name: p.name, type: p.type, text: paramText(p), variadic: p.variadic }));
  // The analyzer counts a yield for the function it belongs to: one only in a nested function is no Yields.
  const generator = facts.returns !== 'none' && (language === 'Python' ? /^\s*(?:\w+\s*=\s*)?(?:yield|await\s+yield)\b|\(\s*yield\b|=\s*yield\b/m.test(bodyOf(content)) : /^\s*(?:async\s+)?function\s*\*|^\s*\*\s*\w+\s*\(/.test(content));
  const returnType = cleanReturnType(facts.returnType, language);
  const returnsValue = facts.returns === 'value' || (returnType !== null && !/^(None|void|Promise<void>|never|NoReturn|Never)$/.test(returnType));
  let returns: DocModel['returns'] = null;
  let yields: DocModel['yields'] = null;
  if (generator) yields = { type: null, text: 'The next value.' };
  else if (returnsValue && facts.returns !== 'none') {
    returns = { type: returnType, text: returnPhrase(name, returnType) };
  }
  const raises = findRaises(content, language).map((r) => ({ type: r.type, text: r.message ? `${capitalise(r.message)}${/[.!?]$/.test(r.message) ? '' : '.'}` : `If the operation fails.` }));
  const summary = language === 'Go' ? goSentence(name) : nameToSentence(name);
  return { summary, description: [], params, returns, yields, raises };
}

function bodyOf(content: string): string {
  const i = content.indexOf(':\n');
  return i < 0 ? content : content.slice(i + 1);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function cleanReturnType(type: string | null, language: string): string | null {
  if (!type) return null;
  let t = type.trim();
  if (language !== 'Python') t = t.replace(/^Promise<(.*)>$/s, '$1');
  return t === '' ? null : t;
}

/** `is_valid` → "True when valid.", `get_user` → "The user.", else "The result." */
export function returnPhrase(name: string, type: string | null): string {
  const words = splitWords(name.split('.').pop() ?? name);
  const [verb, ...rest] = words;
  if ((verb === 'is' || verb === 'has' || verb === 'can' || verb === 'should') && rest.length > 0) {
    return `True when ${verb === 'is' ? '' : `${verb} `}${rest.join(' ')}, else false.`.replace('when  ', 'when ');
  }
  if ((verb === 'get' || verb === 'find' || verb === 'load' || verb === 'read' || verb === 'fetch' || verb === 'build' || verb === 'create' || verb === 'make' || verb === 'compute' || verb === 'parse') && rest.length > 0) {
    return `The ${rest.join(' ')}.`;
  }
  if (verb === 'to' && rest.length > 0) return `The ${rest.join(' ')} representation.`;
  return type && /^(bool|boolean)$/.test(type) ? 'True on success, else false.' : 'The result.';
}

/** Go doc comments start with the identifier: `GetUserByID` → "GetUserByID gets user by ID." */
export function goSentence(qualifiedName: string): string {
  const ident = qualifiedName.split('.').pop() ?? qualifiedName;
  const [verb, ...rest] = splitWords(ident);
  if (!verb) return `${ident}.`;
  const conjugated = /(s|x|z|ch|sh)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : verb === 'do' || verb === 'go' ? `${verb}es` : verb === 'is' || verb === 'has' ? `reports whether it ${verb}` : `${verb}s`;
  return `${ident} ${[conjugated, ...rest].join(' ')}.`;
}
