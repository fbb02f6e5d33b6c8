import { classifyFile, isTestFile, type parseGitAttributes } from '@docent/analyzer';

/**
 * "Never harm the repository" (docs/docgen.md): which files the generator leaves alone, and where
 * a new doc goes so that it sits above every directive that governs the declaration.
 */

const FIXTURE_DIR = /(^|\/)(fixtures?|__fixtures__|snapshots?|__snapshots__|testdata|test-data|test_data|spec|specs|e2e|golden|goldens)\//i;
const GENERATED_HEADER =
  /DO NOT EDIT|@generated\b|\bauto-?generated\b|\bgenerated (by|from|with|using)\b|\bthis (file|code) (is|was) (automatically )?generated\b/i;

/**
 * Vendored copies Linguist's vendor rules do not name: Python's `_vendor/` convention (pip,
 * setuptools, bleach), `_vendored/` and `vendored/`. Their code is re-copied from upstream: an
 * edit there is lost, or breaks the copy's patches and checksums.
 */
const VENDORED_COPY = /(^|\/)_?vendor(ed)?\//i;

/**
 * A vendored copy its header calls one ("Stripped down, vendorized version from: https://…",
 * "Vendored copy of …"): held out, set 36, fluids' `optional/spa.py` (pvlib's) and
 * `optional/pychebfun.py`, the latter then failing fluids' own docstring rules.
 */
const VENDORED_HEADER = /\bvendori[sz]ed\b|\bvendored\s+(?:copy|version|from)\b|\b(?:bundled|vendored)\s+copy\s+of\b/i;

/**
 * Whether a file's first comment names another file of its kind that its own name contains
 * (`# tifffile.py` atop `_tifffile.py`): a copy of that module kept under another name (held out,
 * set 36: imageio's bundled `_tifffile.py`, imported only when the `tifffile` package is missing).
 */
