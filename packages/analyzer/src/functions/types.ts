import type { Node } from 'web-tree-sitter';

export type Scope = 'public' | 'private' | 'protected';

/** What a language module knows about one function's signature. */
export interface Signature {
  /** parameter names as a doc would write them (no `self`/`this`, no `*`/`$`/`...` markers) */
  names: string[];
  /** names of variadic parameters (`*args`, `...rest`, `**kwargs`): their docs are optional */
  variadic: string[];
  /** true when some parameter has no single name (destructuring, unnamed C params) */
  incomplete: boolean;
  /** true when keyword arguments are collected (`**kwargs`): extra documented names are allowed */
  acceptsKeywords: boolean;
}

/** Whether the function can give a value back: 'unknown' disables the return check. */
export type ReturnKind = 'value' | 'none' | 'unknown';

export interface FunctionFacts {
  /** unqualified name; owners are prepended by the walker */
  name: string;
  /** when set, replaces the walker's owner chain (e.g. C++ `Foo::bar` defined out of line) */
  owner?: string;
  /** the node whose start is the start of the declaration (export/decorator/template wrappers) */
  outer: Node;
  scope: Scope;
  signature: Signature | null;
  /**
   * 'value'/'none' from the declared type; 'body' = decide from the body (the walker looks for
   * `return <value>`/`yield`); 'unknown' = no return check (implicit returns, constructors).
   */
  declaredReturn: ReturnKind | 'body';
  /** a body that only raises/passes (abstract stubs): return docs cannot be contradicted */
  isStub?: boolean;
  /** Python only: the docstring, found in the tree rather than in comments */
  docstring?: DocBlock | null;
}

/** A doc comment or docstring with its 0-based row span. */
export interface DocBlock {
  text: string;
  startRow: number;
  endRow: number;
}

/** Which comments count as documentation, and how to recognise them in the source text. */
export interface DocConvention {
  /** block comment openers that make a doc comment, e.g. ['/**'] or ['/**', '/*!'] */
  blockOpeners: readonly string[];
  /** line comment prefixes forming a doc block, e.g. ['///'] or ['//'] or ['#'] */
  linePrefixes: readonly string[];
  /** line prefixes that look like doc lines but are not (e.g. '////', '//!' in Rust) */
  lineExcludes?: readonly string[];
  /** lines that may sit between the doc and the declaration (attributes) */
  betweenLine?: RegExp;
  /**
   * blank lines may stand between the doc and the declaration: TypeScript (and so TypeDoc and
   * editors) attaches a JSDoc block from the declaration's leading trivia, blank lines included
   */
  blankLinesBetween?: boolean;
  /** a block matching this documents something else and attaches to no declaration (JSDoc `@callback`, `@typedef`) */
  standalone?: RegExp;
}

/** An enclosing class-like owner or function seen by the walker. */
export interface Frame {
  kind: 'owner' | 'function' | 'anonymous';
  name: string;
  node: Node | null;
  depth: number;
  /** language-specific facts about the owner (e.g. exported, interface, struct) */
  data?: OwnerData;
  /** index into the result list for counted functions */
  resultIndex: number;
  complexity: number;
  returnsValue: boolean;
}

export interface OwnerData {
  /** visibility the owner gives members that declare none */
  memberDefault?: Scope;
  /** the owner is itself hidden (non-exported JS class, private Python class) */
  hidden?: boolean;
  kind?: string;
}

export interface FileContext {
  source: string;
  relPath: string;
  /** enclosing frames, outermost first (the function being described is not yet on it) */
  frames: readonly Frame[];
  /** per-file memo for language modules (e.g. Python `__all__`, Ruby visibility sections) */
  memo: Map<unknown, unknown>;
  root: Node;
}

export interface LanguageSpec {
  grammar: string;
  /** a scope the doc itself declares (JSDoc `@private`, `@api private`…), over the syntax's */
  scopeFromDoc?: (doc: string) => Scope | null;
  /** node types that are (or may be) functions; `describe` names them or returns null */
  functionTypes: ReadonlySet<string>;
  /** function-like nodes that are never counted (lambdas, closures): they shield their body */
  anonymousFunctionTypes: ReadonlySet<string>;
  /** class-like nodes that qualify method names */
  ownerTypes: ReadonlySet<string>;
  ownerInfo(node: Node, ctx: FileContext): { name: string; data?: OwnerData } | null;
  describe(node: Node, ctx: FileContext): FunctionFacts | null;
  /** named node types each adding one decision point */
  decisionTypes: ReadonlySet<string>;
  /** decision types that are arms of a switch/match; `isDefaultArm` excludes the default */
  armTypes?: ReadonlySet<string>;
  isDefaultArm?(node: Node): boolean;
  /** operator tokens adding one decision point ('&&', '||', 'and', '??', …) */
  logicalTokens: ReadonlySet<string>;
  /** when set, the operator token counts only under one of these parent types */
  logicalParents?: ReadonlySet<string>;
  /** node types giving a value back (return with an operand, yield) */
  returnTypes?: ReadonlySet<string>;
  yieldTypes?: ReadonlySet<string>;
  /** types of named siblings directly before a function that belong to it (decorators, attributes) */
  leadingSiblingTypes?: ReadonlySet<string>;
  doc: DocConvention | null;
  /** 'Docstring' for Python, 'Doc comment' elsewhere: used in explanations */
  docNoun: string;
  /** hint for docstyles (e.g. Ruby → YARD, PHP → `$name`) */
  docLanguage: string;
  /** called once per file before the walk, to fill ctx.memo */
  prepare?(ctx: FileContext): void;
}
