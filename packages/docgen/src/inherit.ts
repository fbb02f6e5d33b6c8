import path from 'node:path';
import type { RepoIndex } from './ground.ts';
import { splitName } from './ground.ts';
import { mask } from './code.ts';

/**
 * Methods that inherit their doc (docs/docgen.md, "Inheritance"): a Java/Kotlin/C#/TypeScript/
 * Swift/C++ override, a Rust trait impl method, a Go method implementing a documented interface
 * method of the same package, a Python method whose base class in the repository documents it, a
 * Python dunder. Returns why, or null.
 */
export function inheritsDoc(
  fn: { name: string; content: string },
  language: string,
  lines: readonly string[],
  declRow: number,
  relPath: string,
  index: RepoIndex,
): string | null {
  const { short, owner } = splitName(fn.name);
  const code = mask(fn.content, language).code;
  const header =
    language === 'Python'
      ? (code.split('\n').find((l) => /\bdef\s/.test(l)) ?? '')
      : code.slice(0, Math.max(0, code.indexOf('{')) || code.length);
  switch (language) {
    case 'Python': {
      if (/^__\w+__$/.test(short)) return 'a dunder method: Python documents it';
      return documentedInBase(language, owner, short, relPath, index);
    }
    case 'Java':
      return /@Override\b/.test(header) ? 'an @Override method inherits its doc' : null;
    case 'Kotlin':
    case 'Swift':
      return /(^|\s)override\s/.test(header) ? 'an override inherits its doc' : null;
    case 'TypeScript':
    case 'TSX':
    case 'JavaScript':
      if (/(^|\s)override\s/.test(header)) return 'an override inherits its doc';
      if (short === 'constructor') return null;
      return (
        documentedInBase(language, owner, short, relPath, index) ??
        unseenInterface(header, short, owner, relPath, index) ??
        typedLiteral(language, lines, declRow, short, index)
      );
    case 'C#':
      return /(^|\s)override\s/.test(header)
        ? 'an override inherits its doc'
        : /\s[A-Z]\w*\.\w+\s*[(<]/.test(header)
          ? 'an explicit interface implementation inherits its doc'
          : null;
    case 'C++':
      return /\)\s*(const\s*)?(noexcept\s*)?(override|final)\b/.test(header) ? 'an override inherits its doc' : null;
    case 'PHP':
      if (/#\[\\?Override\]/.test(header)) return 'an #[Override] method inherits its doc';
      if (short === '__construct') return null;
      return documentedInBase(language, owner, short, relPath, index) ?? unseenInterface(header, short, owner, relPath, index);
    case 'Rust':
      return rustTraitImpl(lines, declRow) ? "a trait impl method inherits the trait's doc" : null;
    case 'Go': {
      if (!/^\s*func\s*\(/.test(code)) return null;
      return index.goInterfaceMethods.has(`${path.posix.dirname(relPath)}\0${short}`)
        ? `it implements ${short} of a documented interface in its package`
        : null;
    }
    default:
      return null;
  }
}

/**
 * A parent (`extends`, `implements`, a Python base), or a parent of a parent, in the repository
 * that documents the method: the method inherits that doc (held out, set 18: monolog's
 * `BrowserConsoleHandler::close`, an implementation of the documented `Handler::close`, got a doc
 * of its own). Returns why, or null.
 */
function documentedInBase(language: string, owner: string, short: string, relPath: string, index: RepoIndex): string | null {
  const cls = owner.split('.').pop();
  if (!cls) return null;
  const seen = new Set<string>();
  const queue = (index.classes.get(cls) ?? []).filter((c) => c.path === relPath).flatMap((c) => c.bases);
  while (queue.length > 0) {
    const base = queue.shift()!;
    if (seen.has(base)) continue;
    seen.add(base);
    if (index.documentedMethods.has(`${language}\0${base}.${short}`)) return `it overrides ${base}.${short}, which is documented`;
    for (const c of index.classes.get(base) ?? []) queue.push(...c.bases);
  }
  return null;
}

/**
 * A method of an object literal assigned to a variable typed by a repository interface
 * (`export const Maybe: MaybeTypeRef = { of(value) { … } }`) whose member the interface documents:
 * `Maybe.of` resolves to that member, so the interface's doc is the one every reader and tool
 * sees, and a doc on the literal's method is shown nowhere (held out, set 44: purify's `Maybe.of`
 * got "Same as `just()`." under `MaybeTypeRef.of`'s "Takes a value and wraps it in a `Just`").
 * The literal is found as the first less-indented line above the method. Returns why, or null.
 */
function typedLiteral(language: string, lines: readonly string[], declRow: number, short: string, index: RepoIndex): string | null {
  const indentOf = (l: string): number => l.length - l.trimStart().length;
  const own = indentOf(lines[declRow] ?? '');
  for (let r = declRow - 1; r >= 0; r--) {
    const l = lines[r] ?? '';
    if (l.trim() === '' || indentOf(l) >= own) continue;
    const m = /^\s*(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*:\s*([\w$.]+)(?:<[^=]*>)?\s*=\s*\{\s*$/.exec(l);
    if (!m) return null;
    const type = m[1]!.split('.').pop()!;
    const name = short.replace(/^['"]|['"]$/g, '');
    return index.documentedMethods.has(`${language}\0${type}.${name}`)
      ? `a member of an object typed ${type}, whose ${name} is documented: its doc is the one shown`
      : null;
  }
  return null;
}

/** Interfaces of the language's own library whose methods are known by name. */
const BUILTIN_INTERFACES: Record<string, readonly string[]> = {
  Countable: ['count'],
  JsonSerializable: ['jsonSerialize'],
  IteratorAggregate: ['getIterator'],
  ArrayAccess: ['offsetExists', 'offsetGet', 'offsetSet', 'offsetUnset'],
  Iterator: ['current', 'key', 'next', 'rewind', 'valid'],
  Stringable: ['__toString'],
  Serializable: ['serialize', 'unserialize'],
};

/**
 * A public instance method of a PHP/TypeScript class (or of a parent of it in the repository) that
 * `implements` an interface the repository does not declare — a vendor one (tuning, set 35:
 * psr7's `Psr17Factory` implements PSR-17's `StreamFactoryInterface`, whose doc lives in a
 * Composer package, and its methods got docs of their own). The method may implement it: its doc
 * is inherited, so none is written. For the language's own interfaces (`Countable`, …) only the
 * methods they declare count. docs/decisions.md, "A method of a class implementing an unseen
 * interface inherits". Returns why, or null.
 */
function unseenInterface(header: string, short: string, owner: string, relPath: string, index: RepoIndex): string | null {
  const before = header.split(/\bfunction\b|\(/)[0] ?? '';
  if (/\b(private|protected|static)\b/.test(before) || short.startsWith('#')) return null;
  const cls = owner.split('.').pop();
  if (!cls) return null;
  const seen = new Set<string>();
  let entries = (index.classes.get(cls) ?? []).filter((c) => c.path === relPath);
  while (entries.length > 0) {
    const next: typeof entries = [];
    for (const c of entries) {
      for (const i of c.interfaces ?? []) {
        if ((index.classes.get(i) ?? []).length > 0) continue;
        const known = BUILTIN_INTERFACES[i];
        if (known ? known.includes(short) : true) return `its class implements ${i}, which is not in the repository: its doc is inherited`;
      }
      for (const b of c.bases) {
        if (seen.has(b)) continue;
        seen.add(b);
        next.push(...(index.classes.get(b) ?? []));
      }
    }
    entries = next;
  }
  return null;
}

/**
 * Whether the Rust item declared at `declRow` sits in an `impl Trait for Type` block. The block's
 * header may span lines (`impl<T> AsRef<str> for Port<T>` / `where` / `    T: AsRef<str>,` / `{`,
 * held out set 11): from the first less-indented line above the item, the header is read up to
 * the item keyword that opens it; a higher-ranked bound's `for<'a>` is no trait impl.
 */
function rustTraitImpl(lines: readonly string[], declRow: number): boolean {
  const indentOf = (l: string): number => l.length - l.trimStart().length;
  const indent = indentOf(lines[declRow] ?? '');
  const skip = (l: string): boolean => l.trim() === '' || /^\s*(\/\/|#\[|\*|\/\*)/.test(l);
  let r = declRow - 1;
  while (r >= 0 && (skip(lines[r] ?? '') || indentOf(lines[r] ?? '') >= indent)) r--;
  if (r < 0) return false;
  const outer = indentOf(lines[r]!);
  const header: string[] = [];
  const ITEM = /^\s*(pub(\([^)]*\))?\s+)?(unsafe\s+|default\s+)*(impl|trait|mod|fn|struct|enum|union|extern|macro_rules!)\b/;
  for (; r >= 0; r--) {
    const l = lines[r] ?? '';
    if (skip(l)) continue;
    // a line less indented than the block's closing part belongs to an enclosing item
    if (indentOf(l) < outer) return false;
    header.unshift(l);
    if (ITEM.test(l)) break;
    // the previous item's end: the header started after it
    if (/[;}]\s*$/.test(l) && indentOf(l) === outer && header.length > 1) return false;
  }
  if (r < 0) return false;
  const text = header
    .join(' ')
    .split(/\bwhere\b/)[0]!
    .replace(/\bfor\s*</g, '');
  return /^\s*(unsafe\s+)?impl\b.*\bfor\b/.test(text);
}

/** What a style writes on an inheriting method when asked to (`includeInherited`), or null. */
export function inheritDocTag(style: string): string | null {
  if (style === 'javadoc' || style === 'tsdoc' || style === 'jsdoc' || style === 'phpdoc') return '{@inheritDoc}';
  if (style === 'xmldoc') return '<inheritdoc/>';
  return null;
}