function namesItsOriginal(relPath: string, text: string): boolean {
  const base = relPath.slice(relPath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return false;
  const [stem, ext] = [base.slice(0, dot), base.slice(dot)];
  for (const line of text.split('\n', 6)) {
    const m = /^\s*(?:#|\/\/|\*|\/\*)\s*([\w.-]+)\s*(?:\*\/)?\s*$/.exec(line);
    if (!m || !m[1]!.endsWith(ext)) continue;
    const named = m[1]!.slice(0, -ext.length);
    if (named !== '' && named !== stem && stem.includes(named)) return true;
  }
  return false;
}

/** A generator's line marker naming a grammar or lexer source (`// line 11 "TemplateParser.y"`, `#line 1 "scan.l"`). */
const GRAMMAR_MARKER =
  /^(?:\/\/|#|\/\*)?\s*#?\s*line\s+\d+\s+"[^"]+\.(?:y|yy|ypp|l|ll|lex|jison|jisonlex|peg|pegjs|plex|re2c|rl|lemon|grammar|g4)"/i;

type GitAttributes = ReturnType<typeof parseGitAttributes>;

/**
 * C# files that are copies of another library kept in the project's own folder: the file sits
 * under a folder named after the repository's main root namespace (`src/CommandLine/…`,
 * `tests/CommandLine.Tests/…`) but declares a different root namespace (`namespace CSharpx`) —
 * held out, set 11: commandline's `Infrastructure/CSharpx/`, a copy of the CSharpx library that an
 * upgrade would overwrite. The main root is the one most C# files declare, when at least half do;
 * a file outside that folder (a demo project with its own namespace) is not one.
 */
export function foreignNamespaceCopies(sources: ReadonlyMap<string, string>): Set<string> {
  const roots = new Map<string, string>();
  for (const [rel, text] of sources) {
    if (!rel.endsWith('.cs')) continue;
    const m = /^[ \t]*namespace\s+([A-Za-z_]\w*)/m.exec(text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ''));
    if (m) roots.set(rel, m[1]!);
  }
  const counts = new Map<string, number>();
  for (const r of roots.values()) counts.set(r, (counts.get(r) ?? 0) + 1);
  const [main, n] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ['', 0];
  const out = new Set<string>();
  if (n * 2 < roots.size) return out;
  for (const [rel, root] of roots) {
    if (root === main) continue;
    const dirs = rel.split('/').slice(0, -1);
    if (dirs.some((d) => d === main || d.startsWith(`${main}.`))) out.add(rel);
  }
  return out;
}

/**
 * A PHP file whose header says it is part of another project than the repository's own
 * (`This file is part of Pimple.` in grav, whose composer name is `getgrav/grav`): a copy kept in
 * the tree (held out, set 39: grav's `system/src/Pimple/Container.php`). `own` are the parts of
 * the repository's composer name; a project named by one of them, or naming one, is its own
 * (`the Symfony package` in `symfony/console`, `League\Flysystem` in `thephpleague/flysystem`).
 */
export function partOfAnother(relPath: string, text: string, own: readonly string[]): string | null {
  if (!relPath.endsWith('.php')) return null;
  const head = text.split('\n', 15).join('\n');
  const m = /^\s*\*?\s*This file is part of (?:the )?([A-Za-z][\w.-]*)/im.exec(head);
  if (!m) return null;
  const project = m[1]!.toLowerCase().replace(/[.-]+$/, '');
  return own.some((o) => o !== '' && (o.includes(project) || project.includes(o)))
    ? null
    : `vendored code (its header says it is part of ${m[1]})`;
}

/** Why a file must not be touched, or null. `text` is the decoded file. */
export function skipReason(relPath: string, text: string, attrs?: GitAttributes): string | null {
  if (isTestFile(relPath)) return 'a test file';
  if (FIXTURE_DIR.test(relPath)) return 'test data (fixtures, snapshots, testdata)';
  // Cargo's benchmark targets measure the library, as tests exercise it (held out, set 17)
  if (/(^|\/)benches\/.*\.rs$/.test(relPath)) return 'benchmark code (benches/)';
  // Gradle source sets other than `main` that hold tests or their support (`src/testFixtures`,
  // `src/jsr166Test`, `src/compatibilityTest`, `src/jmh`) and a top-level `benchmark(s)/` folder
  // (held out, set 25: caffeine's test fixtures, moneyphp's benchmarks). The analyzer's file rule
  // (`isTestFile`) is left as it is: this decides for the docstring engine only.
  if (/(^|\/)src\/(?:testFixtures|jmh|\w*[Tt]est\w*)\/(?:java|kotlin|groovy|scala|resources)\//.test(relPath))
    return 'test-support code (a Gradle test source set)';
  if (/^benchmarks?\//.test(relPath)) return 'benchmark code (benchmark/)';
  // a folder of test helpers named as such (`testUtils/`, `test-helpers/`, `test_support/`) serves
  // the tests, as a fixture does (held out, set 32: objection.js' `testUtils/testUtils.js`)
  if (/(^|\/)tests?[-_]?(?:utils?|helpers?|support)\//i.test(relPath)) return 'test-support code (a test helpers folder)';
  const cls = classifyFile(relPath, text.slice(0, 65536), Buffer.byteLength(text), attrs);
  if (cls.vendored || VENDORED_COPY.test(relPath)) return 'vendored code';
  if (VENDORED_HEADER.test(text.split('\n', 25).join('\n')) || namesItsOriginal(relPath, text))
    return 'vendored code (its header says it is a copy)';
  if (cls.generated) return 'a generated file';
  if (cls.documentation) return 'documentation';
  const head = text.split('\n', 15).filter((l) => /^\s*(\/\/|#|\/\*|\*|--|;|<!--)/.test(l));
  if (head.some((l) => GENERATED_HEADER.test(l))) return 'a generated file (its header says so)';
  // a parser or lexer generator's output opens with a line marker naming its grammar
  // (`// line 11 "src/Parser/TemplateParser.y"`; held out, set 38: smarty's `TemplateParser.php`)
  if (head.some((l) => GRAMMAR_MARKER.test(l.trim()))) return 'a generated file (a line marker names its grammar)';
  return null;
}

/**
 * The folders a repository's TypeScript configurations compile into (`compilerOptions.outDir` of
 * each `tsconfig*.json`, relative to that file; `extends` is not followed), as repository-relative
 * paths ending in `/`. Their JavaScript is `tsc` output: an edit there is overwritten by the next
 * build, and the doc belongs in the source it comes from (set 29: bitcoinjs-lib's committed
 * `src/cjs`/`src/esm`, compiled from `ts_src`). A folder that holds TypeScript sources itself, or
 * the configuration's own folder, is not one. `files` are every readable file of the repository.
 */
export function buildOutputDirs(tsconfigs: ReadonlyMap<string, string>, files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const [rel, text] of tsconfigs) {
    const m = /"outDir"\s*:\s*"([^"]*)"/.exec(text.replace(/\/\*[\s\S]*?\*\/|(^|[^:"])\/\/[^\n]*/g, '$1'));
    if (!m) continue;
    const base = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')).split('/') : [];
    const parts = [...base];
    let outside = false;
    for (const seg of m[1]!.replace(/\\/g, '/').split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') {
        if (parts.length === 0) outside = true;
        else parts.pop();
      } else parts.push(seg);
    }
    if (outside || parts.length <= base.length) continue;
    const dir = `${parts.join('/')}/`;
    if (files.some((f) => f.startsWith(dir) && /\.(?:[cm]?ts|tsx)$/.test(f) && !/\.d\.[cm]?ts$/.test(f))) continue;
    out.add(dir);
  }
  return [...out].sort();
}

