import type { SourceFile } from './imports.ts';
import { closing, lineAt, splitArgs } from './source.ts';

/**
 * Data types the repository declares — Java / Kotlin classes and records, TypeScript classes and
 * interfaces (DTOs, class-validator), Go structs — read as JSON Schema for the request bodies and
 * responses of the HTTP routes (docs/docgen-arch-api.md §OpenAPI). Only what the declaration says:
 * a field's name (a Go `json:"…"` / `form:"…"` tag, a Jackson `@JsonProperty("…")`), its type, and
 * whether it is required (Go `binding:"required"` / `validate:"required"`; Java `@NotNull`,
 * `@NotBlank`, `@NotEmpty`; TypeScript without `?` or `@IsOptional()`; a Kotlin type without `?`).
 */
export interface TypeDecl {
  name: string;
  file: string;
  line: number;
  language: 'java' | 'ts' | 'go' | 'cs';
  fields: Array<{ name: string; type: string; required: boolean; form?: string }>;
  /** the type it is nested in (C#: `Command` in `class Login { record Command(…) }`, written `Login.Command`) */
  outer?: string;
  /** Jackson `@JsonTypeName("article")` with `@JsonTypeInfo(include = WRAPPER_OBJECT)`: the JSON is `{"article": {…}}` */
  wrap?: string;
  /** a Go field's anonymous struct type (`Article struct { … } \`json:"article"\``): found only as `Outer.Field` */
  anonymous?: boolean;
  /** Go: fields a binder fills from the path, query or headers (`param:`, `uri:`, `query:`, `header:` tags, no `json:` / `form:`): no body field */
  boundElsewhere?: number;
}

/** The data types one file declares (comments already blanked in `code`). */
export function typeDecls(s: SourceFile, code: string): TypeDecl[] {
  switch (s.language) {
    case 'Java':
    case 'Kotlin':
      return javaTypes(s, code);
    case 'TypeScript':
    case 'TSX':
      return tsTypes(s, code);
    case 'Go':
      return goTypes(s, code);
    case 'C#':
      return csTypes(s, code);
    default:
      return [];
  }
}

/** Method and initializer bodies blanked (same length), so only a class's own declarations stay. */
function classBody(code: string, open: number): string {
  const end = closing(code, open);
  let body = code.slice(open + 1, end - 1);
  // Nested braces (methods, initializers, nested classes) blanked from the innermost out.
  let prev = '';
  while (prev !== body) {
    prev = body;
    body = body.replace(/\{[^{}]*\}/g, (m) => m.replace(/[^\n]/g, ' '));
  }
  return body;
}

const JAVA_REQUIRED = /@(?:field:|get:|param:)?(?:NotNull|NotBlank|NotEmpty|NonNull)\b/;

/** The name a Jackson wrapper object gives a type declared at `at`: its annotations say `@JsonTypeName("x")` and `@JsonTypeInfo(include = WRAPPER_OBJECT)`. */
function jacksonWrap(code: string, at: number): string | undefined {
  const before = code.slice(0, at);
  const start = Math.max(before.lastIndexOf(';'), before.lastIndexOf('}'), 0);
  const annotations = before.slice(start);
  if (!/@JsonTypeInfo\s*\([^)]*\binclude\s*=\s*(?:[\w.]*\.)?WRAPPER_OBJECT\b/.test(annotations)) return undefined;
  return /@JsonTypeName\s*\(\s*(?:value\s*=\s*)?"([^"]+)"/.exec(annotations)?.[1];
}

/** A declaration's text without its annotations, their arguments skipped whole (a string argument may hold parentheses). */
function withoutAnnotations(text: string): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const m = text[i] === '@' ? /^@(?:\w+:)?[\w.]+/.exec(text.slice(i)) : null;
    if (!m) {
      out += text[i++];
      continue;
    }
    let j = i + m[0].length;
    while (j < text.length && /\s/.test(text[j]!)) j++;
    i = text[j] === '(' ? closing(text, j) : i + m[0].length;
    out += ' ';
  }
  return out;
}

