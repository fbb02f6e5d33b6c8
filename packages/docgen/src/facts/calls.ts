import path from 'node:path/posix';
import { isTestFile } from '@docent/analyzer';
import { languageOfPath } from '../languages.ts';
import type { ImportEdge } from './imports.ts';
import type { Route } from './routes.ts';
import { closing, lineAt, withoutComments } from './source.ts';

/**
 * What a route's handler calls, as far as the code says statically (docs/docgen-arch-api.md
 * §Runtime): the handler's body is read, each call in it resolved to a function of the repository
 * — one of the same file, one imported by name (`from .services import create_user`,
 * `import { create } from './service'`), one reached through an imported module (`services.create_user`,
 * `users.Register` in Go), or a method of a field whose declared type is a class of the repository
 * (`this.usersService.create` with `private usersService: UsersService`, `userRepository.save` with
 * `private final UserRepository userRepository`; an interface with one implementation goes to the
 * implementation) — then the callee's body the same way, a few levels deep. A call that does not
 * resolve is left out, never guessed; nothing is run.
 */
export interface CallStep {
  /** the calling file and function */
  from: string;
  fromFunction: string;
  /** the called file and the call as written, without its receiver (`create`, `query.filter_by`) */
  to: string;
  call: string;
  /** the call's line in `from` */
  line: number;
  /** nesting: 1 for the handler's own calls */
  depth: number;
}

/** Levels of calls followed below the handler (handler → service → repository → model). */
const MAX_DEPTH = 3;
/** Most calls drawn for one route. */
const MAX_STEPS = 12;

const KEYWORDS = new Set(
  'if for while switch catch return function def class new await async typeof sizeof print super this self elif except with lambda not and or in is yield assert del raise import from func go defer select case default else try throw throws using var let const fn match loop when'.split(
    ' ',
  ),
);

/** A body that only returns or sets a field. */
const ACCESSOR = /^(?:return\s+(?:this\.|self\.)?[\w$]+|(?:this\.|self\.)?[\w$]+\s*=\s*[\w$]+)\s*;?$/;

interface FileText {
  rel: string;
  language: string;
  code: string;
}

interface Found {
  /** offset of the definition's name */
  at: number;
  /** the body's text and where it starts */
  body: string;
  bodyStart: number;
}

export class CallGraph {
  private readonly files = new Map<string, FileText>();
  private readonly classes = new Map<string, string[]>();
  private readonly importsOf = new Map<string, ImportEdge[]>();

  constructor(texts: ReadonlyMap<string, string>, imports: readonly ImportEdge[]) {
    for (const [rel, text] of texts) {
      const language = languageOfPath(rel);
      if (!language || isTestFile(rel)) continue;
      const code = withoutComments(text, language);
      this.files.set(rel, { rel, language, code });
      const re =
        language === 'Go'
          ? /\btype\s+([A-Z]\w*)\s+(?:struct|interface)\b/g
          : /\b(?:class|interface|struct|record|object|trait|enum)\s+([A-Z]\w*)/g;
      for (const m of code.matchAll(re)) {
        const list = this.classes.get(m[1]!) ?? [];
        if (!list.includes(rel)) list.push(rel);
        this.classes.set(m[1]!, list);
      }
    }
    for (const e of imports)
      if (e.kind === 'internal' && e.to && e.to !== e.from)
        (this.importsOf.get(e.from) ?? this.importsOf.set(e.from, []).get(e.from)!).push(e);
  }