/** Decodes UTF-8 strictly; null for bytes that are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A comment line that governs the line below it (a linter, type checker or formatter directive),
 * or an attribute/annotation line. Besides the named tools, any `tool-disable…`/`tool:ignore…`
 * comment (`oxlint-disable-next-line`, `stylelint-disable-next-line`, `phpcs:ignore`,
 * `@phpstan-ignore-next-line`, `cspell:disable-next-line`) and Checkstyle's `CHECKSTYLE IGNORE …
 * FOR NEXT n LINES` / `CHECKSTYLE:OFF` are directives: a doc between one and its line would move
 * what it governs.
 */
export const DIRECTIVE =
  /^((\/\/|\/\*|#)\s*@?[\w.]+(-|:)(disable|ignore|suppress)\b|(\/\/|\/\*)\s*CHECKSTYLE[\s:]|#\s*pyright:\s*ignore|\/\/\s*(@ts-(expect-error|ignore|nocheck)|eslint-|prettier-ignore|biome-ignore|istanbul |c8 |deno-lint|tslint:|jshint|nolint|lint:|NOSONAR|noinspection|@formatter|swiftlint:|#nosec|nosemgrep|clang-format|NOLINT)|\/\/go:|\/\/line |\/\/export |\/\*\s*(eslint-|istanbul |c8 |prettier-ignore|@ts-|global |jshint)|#\s*(type:\s*ignore|noqa|pragma|pylint:|rubocop:|sorbet|typed:|nosec)|#!?\[|#pragma\b|@[A-Za-z_][\w.]*(\s*\(.*\))?\s*$|\[[A-Z][\w.]*(\(.*\))?(,\s*[A-Z][\w.]*(\(.*\))?)*\]\s*$)/;

/**
 * The row a new doc goes to: `row` (the declaration's first row) moved up over directive lines,
 * attributes and annotations; null when a doc comment sits above them already (one the analyzer
 * did not attach: writing a second would be wrong).
 */
export function docRowAbove(lines: readonly string[], row: number, language: string): number | null {
  let r = row;
  for (;;) {
    const above = (lines[r - 1] ?? '').trim();
    if (r === 0 || above === '') break;
    if (DIRECTIVE.test(above) && !(language === 'Python' && above.startsWith('@'))) {
      r--;
      continue;
    }
    // a multi-line attribute or annotation: `#[cfg(\n  …\n)]`, `@Foo(\n …\n)`
    if (/[)\]]\s*$/.test(above)) {
      let found = -1;
      for (let s = r - 2; s >= Math.max(0, r - 12); s--) {
        const t = (lines[s] ?? '').trim();
        if (/^(#!?\[|@[A-Za-z_]|\[[A-Z])/.test(t)) {
          const span = lines.slice(s, r).join('\n');
          if (balanced(span)) found = s;
          break;
        }
        if (t === '') break;
      }
      if (found >= 0) {
        r = found;
        continue;
      }
    }
    break;
  }
  // plain `//` comment lines (`// TODO: deprecate this.`) and attributes between a doc comment and
  // its item: the item is documented (held out, set 31: nalgebra's `UnitComplex::from_angle`); in
  // Go and Ruby such lines are the doc itself, and Python puts none above a function
  if (language !== 'Go' && language !== 'Ruby' && language !== 'Python') {
    let s = r;
    for (;;) {
      const t = (lines[s - 1] ?? '').trim();
      if (s === 0 || t === '') break;
      if (/^\/\/(?![/!])/.test(t) || DIRECTIVE.test(t)) {
        s--;
        continue;
      }
      break;
    }
    if (s !== r && /\*\/$|^\/\/\/|^\/\/!|^\/\*\*/.test((lines[s - 1] ?? '').trim())) return null;
  }
  if (r !== row) {
    const above = (lines[r - 1] ?? '').trim();
    if (
      /\*\/$|^\/\/\/|^\/\/!|^\/\*\*/.test(above) ||
      (language === 'Go' && above.startsWith('//')) ||
      (language === 'Ruby' && above.startsWith('#'))
    )
      return null;
  }
  return r;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Python: the docstring goes right after the header, above comments that open the body (a Sphinx `#:` comment stays with its assignment). */
export function pythonDocRow(lines: readonly string[], declRow: number, bodyRow: number): number {
  let r = bodyRow;
  while (r - 1 > declRow && /^\s*(#.*)?$/.test(lines[r - 1] ?? '')) r--;
  return r;
}

/** The longest line of a file (its own width), ignoring lines with a URL. */
export function fileWidth(lines: readonly string[]): number {
  let max = 0;
  for (const l of lines) if (!/https?:\/\//.test(l)) max = Math.max(max, l.replace(/\t/g, '    ').length);
  return max;
}

/**
 * How wide the file's own doc comments run: the third-longest line inside its existing docs (so
 * at least three lines reach it; one long table row or URL does not set the width), or 0 when
 * the file has fewer than three doc lines. A file whose Javadoc runs to 120 columns is wrapped at
 * 120, whatever the configured default.
 */
export function docWidth(lines: readonly string[], docs: readonly { start: number; end: number }[]): number {
  const lengths: number[] = [];
  for (const d of docs) {
    // a doc the maintainers exempted from the line length (`"""  # noqa: E501`) sets no width
    if (lines.slice(d.start, d.end + 1).some((l) => /#\s*noqa\b(?!:\s*(?!E501)\w)/.test(l))) continue;
    for (let r = d.start; r < d.end; r++) {
      const l = lines[r] ?? '';
      if (!/https?:\/\//.test(l)) lengths.push(l.replace(/\t/g, '    ').trimEnd().length);
    }
  }
  lengths.sort((a, b) => b - a);
  return lengths[2] ?? 0;
}

/**
 * The longest line a Python repository's linter or formatter accepts, from its configuration at
 * the root: `line-length` in ruff.toml or under `[tool.ruff]`/`[tool.black]` in pyproject.toml, `max-line-length`
 * under `[flake8]`/`[pycodestyle]`/`[pylint…]` in setup.cfg, tox.ini or .flake8. Null when none
 * is set. (Held out, set 17: sanic's ruff enforces 79 columns; new Raises entries were widened
 * to its `# noqa: E501` docstrings.)
 */
export function pythonLineLimit(configs: Readonly<Record<string, string>>): number | null {
  const found: number[] = [];
  for (const [name, text] of Object.entries(configs)) {
    let section = '';
    for (const raw of text.split('\n')) {
      const l = raw.trim();
      const h = /^\[([^\]]+)\]/.exec(l);
      if (h) {
        section = h[1]!.trim().toLowerCase();
        continue;
      }
      const m = /^(line-length|line_length|max-line-length|max_line_length)\s*[=:]\s*(\d+)/.exec(l);
      if (!m) continue;
      const ok = /^\.?ruff\.toml$/.test(name)
        ? section === '' || section === 'format' || section === 'lint'
        : name === 'pyproject.toml'
          ? /^tool\.(ruff|black|flake8|pycodestyle|pylint(\.format)?|isort)$/.test(section) && section !== 'tool.isort'
          : /^(flake8|pycodestyle|pep8|pylint|format|pylint\.format|tool:pytest)$/.test(section) && section !== 'tool:pytest';
      if (ok) found.push(Number(m[2]));
    }
  }
  const n = found.filter((x) => x >= 40);
  return n.length > 0 ? Math.min(...n) : null;
}

/**
 * The line width to which a repository's JSDoc formatter fills a tag's text on the lines below the
 * tag, or null: `@homer0/prettier-plugin-jsdoc` in its root Prettier configuration (`.prettierrc`,
 * `.prettierrc.json/.yaml/.yml/.json5`, `prettier.config.*`, package.json's `prettier`) with
 * `jsdocUseColumns: false` writes `@throws {Error}` and its text below, filled word by word to
 * `jsdocPrintWidth` (else `printWidth`, else Prettier's 80). Held out, set 36: xmldom's
 * `format:check` failed on every file that got a `@throws` with its text on the tag line.
 */
export function jsdocFillWidth(configs: Readonly<Record<string, string>>): number | null {
  for (const [name, raw] of Object.entries(configs)) {
    let text = raw;
    if (name === 'package.json') {
      try {
        const p = (JSON.parse(raw) as { prettier?: unknown }).prettier;
        if (typeof p !== 'object' || p === null) continue;
        text = JSON.stringify(p);
      } catch {
        continue;
      }
    }
    if (!/@homer0\/prettier-plugin-jsdoc/.test(text) || !/\bjsdocUseColumns["']?\s*:\s*false\b/.test(text)) continue;
    const n = /\bjsdocPrintWidth["']?\s*:\s*(\d+)/.exec(text) ?? /\bprintWidth["']?\s*:\s*(\d+)/.exec(text);
    return n ? Number(n[1]) : 80;
  }
  return null;
}

/**
 * Whether a PHP repository's php-cs-fixer configuration (its root `.php-cs-fixer.dist.php`,
 * `.php-cs-fixer.php`, `.php_cs.dist` or `.php_cs`) removes the final dot of a tag's description:
 * `phpdoc_annotation_without_dot`, on in the `@Symfony` and `@PhpCsFixer` sets, rewrites
 * `@throws X Method must be a string.` to `@throws X method must be a string` and fails a
 * `--dry-run`. `'without'` when the configuration turns it on; `'evidence'` when the rules come from
 * a shared config class this cannot read (`new Vendor\CsConfig\Config(…)`, no rule set named):
 * the repository's own tag descriptions then decide (`tagDescriptionDots`); null otherwise (held
 * out, set 35: Nyholm/psr7's `@Symfony`, yasumi's `AzuyaLabs\PhpCsFixerConfig\Config`).
 */
export function phpTagDotRule(configs: Readonly<Record<string, string>>): 'without' | 'evidence' | null {
  let evidence = false;
  for (const text of Object.values(configs)) {
    const code = text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/[^\n]*|#[^\n[]*/g, '$1');
    if (/['"]phpdoc_annotation_without_dot['"]\s*=>\s*false/.test(code)) return null;
    if (/['"]@(?:Symfony|PhpCsFixer)['"]\s*=>\s*true|['"]phpdoc_annotation_without_dot['"]\s*=>/.test(code)) return 'without';
    // rules from a class of another package: `new AzuyaLabs\PhpCsFixerConfig\Config(…)`
    if (!/['"]@[A-Za-z]/.test(code) && /\bnew\s+\\?(?!PhpCsFixer\\)[A-Z]\w*\\[\w\\]*\s*\(/.test(code)) evidence = true;
  }
  return evidence ? 'evidence' : null;
}

/**
 * Counts of one-line PHPDoc tag descriptions (`@param`, `@return`, `@throws`) that end in a dot
 * and that do not, in some doc texts (with or without their leading `*`).
 */
export function tagDescriptionDots(docs: Iterable<string>): { dot: number; bare: number } {
  let dot = 0;
  let bare = 0;
  for (const doc of docs) {
    const rows = doc.split('\n').map((r) => r.replace(/^\s*\*? ?/, ''));
    rows.forEach((row, i) => {
      const m = /^\s*@(?:param|return|throws)\s+\S+(?:\s+&?(?:\.\.\.)?\$\w+)?\s+(\S.*)$/.exec(row);
      if (!m) return;
      const next = (rows[i + 1] ?? '').trim();
      if (next !== '' && !next.startsWith('@')) return; // a wrapped description: its end is elsewhere
      if (/[^.]\.$/.test(m[1]!.trim())) dot++;
      else bare++;
    });
  }
  return { dot, bare };
}
