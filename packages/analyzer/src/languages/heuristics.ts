/**
 * Content rules for extensions several languages share, after Linguist's heuristics.yml: for a
 * file whose name ends with one of `exts`, rules are tried in order on the first 50 KiB and the
 * first match decides. A rule without a test always matches (the extension's default).
 */

type Test = (text: string) => boolean;
interface Rule {
  lang: string | readonly string[];
  test?: Test;
}
interface Disambiguation {
  exts: readonly string[];
  rules: readonly Rule[];
}

/** Matches when any of the regexes matches (Linguist's pattern arrays are unions). */
const any =
  (...res: RegExp[]): Test =>
  (t) =>
    res.some((re) => re.test(t));
const all =
  (...tests: Test[]): Test =>
  (t) =>
    tests.every((fn) => fn(t));
const not =
  (test: Test): Test =>
  (t) =>
    !test(t);

// Names follow the linguist-languages data (Linguist 9): Coq is now "Rocq Prover", Mathematica
// "Wolfram Language", FreeBasic "FreeBASIC", Vim Script "Vim script".
// Shared patterns (Linguist's named_patterns). `m` everywhere: Ruby's ^ and $ are line anchors.
const objectiveC = any(/^\s*(?:@(?:interface|class|protocol|property|end|synchronised|selector|implementation)\b|#import\s+.+\.h[">])/m);
const cpp = any(
  /^\s*#\s*include <(?:cstdint|string|vector|map|list|array|bitset|queue|stack|forward_list|unordered_map|unordered_set|(?:i|o|io)stream)>/m,
  /^\s*template\s*</m,
  /^[ \t]*(?:try|constexpr)/m,
  /^[ \t]*catch\s*\(/m,
  /^[ \t]*(?:class|(?:using[ \t]+)?namespace)\s+\w+/m,
  /^[ \t]*(?:private|public|protected):$/m,
  /std::\w+/,
);
const perl5 = any(/\buse\s+(?:strict\b|v?5\.)/);
const perl6 = any(/^\s*(?:use\s+v6\b|\bmodule\b|\b(?:my\s+)?class\b)/m);
const m68k = any(
  /\bmoveq(?:\.l)?\s+#(?:\$-?[0-9a-f]{1,3}|%[0-1]{1,8}|-?[0-9]{1,3}),\s*d[0-7]\b/im,
  /^\s*move(?:\.[bwl])?\s+(?:sr|usp),\s*[^\s]+/im,
  /^\s*move\.[bwl]\s+.*\b[ad]\d/im,
  /^\s*movem\.[bwl]\b/im,
  /^\s*move[mp](?:\.[wl])?\b/im,
  /^\s*btst\b/im,
  /^\s*dbra\b/im,
);
const fortran = any(/^(?:[cC*][^abd-zABD-Z]| {6}(?:subroutine|program|end|data)\s|\s*!)/im);
const euphoria = any(
  /^\s*namespace\s/m,
  /^\s*(?:public\s+)?include\s/m,
  /^\s*(?:(?:public|export|global)\s+)?(?:atom|constant|enum|function|integer|object|procedure|sequence|type)\s/m,
);
const keyEqualsValue = any(/^[^#!;][^=]*=/m);
const manPage = any(/^[.'][ \t]*TH +(?:[^"\s]+|"[^"]+") +"?(?:[1-9]|@[^\s@]+@)/m);
const manHeading = any(/^[.'][ \t]*SH +(?:[^"\s]+|"[^"\s]+)/m);
const mdocDate = any(/^[.'][ \t]*Dd +(?:[^"\s]+|"[^"]+")/m);
const mdocTitle = any(/^[.'][ \t]*Dt +(?:[^"\s]+|"[^"]+") +"?(?:[1-9]|@[^\s@]+@)/m);
const mdocHeading = any(/^[.'][ \t]*Sh +(?:[^"\s]|"[^"]+")/m);
const roffManpage: Rule[] = [
  { lang: 'Roff Manpage', test: all(mdocDate, mdocTitle, mdocHeading) },
  { lang: 'Roff Manpage', test: all(manPage, manHeading) },
];

export const DISAMBIGUATIONS: readonly Disambiguation[] = [
  {
    exts: ['.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9'],
    rules: [...roffManpage, { lang: 'Roff', test: any(/^\.(?:[A-Za-z]{2}(?:\s|$)|\\")/m) }],
  },
  { exts: ['.1in', '.1m', '.1x', '.3in', '.3m', '.3p', '.3pm', '.3qt', '.3x', '.man', '.mdoc'], rules: [...roffManpage, { lang: 'Roff' }] },
  {
    exts: ['.al'],
    rules: [
      {
        lang: 'AL',
        test: any(
          /\b(?:CODEUNIT|PAGE|PAGEEXTENSION|PAGECUSTOMIZATION|DOTNET|ENUM|ENUMEXTENSION|VALUE|QUERY|REPORT|TABLE|TABLEEXTENSION|XMLPORT|PROFILE|CONTROLADDIN)\b/i,
        ),
      },
      { lang: 'Perl' },
    ],
  },
  {
    exts: ['.asc'],
    rules: [
      { lang: 'Public Key', test: any(/^(?:----[- ]BEGIN|ssh-(?:rsa|dss)) /m) },
      { lang: 'AsciiDoc', test: any(/^[=-]+(?:\s|\n)|\{\{[A-Za-z]/m) },
      {
        lang: 'AGS Script',
        test: any(
          /^(?:\/\/.+|(?:(?:import|export)\s+)?(?:function|int|float|char)\s+(?:(?:room|repeatedly|on|game)_)?[A-Za-z]+[A-Za-z_0-9]+\s*[;(])/m,
        ),
      },
    ],
  },
  { exts: ['.asm', '.s'], rules: [{ lang: 'Motorola 68K Assembly', test: m68k }] },
  {
    exts: ['.bas'],
    rules: [
      { lang: 'FreeBASIC', test: any(/^[ \t]*#(?:define|endif|endmacro|ifn?def|if|include|lang|macro)\s/m) },
      { lang: 'BASIC', test: any(/^\s*\d+/m) },
    ],
  },
  {
    exts: ['.bb'],
    rules: [
      { lang: 'BlitzBasic', test: any(/(?:<^\s*; |End Function)/m) },
      { lang: 'BitBake', test: any(/^\s*(?:# |include|require)\b/m) },
      { lang: 'Clojure', test: any(/\((?:def|defn|defmacro|let)\s/) },
    ],
  },
  {
    exts: ['.cl'],
    rules: [
      { lang: 'Common Lisp', test: any(/^\s*\((?:defun|in-package|defpackage) /im) },
      { lang: 'Cool', test: any(/^class/m) },
      { lang: 'OpenCL', test: any(/\/\* |\/\/ |^\}/m) },
    ],
  },
  {
    exts: ['.cls'],
    rules: [
      { lang: 'TeX', test: any(/^\s*\\(?:NeedsTeXFormat|ProvidesClass)\{/m) },
      { lang: 'ObjectScript', test: any(/^Class\s/m) },
    ],
  },
  {
    exts: ['.cs'],
    rules: [
      { lang: 'Smalltalk', test: any(/![\w\s]+methodsFor: /) },
      { lang: 'C#', test: any(/^(?:\s*namespace\s*[\w.]+\s*(?:\{|;)|\s*\/\/)/m) },
    ],
  },
  {
    exts: ['.d'],
    rules: [
      {
        lang: 'D',
        test: any(
          /^module\s+[\w.]*\s*;|import\s+[\w\s,.:]*;|\w+\s+\w+\s*\(.*\)(?:\(.*\))?\s*\{[^}]*\}|unittest\s*(?:\(.*\))?\s*\{[^}]*\}/m,
        ),
      },
      {
        lang: 'DTrace',
        test: any(
          /^(?:\w+:\w*:\w*:\w*|BEGIN|END|provider\s+|(?:tick|profile)-\w+\s+\{[^}]*\}|#pragma\s+D\s+(?:option|attributes|depends_on)\s|#pragma\s+ident\s)/m,
        ),
      },
      { lang: 'Makefile', test: any(/(?:[/\\].*:\s+.*\s\\$|: \\$|^[ %]:|^[\w\s/\\.]+\w+\.\w+\s*:\s+[\w\s/\\.]+\w+\.\w+)/m) },
    ],
  },
  {
    exts: ['.ex'],
    rules: [
      {
        lang: 'Elixir',
        test: any(/^\s*@moduledoc\s/m, /^\s*(?:cond|import|quote|unless)\s/m, /^\s*def(?:exception|impl|macro|module|protocol)[(\s]/m),
      },
      { lang: 'Euphoria', test: euphoria },
    ],
  },
  {
    exts: ['.f'],
    rules: [
      { lang: 'Forth', test: any(/^: /m) },
      { lang: 'Filebench WML', test: any(/flowop/) },
      { lang: 'Fortran', test: fortran },
    ],
  },
  {
    exts: ['.for'],
    rules: [
      { lang: 'Forth', test: any(/^: /m) },
      { lang: 'Fortran', test: fortran },
    ],
  },
  {
    exts: ['.fs'],
    rules: [
      { lang: 'Forth', test: any(/^(?:: |new-device)/m) },
      { lang: 'F#', test: any(/^\s*(?:#light|import|let|module|namespace|open|type)/m) },
      { lang: 'GLSL', test: any(/^\s*(?:#version|precision|uniform|varying|vec[234])/m) },
      { lang: 'Filterscript', test: any(/#include|#pragma\s+(?:rs|version)|__attribute__/) },
    ],
  },
  {
    exts: ['.gs'],
    rules: [
      { lang: 'GLSL', test: any(/^#version\s+[0-9]+\b/m) },
      { lang: 'Gosu', test: any(/^uses (?:java|gw)\./m) },
      { lang: 'Genie', test: any(/^\[indent=[0-9]+\]/m) },
    ],
  },
  { exts: ['.h'], rules: [{ lang: 'Objective-C', test: objectiveC }, { lang: 'C++', test: cpp }, { lang: 'C' }] },
  { exts: ['.hh'], rules: [{ lang: 'Hack', test: any(/<\?hh/) }] },
  {
    exts: ['.i'],
    rules: [
      { lang: 'Motorola 68K Assembly', test: m68k },
      { lang: 'SWIG', test: any(/^[ \t]*%[a-z_]+\b|^%[{}]$/m) },
    ],
  },
  {
    exts: ['.inc'],
    rules: [
      { lang: 'Motorola 68K Assembly', test: m68k },
      { lang: 'PHP', test: any(/^<\?(?:php)?/m) },
      {
        lang: 'SourcePawn',
        test: any(
          /^public\s+(?:SharedPlugin(?:\s+|:)__pl_\w+\s*=(?:\s*\{)?|(?:void\s+)?__pl_\w+_SetNTVOptional\(\)(?:\s*\{)?)/m,
          /^methodmap\s+\w+\s+<\s+\w+/m,
          /^\s*MarkNativeAsOptional\s*\(/m,
        ),
      },
      {
        lang: 'NASL',
        test: any(
          /^\s*include\s*\(\s*["'][\\/\w\-.:\s]+\.(?:nasl|inc)\s*["']\s*\)\s*;/m,
          /^\s*namespace\s+\w+\s*\{/m,
          /^\s*object\s+\w+\s*(?:extends\s+\w+(?:::\w+)?)?\s*\{/m,
        ),
      },
      { lang: 'POV-Ray SDL', test: any(/^\s*#(?:declare|local|macro|while)\s/m) },
      { lang: 'Pascal', test: any(/^\s*\{\$(?:mode|ifdef|undef|define)[ ]+[a-z0-9_]+\}/im, /^\s*end[.;]\s*$/m) },
    ],
  },
  // Not in Linguist 7's table (its classifier decides): JSONiq declares versions, namespaces or
  // prolog declarations; anything else is jq.
  {
    exts: ['.jq'],
    rules: [
      {
        lang: 'JSONiq',
        test: any(/^\s*(?:jsoniq|xquery)\s+version\s|^\s*(?:module\s+namespace|declare\s+(?:function|variable|namespace|option))\s/m),
      },
      { lang: 'jq' },
    ],
  },
  {
    exts: ['.l'],
    rules: [
      { lang: 'Common Lisp', test: any(/\(def(?:un|macro)\s/) },
      { lang: 'Lex', test: any(/^(?:%[%{}]xs|<.*>)/m) },
      { lang: 'Roff', test: any(/^\.[A-Za-z]{2}(?:\s|$)/m) },
      { lang: 'PicoLisp', test: any(/^\((?:de|class|rel|code|data|must)\s/m) },
    ],
  },
  { exts: ['.ls'], rules: [{ lang: 'LoomScript', test: any(/^\s*package\s*[\w./*\s]*\s*\{/m) }, { lang: 'LiveScript' }] },
  {
    exts: ['.lsp', '.lisp'],
    rules: [
      { lang: 'Common Lisp', test: any(/^\s*\((?:defun|in-package|defpackage) /im) },
      { lang: 'NewLisp', test: any(/^\s*\(define /m) },
    ],
  },
  {
    exts: ['.m'],
    rules: [
      { lang: 'Objective-C', test: objectiveC },
      { lang: 'Mercury', test: any(/:- module/) },
      { lang: 'MUF', test: any(/^: /m) },
      { lang: 'M', test: any(/^\s*;/m) },
      { lang: 'Wolfram Language', test: all(any(/\(\*/), any(/\*\)$/m)) },
      { lang: 'MATLAB', test: any(/^\s*%/m) },
      { lang: 'Limbo', test: any(/^\w+\s*:\s*module\s*\{/m) },
    ],
  },
  { exts: ['.m4'], rules: [{ lang: 'M4Sugar', test: any(/AC_DEFUN|AC_PREREQ|AC_INIT/, /^_?m4_/m) }, { lang: 'M4' }] },
  {
    exts: ['.md'],
    rules: [
      { lang: 'Markdown', test: (t) => t === '' || /(?:^[-A-Za-z0-9=#!*[|>])|<\//m.test(t) },
      { lang: 'GCC Machine Description', test: any(/^(?:;;|\(define_)/m) },
      { lang: 'Markdown' },
    ],
  },
  {
    exts: ['.ml'],
    rules: [
      { lang: 'OCaml', test: any(/(?:^\s*module)|let rec |match\s+(?:\S+\s)+with/m) },
      { lang: 'Standard ML', test: any(/=> |case\s+(?:\S+\s)+of/) },
    ],
  },
  {
    exts: ['.mod'],
    rules: [
      { lang: 'XML', test: any(/<!ENTITY /) },
      { lang: 'Modula-2', test: any(/^\s*(?:MODULE|END) [\w.]+;/im) },
      { lang: ['Linux Kernel Module', 'AMPL'] },
    ],
  },
  {
    exts: ['.ms'],
    rules: [
      { lang: 'Roff', test: any(/^[.'][A-Za-z]{2}(?:\s|$)/m) },
      { lang: 'Unix Assembly', test: all(not(any(/\/\*/)), any(/^\s*\.(?:include\s|globa?l\s|[A-Za-z][_A-Za-z0-9]*:)/m)) },
      { lang: 'MAXScript' },
    ],
  },
  {
    exts: ['.n'],
    rules: [
      { lang: 'Roff', test: any(/^[.']/m) },
      { lang: 'Nemerle', test: any(/^(?:module|namespace|using)\s/m) },
    ],
  },
  {
    exts: ['.p'],
    rules: [
      { lang: 'Gnuplot', test: any(/^s?plot\b/m, /^set\s+(?:term|terminal|out|output|[xy]tics|[xy]label|[xy]range|style)\b/m) },
      { lang: 'OpenEdge ABL' },
    ],
  },
  {
    exts: ['.php'],
    rules: [
      { lang: 'Hack', test: any(/<\?hh/) },
      { lang: 'PHP', test: any(/<\?[^h]/) },
    ],
  },
  {
    exts: ['.pl'],
    rules: [
      { lang: 'Prolog', test: any(/^[^#]*:-/m) },
      { lang: 'Perl', test: perl5 },
      { lang: 'Raku', test: perl6 },
    ],
  },
  { exts: ['.plist'], rules: [{ lang: 'XML Property List', test: any(/<!DOCTYPE\s+plist/) }, { lang: 'OpenStep Property List' }] },
  {
    exts: ['.pm'],
    rules: [
      { lang: 'Perl', test: perl5 },
      { lang: 'Raku', test: perl6 },
      { lang: 'X PixMap', test: any(/^\s*\/\* XPM \*\//m) },
    ],
  },
  { exts: ['.pod'], rules: [{ lang: 'Pod 6', test: any(/^[^\S\n]*=(?:comment|begin pod|begin para|item\d+)/m) }, { lang: 'Pod' }] },
  {
    exts: ['.pp'],
    rules: [
      { lang: 'Pascal', test: any(/^\s*end[.;]/m) },
      { lang: 'Puppet', test: any(/^\s+\w+\s+=>\s/m) },
    ],
  },
  {
    exts: ['.pro'],
    rules: [
      { lang: 'Proguard', test: any(/^-(?:include\b.*\.pro$|keep\b|keepclassmembers\b|keepattributes\b)/m) },
      { lang: 'Prolog', test: any(/^[^[#]+:-/m) },
      { lang: 'INI', test: any(/last_client=/) },
      { lang: 'QMake', test: all(any(/HEADERS/), any(/SOURCES/)) },
      { lang: 'IDL', test: any(/^\s*function[ \w,]+$/m) },
    ],
  },
  {
    exts: ['.properties'],
    rules: [
      { lang: 'INI', test: all(keyEqualsValue, any(/^[;[]/m)) },
      { lang: 'Java Properties', test: all(keyEqualsValue, any(/^[#!]/m)) },
      { lang: 'INI', test: keyEqualsValue },
      { lang: 'Java Properties', test: any(/^[^#!][^:]*:/m) },
    ],
  },
  {
    exts: ['.q'],
    rules: [
      { lang: 'q', test: any(/[A-Z.][\w.]*:\{/i, /(?:^|\n)\\(?:cd?|d|l|p|ts?) /) },
      { lang: 'HiveQL', test: any(/SELECT\s+[\w*,]+\s+FROM|(?:CREATE|ALTER|DROP)\s(?:DATABASE|SCHEMA|TABLE)/i) },
    ],
  },
  {
    exts: ['.qs'],
    rules: [
      { lang: 'Q#', test: any(/^(?:(?:\/{2,3})?\s*(?:namespace|operation)\b)/m) },
      { lang: 'Qt Script', test: any(/\w+\.prototype\.\w+|===|\bvar\b/) },
    ],
  },
  {
    exts: ['.r'],
    rules: [
      { lang: 'Rebol', test: any(/\bRebol\b/i) },
      { lang: 'R', test: any(/<-|^\s*#/m) },
    ],
  },
  {
    exts: ['.re'],
    rules: [
      {
        lang: 'Reason',
        test: any(/^\s*module\s+type\s/m, /^\s*(?:include|open)\s+\w+\s*;\s*$/m, /^\s*let\s+(?:module\s\w+\s*=\s*\{|\w+:\s+.*=.*;\s*$)/m),
      },
      { lang: 'C++', test: any(/^\s*#(?:(?:if|ifdef|define|pragma)\s+\w|\s*include\s+<[^>]+>)/m, /^\s*template\s*</m) },
    ],
  },
  { exts: ['.rpy'], rules: [{ lang: 'Python', test: any(/^(?:import|from|class|def)\s/m) }, { lang: "Ren'Py" }] },
  {
    exts: ['.rs'],
    rules: [
      { lang: 'Rust', test: any(/^(?:use |fn |mod |pub |macro_rules|impl|#!?\[)/m) },
      { lang: 'RenderScript', test: any(/#include|#pragma\s+(?:rs|version)|__attribute__/) },
      { lang: 'XML', test: any(/^\s*<\?xml/m) },
    ],
  },
  {
    exts: ['.sc'],
    rules: [
      { lang: 'SuperCollider', test: any(/\^(?:this|super)\./i, /^\s*~\w+\s*=\./m) },
      { lang: 'Scala', test: any(/^\s*import (?:scala|java)\.|^\s*class\b/m) },
    ],
  },
  // Not in Linguist 7's table (its classifier decides): RPM spec files start with tag lines.
  {
    exts: ['.spec'],
    rules: [
      {
        lang: 'RPM Spec',
        test: any(
          /^(?:Name|Version|Release|Summary|License|BuildRequires|Requires):\s|^%(?:description|prep|build|install|files|changelog)\b/m,
        ),
      },
      { lang: 'Python' },
    ],
  },
  {
    exts: ['.sql'],
    rules: [
      { lang: 'PLpgSQL', test: any(/^\\i\b|AS\s+\$\$|LANGUAGE\s+'?plpgsql'?|BEGIN(?:\s+WORK)?\s*;/im) },
      { lang: 'SQLPL', test: any(/ALTER\s+MODULE|MODE\s+DB2SQL|\bSYS(?:CAT|PROC)\.|ASSOCIATE\s+RESULT\s+SET|\bEND!\s*$/im) },
      {
        lang: 'PLSQL',
        test: any(/\$\$PLSQL_|XMLTYPE|systimestamp|\.nextval|CONNECT\s+BY|AUTHID\s+(?:DEFINER|CURRENT_USER)|constructor\W+function/i),
      },
      { lang: 'TSQL', test: any(/^\s*GO\b|BEGIN(?:\s+TRY|\s+CATCH)|OUTPUT\s+INSERTED|DECLARE\s+@|\[dbo\]/im) },
      { lang: 'SQL' },
    ],
  },
  {
    exts: ['.t'],
    rules: [
      { lang: 'Perl', test: perl5 },
      { lang: 'Raku', test: any(/^\s*(?:use\s+v6\b|\bmodule\b|\bmy\s+class\b)/m) },
      { lang: 'Turing', test: any(/^\s*%[ \t]+|^\s*var\s+\w+(?:\s*:\s*\w+)?\s*:=\s*\w+/m) },
    ],
  },
  {
    exts: ['.toc'],
    rules: [
      { lang: 'World of Warcraft Addon Data', test: any(/^## |@no-lib-strip@/m) },
      { lang: 'TeX', test: any(/^\\(?:contentsline|defcounter|beamer|boolfalse)/m) },
    ],
  },
  { exts: ['.ts'], rules: [{ lang: 'XML', test: any(/<TS\b/) }, { lang: 'TypeScript' }] },
  {
    exts: ['.tsx'],
    rules: [
      { lang: 'TSX', test: any(/^\s*(?:import.+(?:from\s+|require\()['"]react|\/\/\/\s*<reference\s)/m) },
      { lang: 'XML', test: any(/^\s*<\?xml\s+version/im) },
    ],
  },
  {
    exts: ['.v'],
    rules: [
      { lang: 'Rocq Prover', test: any(/(?:^|\s)(?:Proof|Qed)\.(?:$|\s)|(?:^|\s)Require[ \t]+(?:Import|Export)\s/m) },
      {
        lang: 'Verilog',
        test: any(
          /^[ \t]*module\s+[^\s()]+\s+#?\(|^[ \t]*`(?:define|ifdef|ifndef|include|timescale)|^[ \t]*always[ \t]+@|^[ \t]*initial[ \t]+(?:begin|@)/m,
        ),
      },
      { lang: 'V', test: any(/\$(?:if|else)[ \t]|^[ \t]*fn\s+[^\s()]+\(.*?\).*?\{|^[ \t]*for\s*\{/m) },
    ],
  },
  { exts: ['.vba'], rules: [{ lang: 'Vim script', test: any(/^UseVimball/m) }, { lang: 'VBA' }] },
  {
    exts: ['.x'],
    rules: [
      { lang: 'DirectX 3D File', test: any(/^xof 030(?:2|3)(?:txt|bin|tzip|bzip)\b/m) },
      { lang: 'RPC', test: any(/\b(?:program|version)\s+\w+\s*\{|\bunion\s+\w+\s+switch\s*\(/) },
      { lang: 'Logos', test: any(/^%(?:end|ctor|hook|group)\b/m) },
      { lang: 'Linker Script', test: any(/OUTPUT_ARCH\(|OUTPUT_FORMAT\(|SECTIONS/) },
    ],
  },
  { exts: ['.yaml'], rules: [{ lang: 'MiniYAML', test: all(any(/^\t+.*?[^\s:].*?:/m), not(any(/---/))) }, { lang: 'YAML' }] },
  { exts: ['.yy'], rules: [{ lang: 'JSON', test: any(/"modelName":\s*"GM/) }, { lang: 'Yacc' }] },
];

/** Linguist reads at most this many bytes for heuristics. */
const HEURISTICS_BYTES = 50 * 1024;

/**
 * Runs the disambiguation for the file's extension. Returns the languages of the first matching
 * rule (restricted to `candidates` when there are some), or [] when no block or rule applies.
 */
export function runHeuristics(fileName: string, text: string, candidates: readonly string[]): string[] {
  const lower = fileName.toLowerCase();
  const block = DISAMBIGUATIONS.find((d) => d.exts.some((ext) => lower.endsWith(ext)));
  if (!block) return [];
  const data = text.length > HEURISTICS_BYTES ? text.slice(0, HEURISTICS_BYTES) : text;
  for (const rule of block.rules) {
    if (rule.test && !rule.test(data)) continue;
    const langs = typeof rule.lang === 'string' ? [rule.lang] : [...rule.lang];
    if (candidates.length === 0) return langs;
    const kept = langs.filter((l) => candidates.includes(l));
    return kept;
  }
  return [];
}