function javaTypes(s: SourceFile, code: string): TypeDecl[] {
  const out: TypeDecl[] = [];
  // Java records and Kotlin (data) classes with a primary constructor: the components are the fields.
  for (const m of code.matchAll(/\b(?:record|(?:data\s+)?class)\s+(\w+)\s*(?:<[^>]*>)?\s*\(/g)) {
    if (!/\brecord\b/.test(m[0]) && s.language !== 'Kotlin') continue;
    const open = m.index + m[0].length - 1;
    const fields: TypeDecl['fields'] = [];
    for (const p of splitArgs(code.slice(open + 1, closing(code, open) - 1))) {
      const clean = withoutAnnotations(p).trim();
      const kt = /^(?:(?:private|public|override|open)\s+)*(?:val|var)\s+(\w+)\s*:\s*([^=]+?)\s*(?:=.*)?$/s.exec(clean);
      const java = /^(?:final\s+)?([\w.<>,?\s[\]]+?)\s+(\w+)$/s.exec(clean);
      if (kt)
        fields.push({
          name: jsonName(p) ?? kt[1]!,
          type: kt[2]!.trim(),
          required: JAVA_REQUIRED.test(p) || (!kt[2]!.trim().endsWith('?') && !/=/.test(clean)),
        });
      else if (java)
        fields.push({
          name: jsonName(p) ?? java[2]!,
          type: java[1]!.trim().replace(/\s+/g, ' ').replace(/<\s+/g, '<').replace(/\s+>/g, '>'),
          // (A type-use annotation inside the type, `List<@NotNull UUID>`, is the elements', not the component's.)
          required: JAVA_REQUIRED.test(p.replace(/<(?:[^<>]|<[^<>]*>)*>/g, '<>')),
        });
    }
    const wrap = jacksonWrap(code, m.index);
    out.push({ name: m[1]!, file: s.rel, line: lineAt(code, m.index), language: 'java', fields, ...(wrap ? { wrap } : {}) });
  }
  for (const m of code.matchAll(/\bclass\s+(\w+)\b[^{;(]*\{/g)) {
    if (out.some((d) => d.name === m[1])) continue;
    const open = m.index + m[0].length - 1;
    const body = classBody(code, open);
    const fields: TypeDecl['fields'] = [];
    // `private @NotNull String name;`, `protected List<Item> items = new ArrayList<>();` — not constants.
    for (const f of body.matchAll(
      /((?:@\w+(?:\.\w+)*(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*)*)((?:(?:private|protected|public|static|final|transient|volatile)\s+)*)([\w.]+(?:\s*<[\w<>,.?\s[\]]*>)?(?:\[\])*)\s+(\w+)\s*(?:=[^;]*)?;/g,
    )) {
      if (/\bstatic\b/.test(f[2]!) || /^(?:return|package|import|throw)$/.test(f[3]!)) continue;
      fields.push({ name: jsonName(f[1]!) ?? f[4]!, type: f[3]!, required: JAVA_REQUIRED.test(f[1]!) });
    }
    // A superclass's fields are the class's too (`class Owner extends Person`): read through `embed:` like a Go embedded struct.
    const base = /\bextends\s+([\w.]+)/.exec(m[0])?.[1];
    if (base && s.language === 'Java') fields.unshift({ name: '', type: `embed:${base.replace(/^.*\./, '')}`, required: false });
    // Kotlin properties in a class body: required when validated as such (`@NotNull var title: String? = ""`),
    // or non-null with no default (Jackson's Kotlin module fills a missing one from its default).
    if (s.language === 'Kotlin')
      for (const f of body.matchAll(
        /((?:@[\w.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*)*)\b(?:val|var)\s+(\w+)\s*:\s*([\w.<>,?\s]+?)\s*(=|\n)/g,
      ))
        fields.push({
          name: f[2]!,
          type: f[3]!.trim(),
          required: JAVA_REQUIRED.test(f[1]!) || (!f[3]!.trim().endsWith('?') && f[4] !== '='),
        });
    const wrap = jacksonWrap(code, m.index);
    out.push({ name: m[1]!, file: s.rel, line: lineAt(code, m.index), language: 'java', fields, ...(wrap ? { wrap } : {}) });
  }
  return out;
}

const jsonName = (annotations: string): string | undefined =>
  /@JsonProperty\s*\(\s*(?:value\s*=\s*)?"([^"]+)"/.exec(annotations)?.[1] ?? /@SerializedName\s*\(\s*"([^"]+)"/.exec(annotations)?.[1];

/**
 * C# classes and records: `public T Name { get; set; }` properties and a positional record's
 * parameters, named as System.Text.Json writes them by default (camelCase); required when marked
 * `[Required]` or `required`.
 */
function csTypes(s: SourceFile, code: string): TypeDecl[] {
  const out: TypeDecl[] = [];
  const camel = (n: string): string => n.charAt(0).toLowerCase() + n.slice(1);
  // Each class's or record's body, to name the type a nested one is declared in.
  const spans: Array<{ name: string; start: number; end: number }> = [];
  for (const m of code.matchAll(/\b(?:class|record(?:\s+class)?|struct)\s+(\w+)\s*(\((?:[^()]|\([^()]*\))*\))?[^{;]*\{/g)) {
    const open = m.index + m[0].length - 1;
    spans.push({ name: m[1]!, start: open, end: closing(code, open) });
  }
  const outerOf = (at: number): string | undefined =>
    spans.filter((x) => x.start < at && at < x.end).sort((a, b) => b.start - a.start)[0]?.name;
  for (const m of code.matchAll(/\b(?:class|record(?:\s+class)?)\s+(\w+)\s*(\((?:[^()]|\([^()]*\))*\))?[^{;]*([{;])/g)) {
    const fields: TypeDecl['fields'] = [];
    if (m[2])
      for (const p of splitArgs(m[2].slice(1, -1))) {
        const f = /^(?:\[[^\]]*\]\s*)*([\w<>[\],.?]+)\s+(\w+)\s*(?:=.*)?$/.exec(p.trim());
        if (f) fields.push({ name: camel(f[2]!), type: f[1]!, required: !f[1]!.endsWith('?') && !/=/.test(p) });
      }
    if (m[3] === '{') {
      const open = m.index + m[0].length - 1;
      // Accessor blocks (`{ get; set; }`) are braces too: the body is read as written (locals are never `public`).
      const body = code.slice(open + 1, closing(code, open) - 1);
      for (const f of body.matchAll(/((?:\[[^\]]*\]\s*)*)public\s+(required\s+)?(?:virtual\s+)?([\w<>[\],.?]+)\s+(\w+)\s*\{\s*get\s*;/g))
        fields.push({ name: camel(f[4]!), type: f[3]!, required: !!f[2] || /\bRequired\b/.test(f[1]!) });
    }
    const outer = outerOf(m.index);
    out.push({ name: m[1]!, file: s.rel, line: lineAt(code, m.index), language: 'cs', fields, ...(outer ? { outer } : {}) });
  }
  return out;
}

/**
 * The classes a TypeScript `extends` clause takes fields from, each as `Name|pick:a,b|omit:c|partial`
 * (`embed:` reads them): a class, or NestJS's mapped types `PickType`, `OmitType`, `PartialType`,
 * `IntersectionType` of classes, nested; anything else gives nothing.
 */
function mappedBases(expr: string, depth = 0): string[] {
  const e = expr.trim();
  if (/^[\w.]+$/.test(e)) return [e.replace(/^.*\./, '')];
  const m = /^(PickType|OmitType|PartialType|IntersectionType|RequiredType)\s*\(/.exec(e);
  if (!m || depth > 6) return [];
  const open = m[0].length - 1;
  const args = splitArgs(e.slice(open + 1, closing(e, open) - 1));
  const names = (list: string | undefined): string => [...(list ?? '').matchAll(/["'](\w+)["']/g)].map((x) => x[1]!).join(',');
  if (m[1] === 'IntersectionType') return args.flatMap((a) => mappedBases(a, depth + 1));
  const inner = mappedBases(args[0] ?? '', depth + 1);
  if (m[1] === 'PickType') return inner.map((b) => `${b}|pick:${names(args[1])}`);
  if (m[1] === 'OmitType') return inner.map((b) => `${b}|omit:${names(args[1])}`);
  if (m[1] === 'PartialType') return inner.map((b) => `${b}|partial`);
  return inner;
}

function tsTypes(s: SourceFile, code: string): TypeDecl[] {
  const out: TypeDecl[] = [];
  for (const m of code.matchAll(/\b(?:class|interface)\s+(\w+)\b[^{;]*\{/g)) {
    const open = m.index + m[0].length - 1;
    const body = classBody(code, open);
    const fields: TypeDecl['fields'] = [];
    // Nesting at each offset of the body: a constructor's or method's parameters and bodies hold no field.
    const depth: number[] = [];
    for (let i = 0, d = 0; i < body.length; i++) {
      const c = body[i]!;
      if (c === ')' || c === '}') d = Math.max(0, d - 1);
      depth.push(d);
      if (c === '(' || c === '{') d++;
    }
    // `@IsOptional() @IsString() readonly bio?: string;` — methods (`name(…)`) are not fields.
    for (const f of body.matchAll(
      /((?:@\w+\s*\((?:[^()]|\([^()]*\))*\)\s*)*)(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)(\?)?!?\s*:\s*([^;=\n]+?)\s*(?:=[^;\n]*)?[;\n]/g,
    )) {
      if (/^(?:private|protected)\b/.test(f[0].replace(/@\w+\s*\((?:[^()]|\([^()]*\))*\)\s*/g, '').trim())) continue;
      if ((depth[f.index + f[0].length - f[0].trimStart().length] ?? 0) > 0 || fields.some((x) => x.name === f[2])) continue;
      fields.push({ name: f[2]!, type: f[4]!.trim(), required: f[3] !== '?' && !/@IsOptional\b/.test(f[1]!) });
    }
    // A class's base gives it its fields: a class (`extends BaseDto`), or NestJS's mapped types of one
    // (`PickType(A, ['x'])`, `OmitType(A, ['y'])`, `PartialType(A)`, `IntersectionType(A, B)`, nested).
    const base = /^class\s/.test(m[0]) ? /\bextends\s+([\s\S]*?)\s*(?:\bimplements\b[\s\S]*)?\{$/.exec(m[0])?.[1] : undefined;
    if (base) fields.unshift(...mappedBases(base).map((b) => ({ name: '', type: `embed:${b}`, required: false })));
    out.push({ name: m[1]!, file: s.rel, line: lineAt(code, m.index), language: 'ts', fields });
  }
  return out;
}

function goTypes(s: SourceFile, code: string): TypeDecl[] {
  const out: TypeDecl[] = [];
  for (const m of code.matchAll(/\btype\s+(\w+)\s+struct\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    goStruct(s, code, m[1]!, open, lineAt(code, m.index), undefined, out, 0);
  }
  return out;
}

/**
 * One Go struct's declaration from its `{` at `open`: its fields, and each field whose type is an
 * anonymous struct (`User struct { … } \`json:"user"\``) as a declaration of its own, nested
 * (`Outer.Field`), the field typed by it — not its fields lifted into the outer struct.
 */
function goStruct(
  s: SourceFile,
  code: string,
  name: string,
  open: number,
  line: number,
  outer: string | undefined,
  out: TypeDecl[],
  depth: number,
): void {
  {
    let body = code.slice(open + 1, closing(code, open) - 1);
    const fields: TypeDecl['fields'] = [];
    let done = 0;
    for (const a of [...body.matchAll(/^[ \t]*(\w+)[ \t]+(\[\]\*?|\*)?struct[ \t]*\{/gm)]) {
      // A struct inside the one just read is that one's field.
      if (a.index < done) continue;
      const innerOpen = open + 1 + a.index + a[0].length - 1;
      const innerClose = closing(code, innerOpen);
      const after = /^[ \t]*(`[^`]*`)?/.exec(code.slice(innerClose))!;
      const tag = after[1] ?? '';
      const json = /\bjson:"([^",]*)/.exec(tag)?.[1];
      const form = /\bform:"([^",]*)/.exec(tag)?.[1];
      if (depth < 4) goStruct(s, code, a[1]!, innerOpen, lineAt(code, innerOpen), name, out, depth + 1);
      // The field and its struct blanked (same length): the outer struct's own fields are read from what is left.
      const end = innerClose - (open + 1) + after[0].length;
      done = end;
      body = body.slice(0, a.index) + body.slice(a.index, end).replace(/[^\n]/g, ' ') + body.slice(end);
      if (json === '-' || !/^[A-Z]/.test(a[1]!)) continue;
      fields.push({
        name: json || form || a[1]!,
        type: `${a[2]?.startsWith('[]') ? '[]' : ''}${name}.${a[1]}`,
        required: /\b(?:binding|validate):"[^"]*\brequired\b/.test(tag),
        ...(form ? { form } : {}),
      });
    }
    let elsewhere = 0;
    for (const f of body.matchAll(/^[ \t]*(\w+)[ \t]+([^\s`]+(?:[ \t]+struct[ \t]*\{[^}]*\})?)[ \t]*(`[^`]*`)?/gm)) {
      const tag = f[3] ?? '';
      const json = /\bjson:"([^",]*)/.exec(tag)?.[1];
      const form = /\bform:"([^",]*)/.exec(tag)?.[1];
      if (json === '-' || !/^[A-Z]/.test(f[1]!)) continue;
      // Echo's `param:"id"` / `query:"q"` / `header:"…"`, Gin's `uri:"id"`: bound from the request line or headers, no body field.
      if (json === undefined && form === undefined && /\b(?:param|uri|query|header):"/.test(tag)) {
        elsewhere++;
        continue;
      }
      fields.push({
        name: json || form || f[1]!,
        type: f[2]!,
        required: /\b(?:binding|validate):"[^"]*\brequired\b/.test(tag),
        ...(form ? { form } : {}),
      });
    }
    // An embedded struct (`Model`, `gorm.Model`) gives its fields.
    for (const e of body.matchAll(/^[ \t]*\*?((?:\w+\.)?[A-Z]\w*)[ \t]*(?:`[^`]*`)?[ \t]*$/gm))
      fields.push({ name: '', type: `embed:${e[1]}`, required: false });
    out.push({
      name,
      file: s.rel,
      line,
      language: 'go',
      fields,
      ...(outer ? { outer, anonymous: true } : {}),
      ...(elsewhere > 0 ? { boundElsewhere: elsewhere } : {}),
    });
  }
}

/**
 * The JSON Schemas the type tables map names to (here and in routes.ts), written once. Shared
 * objects: a caller that wants to add to one copies it first.
 */
export const SCHEMA = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  email: { type: 'string', format: 'email' },
  uri: { type: 'string', format: 'uri' },
  uuid: { type: 'string', format: 'uuid' },
  dateTime: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  binary: { type: 'string', format: 'binary' },
  object: { type: 'object' },
  array: { type: 'array' },
  any: {},
} as const satisfies Record<string, Record<string, unknown>>;

const SCALARS: Record<string, Record<string, unknown>> = {
  string: SCHEMA.string,
  String: SCHEMA.string,
  char: SCHEMA.string,
  Character: SCHEMA.string,
  UUID: SCHEMA.uuid,
  int: SCHEMA.integer,
  Int: SCHEMA.integer,
  Integer: SCHEMA.integer,
  long: SCHEMA.integer,
  Long: SCHEMA.integer,
  short: SCHEMA.integer,
  Short: SCHEMA.integer,
  byte: SCHEMA.integer,
  BigInteger: SCHEMA.integer,
  int8: SCHEMA.integer,
  int16: SCHEMA.integer,
  int32: SCHEMA.integer,
  int64: SCHEMA.integer,
  uint: SCHEMA.integer,
  uint8: SCHEMA.integer,
  uint16: SCHEMA.integer,
  uint32: SCHEMA.integer,
  uint64: SCHEMA.integer,
  number: SCHEMA.number,
  float: SCHEMA.number,
  Float: SCHEMA.number,
  double: SCHEMA.number,
  Double: SCHEMA.number,
  float32: SCHEMA.number,
  float64: SCHEMA.number,
  BigDecimal: SCHEMA.number,
  boolean: SCHEMA.boolean,
  Boolean: SCHEMA.boolean,
  bool: SCHEMA.boolean,
  Date: SCHEMA.dateTime,
  Instant: SCHEMA.dateTime,
  LocalDateTime: SCHEMA.dateTime,
  DateTime: SCHEMA.dateTime,
  DateTimeOffset: SCHEMA.dateTime,
  decimal: SCHEMA.number,
  Guid: SCHEMA.uuid,
  OffsetDateTime: SCHEMA.dateTime,
  ZonedDateTime: SCHEMA.dateTime,
  'time.Time': SCHEMA.dateTime,
  LocalDate: SCHEMA.date,
  MultipartFile: SCHEMA.binary,
  '*multipart.FileHeader': SCHEMA.binary,
  object: SCHEMA.object,
  Object: SCHEMA.object,
  any: SCHEMA.any,
  unknown: SCHEMA.any,
  'interface{}': SCHEMA.any,
};

/** Wrappers whose content is the type (`ResponseEntity<User>`, `Promise<User>`, `Optional<User>` …). */
const WRAPPERS =
  /^(?:ResponseEntity|HttpEntity|Mono|Optional|Promise|Observable|CompletableFuture|Callable|DeferredResult|EntityModel|Task|ValueTask|ActionResult)$/;
const LISTS =
  /^(?:List|ArrayList|Set|HashSet|Collection|Iterable|Flux|Page|Slice|Array|ReadonlyArray|MutableList|IEnumerable|IList|ICollection|IReadOnlyList|IAsyncEnumerable)$/;

/** JSON Schemas of the repository's declared types, looked up by name (the declaring file's language first). */
export class TypeSchemas {
  private byName = new Map<string, TypeDecl[]>();
  /** files whose declarations a schema was built from */
  readonly used = new Set<string>();

  constructor(decls: readonly TypeDecl[]) {
    for (const d of decls) (this.byName.get(d.name) ?? this.byName.set(d.name, []).get(d.name)!).push(d);
  }

  /** Where a type name is declared (`path:line`, sorted), in one language. */
  declared(name: string, language: TypeDecl['language']): string[] {
    return (this.byName.get(name.replace(/^.*\./, '')) ?? [])
      .filter((d) => d.language === language)
      .map((d) => `${d.file}:${d.line}`)
      .sort();
  }

  /** The declaration of a type name used in `file` (same language, same folder first; else the only one). */
  find(name: string, file: string, language: TypeDecl['language'], at?: string): TypeDecl | undefined {
    // `Login.Command`: the `Command`s nested in a `Login`, when there are (then among them as below).
    const qualifier = /(\w+)\.\w+$/.exec(name)?.[1];
    // A Go field's anonymous struct is found by its outer struct's name only.
    const all = (this.byName.get(name.replace(/^.*\./, '')) ?? []).filter(
      (d) => d.language === language && (!d.anonymous || d.outer === qualifier),
    );
    // The declaration the caller knows (`path:line`: a struct declared inside the handler).
    const exact = at === undefined ? undefined : all.find((d) => `${d.file}:${d.line}` === at);
    if (exact) return exact;
    const nested = qualifier ? all.filter((d) => d.outer === qualifier) : [];
    const pool = nested.length > 0 ? nested : all;
    const dir = file.replace(/[^/]*$/, '');
    // Several declarations of the name elsewhere, or several in the folder: none is guessed.
    const near = (d: TypeDecl): boolean => (dir === '' ? !d.file.includes('/') : d.file.startsWith(dir));
    const nearby = pool.filter(near);
    return (
      pool.find((d) => d.file === file) ??
      (nearby.length === 1 ? nearby[0] : nearby.length > 1 ? undefined : pool.length === 1 ? pool[0] : undefined)
    );
  }

  /**
   * The JSON Schema of a type as written (`ResponseEntity<List<UserDto>>`, `Promise<User[]>`,
   * `[]models.Article`, `*LoginRequest`); `undefined` for a type nothing is known of.
   */
  schema(type: string, file: string, language: TypeDecl['language'], depth = 0, at?: string): Record<string, unknown> | undefined {
    let t = type.trim().replace(/\?$/, '').replace(/^\*/, '');
    if (t === '' || /^(?:void|Void|Unit|undefined|null|never)$/.test(t)) return undefined;
    if (SCALARS[t]) return SCALARS[t];
    const arr = /^(.+)\[\]$/.exec(t) ?? /^\[\](.+)$/.exec(t);
    if (arr) return { type: 'array', items: this.schema(arr[1]!, file, language, depth) ?? {} };
    const generic = /^([\w.]+)\s*<([\s\S]+)>$/.exec(t);
    if (generic) {
      const outer = generic[1]!.replace(/^.*\./, '');
      const inner = splitArgs(generic[2]!);
      if (WRAPPERS.test(outer)) return this.schema(inner[0] ?? '', file, language, depth);
      if (LISTS.test(outer)) return { type: 'array', items: this.schema(inner[0] ?? '', file, language, depth) ?? {} };
      if (/^(?:Map|HashMap|Record|Partial)$/.test(outer)) return { type: 'object' };
      t = generic[1]!;
    }
    if (/^map\[/.test(t)) return { type: 'object' };
    if (SCALARS[t.replace(/^.*\./, '')] && language !== 'go') return SCALARS[t.replace(/^.*\./, '')];
    const decl = this.find(t, file, language, depth === 0 ? at : undefined);
    if (!decl) return undefined;
    this.used.add(decl.file);
    const source = `${decl.file}:${decl.line}`;
    if (depth >= 3) return { type: 'object', title: decl.name, 'x-source': source };
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const f of this.fieldsOf(decl)) {
      properties[f.name] = this.schema(f.type, decl.file, language, depth + 1) ?? {};
      if (f.required && !required.includes(f.name)) required.push(f.name);
    }
    const own = { type: 'object', title: decl.name, properties, ...(required.length > 0 ? { required } : {}), 'x-source': source };
    return decl.wrap ? { type: 'object', properties: { [decl.wrap]: own }, required: [decl.wrap], 'x-source': source } : own;
  }

  private fieldsOf(decl: TypeDecl, depth = 0): TypeDecl['fields'] {
    const out: TypeDecl['fields'] = [];
    for (const f of decl.fields) {
      if (f.type.startsWith('embed:')) {
        // `Name|pick:a,b|omit:c|partial` (a TypeScript mapped type): the base's fields, picked, omitted or made optional.
        const [name, ...ops] = f.type.slice(6).split('|');
        const inner = depth < 6 ? this.find(name!, decl.file, decl.language) : undefined;
        if (inner) {
          this.used.add(inner.file);
          let fields = this.fieldsOf(inner, depth + 1);
          for (const op of ops) {
            const list = op.slice(op.indexOf(':') + 1).split(',');
            if (op.startsWith('pick:')) fields = fields.filter((x) => list.includes(x.name));
            else if (op.startsWith('omit:')) fields = fields.filter((x) => !list.includes(x.name));
            else if (op === 'partial') fields = fields.map((x) => ({ ...x, required: false }));
          }
          for (const x of fields) if (!out.some((o) => o.name === x.name)) out.push(x);
        }
      } else if (!out.some((o) => o.name === f.name)) out.push(f);
      else
        out.splice(
          out.findIndex((o) => o.name === f.name),
          1,
          f,
        );
    }
    return out;
  }
}