  /** The function `name` defined in `file` (the first at or after `near`, a 1-based line, when given). */
  find(file: string, name: string, near?: number): Found | null {
    const f = this.files.get(file);
    if (!f) return null;
    const code = f.code;
    const n = name.replace(/[^\w$]/g, '');
    if (!n) return null;
    const candidates: Found[] = [];
    if (f.language === 'Python') {
      for (const m of code.matchAll(new RegExp(String.raw`^([ \t]*)(?:async[ \t]+)?def[ \t]+${n}[ \t]*\(`, 'gm'))) {
        const close = closing(code, m.index + m[0].length - 1);
        const colon = code.indexOf(':', close);
        const lineEnd = code.indexOf('\n', colon);
        let end = lineEnd < 0 ? code.length : lineEnd;
        const indent = m[1]!.length;
        // The body: the lines after the signature indented deeper than `def` (blank lines too).
        const base = end + 1;
        for (const l of code.slice(base).matchAll(/^([ \t]*)(\S)?[^\n]*(?:\n|$)/gm)) {
          if (l[0] === '') break;
          if (l[2] !== undefined && l[1]!.length <= indent) break;
          end = base + l.index + l[0].length;
        }
        candidates.push({ at: m.index + m[1]!.length, body: code.slice(colon + 1, end), bodyStart: colon + 1 });
      }
    } else {
      const re = new RegExp(
        String.raw`(^|[^\w$.]|\bexports\.)${n}\s*(?:[:=]\s*(?:async\s+)?(?:function\b\s*\w*\s*)?(?:<[^>]*>)?\s*)?\(|\bfunc\s+(?:\([^)]*\)\s*)?${n}\s*\(`,
        'g',
      );
      for (const m of code.matchAll(re)) {
        const start = m.index + (m[1]?.length ?? 0);
        const lineStart = code.lastIndexOf('\n', start) + 1;
        // (`exports.name = …` is a definition: what stands before `exports.` decides)
        const before = code.slice(lineStart, m[1] === 'exports.' ? m.index : start);
        // A call, not a definition: after a dot, an operator (`a ? f(`, not `Task<User?> f(`), `return`, `new`, `if (`, an argument list.
        if (
          !m[0].startsWith('func') &&
          /(?:[.=(,!&|+\-*/]|\s[?<>]|\breturn|\bawait|\bnew|\bif|\bwhile|\bfor|\bswitch|\bcase|\bthrow)\s*$/.test(before)
        )
          continue;
        const open = m.index + m[0].length - 1;
        const close = closing(code, open);
        const after = code.slice(close, close + 400);
        const arrow = /^\s*(?::\s*[^={;]+?)?\s*=>\s*/.exec(after);
        // Between `)` and `{`: a return type (`: Promise<User>`, `(int, error)`, `Task<IActionResult>`), `throws X`, nothing else.
        const brace = /^\s*(?::\s*[^{;=]+?|\s*throws\s+[\w.,\s]+|[\w.*[\]<>, ()]*?)?\s*\{/.exec(after);
        if (arrow) {
          const s = close + arrow[0].length;
          const body =
            code[s] === '{' ? code.slice(s, closing(code, s)) : code.slice(s, (code.indexOf('\n', s) + 1 || code.length + 1) - 1);
          candidates.push({ at: start, body, bodyStart: s });
        } else if (brace) {
          const s = close + brace[0].length - 1;
          candidates.push({ at: start, body: code.slice(s, closing(code, s)), bodyStart: s });
        }
      }
    }
    if (candidates.length === 0) return null;
    if (near === undefined) return candidates[0]!;
    return candidates.find((c) => lineAt(code, c.at) >= near) ?? candidates.at(-1)!;
  }

  /** The repository file a name written in `file` comes from: an import whose line names it. */
  private imported(file: string, name: string): string | null {
    const text = this.files.get(file)?.code.split('\n');
    if (!text) return null;
    const word = new RegExp(String.raw`(?:^|[^\w$])${name.replace(/[^\w$]/g, '')}(?:$|[^\w$])`);
    let first: string | null = null;
    for (const e of this.importsOf.get(file) ?? []) {
      // The import's line without its string literals: `auth` is not named by `require('./auth.validation')`.
      const line = (text[e.line - 1] ?? '').replace(/(["'`])(?:[^"'`\\]|\\.)*?\1/g, '""');
      const base = path.basename(e.to!.replace(/\/$/, '')).replace(/\.[^.]+$/, '');
      // The name on the import's line, or a Go package imported by path whose last part is the name.
      if (e.to!.endsWith('/') && base === name) return e.to!;
      if (!word.test(line)) continue;
      // One line importing several modules (Python's `from ..db import main, redis`, one edge to the first): the
      // module of that name, beside the first in its package.
      if (base === name) return e.to!;
      const names = /^\s*from\s+\S+\s+import\s+\(?([\w\s,]+)/
        .exec(line)?.[1]
        ?.split(',')
        .map((n) => n.trim().split(/\s+as\s+/)[0]);
      if (names?.includes(name) && (names.includes(base) || base === '__init__')) {
        const dir = path.posix.dirname(e.to!);
        const sibling = [`${dir}/${name}.py`, `${dir}/${name}/__init__.py`].find((f) => this.files.has(f));
        if (sibling) return sibling;
      }
      first ??= e.to!;
    }
    return first;
  }

  /** The files a class (or Go type) is declared in; an interface with exactly one implementation gives the implementation. */
  private classFile(name: string, from: string): string | null {
    const files = this.classes.get(name) ?? [];
    if (files.length === 0) return null;
    const near = files.length === 1 ? files[0]! : (files.find((f) => path.dirname(f) === path.dirname(from)) ?? null);
    if (!near) return null;
    const code = this.files.get(near)!.code;
    if (new RegExp(String.raw`\binterface\s+${name}\b`).test(code)) {
      const impl = [...this.files.values()].filter(
        (f) => f.rel !== near && new RegExp(String.raw`\bclass\s+\w+[^{]*?(?:\bimplements\b|:)[^{]*\b${name}\b`).test(f.code),
      );
      if (impl.length === 1) return impl[0]!.rel;
    }
    return near;
  }

  /**
   * The declared type of a field, parameter or variable named `name` in `file`: as the calling
   * function declares it (`use_case: ReadAll = Depends(ReadAll)` among its parameters) when `scope`
   * (the function's text) is given and does, else the file's first declaration.
   */
  private typeOf(file: string, name: string, scope?: string): string | null {
    const f = this.files.get(file);
    if (!f) return null;
    const n = name.replace(/[^\w$]/g, '');
    const patterns: RegExp[] =
      f.language === 'Python'
        ? [new RegExp(String.raw`\b${n}\s*=\s*([A-Z]\w*)\s*\(`), new RegExp(String.raw`\b${n}\s*:\s*([A-Z]\w*)`)]
        : f.language === 'Go'
          ? [new RegExp(String.raw`\b${n}\s+\*?(?:\w+\.)?([A-Z]\w*)\b`)]
          : [
              new RegExp(String.raw`\b${n}\s*[?!]?\s*:\s*([A-Z][\w$]*)`),
              new RegExp(String.raw`\b([A-Z][\w$]*)(?:<[^>;=]*>)?\s+${n}\s*[;=,)]`),
              new RegExp(String.raw`\b${n}\s*=\s*new\s+([A-Z][\w$]*)`),
            ];
    for (const text of scope === undefined ? [f.code] : [scope, f.code])
      for (const re of patterns) {
        const m = re.exec(text);
        if (m) return m[1]!;
      }
    return null;
  }

  /** The line of `fn` as a method of the class `type` declared in `file` (null when that class does not define it). */
  private methodLine(file: string, type: string, fn: string): number | null {
    const f = this.files.get(file);
    if (!f) return null;
    const cls = new RegExp(String.raw`\b(?:class|struct|record|object)\s+${type}\b`).exec(f.code);
    if (!cls) return null;
    const line = lineAt(f.code, cls.index);
    const found = this.find(file, fn, line);
    if (!found || lineAt(f.code, found.at) < line) return null;
    // No other class begins between the class and the method.
    const next = /\b(?:class|struct|record|object)\s+[A-Z]\w*/g;
    next.lastIndex = cls.index + cls[0].length;
    const other = next.exec(f.code);
    return other && other.index < found.at ? null : lineAt(f.code, found.at);
  }

  /** Files of a folder target (a Go package, a Python package) that define `fn`, else the target itself when it is a file. */
  private defining(target: string, fn: string): string | null {
    if (!target.endsWith('/')) return target;
    for (const rel of this.files.keys()) if (path.dirname(rel) === target.replace(/\/$/, '') && this.find(rel, fn)) return rel;
    return null;
  }

  /** Where a call written in `file` goes: the file and the function there (null when it does not resolve). */
  resolve(file: string, chain: string[], scope?: string): { to: string; fn: string; call: string; near?: number } | null {
    const parts = chain[0] === 'this' || chain[0] === 'self' ? chain.slice(1) : chain;
    if (parts.length === 0) return null;
    const fn = parts.at(-1)!;
    if (parts.length === 1) {
      if (chain.length === 1 && this.find(file, fn)) return { to: file, fn, call: fn };
      // `self.helper()` / `this.helper()`: a method of the same class, in the same file.
      if (chain.length > 1 && this.find(file, fn)) return { to: file, fn, call: fn };
      const from = chain.length === 1 ? this.imported(file, fn) : null;
      const to = from && this.defining(from, fn);
      if (to) return { to, fn, call: fn };
      // Go: a function of the same package, declared in another file of the folder.
      const sibling = chain.length === 1 && this.files.get(file)?.language === 'Go' ? this.defining(`${path.dirname(file)}/`, fn) : null;
      return sibling ? { to: sibling, fn, call: fn } : null;
    }
    const receiver = parts[0]!;
    const call = parts.slice(1).join('.');
    // A module or class imported by name (`services.create_user`, `users.Register`, `User.query.get`).
    const imported = chain.length === parts.length ? this.imported(file, receiver) : null;
    if (imported) {
      const to = this.defining(imported, fn) ?? (imported.endsWith('/') ? null : imported);
      if (!to) return null;
      // A method the target does not define (inherited, or the library's: `User.query.get`): named with its receiver.
      return { to, fn, call: this.find(to, fn) ? call : `${receiver}.${call}` };
    }
    // A field or variable of a declared type (`this.usersService.create`, `h.store.Create`).
    const type = this.typeOf(file, parts.at(-2)!, scope) ?? (/^[A-Z]/.test(receiver) ? receiver : null);
    const to = type ? this.classFile(type, file) : null;
    if (!to || !type) return null;
    // The class's own method when it defines one (a file of several classes each with an `execute`).
    const near = this.methodLine(to, type, fn);
    if (near !== null) return { to, fn, call: fn, near };
    return { to, fn, call: this.find(to, fn) ? fn : `${type}.${fn}` };
  }

  /** The calls a body makes, in order, each with its offset. */
  private callsIn(body: string): Array<{ chain: string[]; offset: number }> {
    const out: Array<{ chain: string[]; offset: number }> = [];
    for (const m of body.matchAll(/(?<![\w$.'"`])((?:[A-Za-z_$][\w$]*\s*\.\s*)*[A-Za-z_$][\w$]*)\s*(?:<[\w<>,\s[\]]*>)?\s*\(/g)) {
      const chain = m[1]!.split('.').map((p) => p.trim());
      if (KEYWORDS.has(chain[0]!) && chain.length === 1) continue;
      out.push({ chain, offset: m.index });
    }
    return out;
  }

  /** The calls a route's handler makes, followed through the repository. */
  stepsOf(route: Route, handlerFile: string): CallStep[] {
    const start = this.handlerBody(route, handlerFile);
    if (!start) return [];
    const steps: CallStep[] = [];
    const seen = new Set<string>([`${start.file}\0${start.fn}\0`]);
    const walk = (file: string, fn: string, found: Found, depth: number): void => {
      const f = this.files.get(file)!;
      // The function's own text, its parameters included: where its names' types are declared first.
      const scope = f.code.slice(found.at, found.bodyStart + found.body.length);
      for (const c of this.callsIn(found.body)) {
        if (steps.length >= MAX_STEPS) return;
        const r = this.resolve(file, c.chain, scope);
        if (!r) continue;
        const key = `${r.to}\0${r.fn}\0${r.near ?? ''}`;
        if (r.to === file && r.fn === fn) continue;
        const line = lineAt(f.code, found.bodyStart + c.offset);
        if (steps.some((s) => s.from === file && s.to === r.to && s.call === r.call)) continue;
        const next = this.find(r.to, r.fn, r.near);
        // A getter or setter (`getName()`: `return this.name;`, or an inherited `getX()`) says nothing about the flow.
        if (next ? ACCESSOR.test(next.body.replace(/^\s*\{|\}\s*$/g, '').trim()) : /^(?:get|set|is)[A-Z]/.test(r.fn)) continue;
        steps.push({ from: file, fromFunction: fn, to: r.to, call: r.call, line, depth });
        if (seen.has(key) || depth >= MAX_DEPTH) continue;
        seen.add(key);
        if (next) walk(r.to, r.fn, next, depth + 1);
      }
    };
    walk(start.file, start.fn, start.found, 1);
    return steps;
  }

  /** The handler's body: the named function (in the route's file after the route, or in the file it is imported from), else the route call's own arguments (an inline handler). */
  private handlerBody(route: Route, handlerFile: string): { file: string; fn: string; found: Found } | null {
    const f = this.files.get(route.file);
    if (!f) return null;
    if (route.handler) {
      const name = route.handler.split('.').at(-1)!;
      const found = this.find(handlerFile, name, handlerFile === route.file ? route.line : undefined);
      if (found) return { file: handlerFile, fn: name, found };
      // `handlers.Create` with `handlers` an imported package or module.
      const parts = route.handler.split('.');
      if (parts.length > 1) {
        const r = this.resolve(route.file, parts);
        const next = r && this.find(r.to, r.fn);
        if (r && next) return { file: r.to, fn: r.fn, found: next };
      }
      return null;
    }
    // An inline handler: the arguments of the call on the route's line.
    const lineStart =
      f.code
        .split('\n')
        .slice(0, route.line - 1)
        .join('\n').length + (route.line > 1 ? 1 : 0);
    const open = f.code.indexOf('(', lineStart);
    if (open < 0) return null;
    const close = closing(f.code, open);
    const args = f.code.slice(open + 1, close - 1);
    // The call's last argument naming a function of an imported module or object (`userController.register`,
    // `CmsController.getCMSHandler`): that function's body.
    const last = /(?:^|,)\s*([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*,?\s*$/.exec(args);
    if (last) {
      const r = this.resolve(route.file, [last[1]!, last[2]!]);
      const next = r && this.find(r.to, r.fn);
      if (r && next) return { file: r.to, fn: r.fn, found: next };
    }
    return { file: route.file, fn: 'handler', found: { at: open, body: args, bodyStart: open + 1 } };
  }
}
