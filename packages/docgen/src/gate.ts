import { spawnSync } from 'node:child_process';
import { extractWithTreeSitter, type ParsedFunction } from '@docent/analyzer';
import { generateFile, type FileResult, type GenerateOptions, type LineEdit } from './generate.ts';
import { indexWithout } from './ground.ts';
import type { StyleConfig } from './languages.ts';
import { DIRECTIVE } from './safety.ts';

export interface GateVerdict {
  ok: boolean;
  problems: string[];
}

/**
 * docs/design.md §7's quality gate for one patched file (docs/docgen.md, "Quality gate"): every byte
 * outside the edits is unchanged; no doc sits between a directive and the line it governs; Javadoc
 * and XML doc text is escaped; the language's formatter (gofmt, rustfmt, where installed) is as
 * content as it was before; the analyzer re-parses the file and finds every targeted function
 * documented and no generated doc OUTDATED; a second run changes nothing.
 */
export async function gateFile(
  result: FileResult,
  language: string,
  relPath: string,
  config: StyleConfig,
  before?: string,
  options: Pick<GenerateOptions, 'index' | 'includeInherited'> = {},
): Promise<GateVerdict> {
  const problems: string[] = [];
  if (before !== undefined)
    problems.push(
      ...byteProblems(before, result, relPath),
      ...placementProblems(before, result.edits, relPath, language),
      ...formatterProblems(before, result.output, language, relPath),
    );
  problems.push(...escapeProblems(result.edits, language, relPath, before));
  const targets = result.outcomes.filter((o) => o.action !== 'skipped');
  const stale = new Set(result.staleParams.map((s) => s.name));
  const after = await extractWithTreeSitter(result.output, language, relPath);
  // Where a targeted function's declaration is after the edits: its row plus the rows the edits
  // above it added. The check is on that function, not on every function of its name: an
  // undocumented overload the run did not target (a constructor beside a documented one, set 8's
  // JSON-java) is no failure of the patch.
  const shifted = (row: number): number =>
    row + result.edits.filter((e) => e.endRow <= row).reduce((n, e) => n + e.lines.length - (e.endRow - e.startRow), 0);
  // a doc the maintainers left stale (`:return: context` on a function that returns nothing) is
  // no failure of the patch that adds a true line beside it (set C3: dynaconf's `setenv` made the
  // gate refuse its whole file): only a verdict the original did not have counts
  let staleBefore: Set<string> | undefined;
  const wasStale = async (fn: ParsedFunction): Promise<boolean> => {
    if (before === undefined) return false;
    staleBefore ??= new Set(
      (await extractWithTreeSitter(before, language, relPath))
        .filter((f) => f.outdated.status === 'OUTDATED')
        .map((f) => `${f.name}\0${f.outdated.explanation}`),
    );
    return staleBefore.has(`${fn.name}\0${fn.outdated.explanation}`);
  };
  const checked = new Set<ParsedFunction>();
  for (const o of targets) {
    const same = after.filter((f) => f.name === o.name);
    const exact = same.find((f) => f.startLine - 1 === shifted(o.line - 1));
    for (const fn of exact ? [exact] : same) {
      if (checked.has(fn)) continue;
      checked.add(fn);
      if (fn.docstring === null && !docAboveDirectives(result.output, fn.startLine - 1))
        problems.push(`${relPath}:${fn.startLine} ${fn.name} is still undocumented`);
      else if (fn.outdated.status === 'OUTDATED' && !stale.has(fn.name) && !(await wasStale(fn)))
        problems.push(`${relPath}:${fn.startLine} ${fn.name}: ${fn.outdated.explanation}`);
    }
  }
  const targeted = new Map<string, number>();
  for (const o of targets) targeted.set(o.name, (targeted.get(o.name) ?? 0) + 1);
  for (const [name, count] of targeted)
    if (after.filter((f) => f.name === name).length < count) problems.push(`${relPath}: ${name} is gone after the patch`);
  // with the repository's docs, as the run had them, and this file's as they are now: read alone, a
  // file would miss a parent class or a callee of another file and "change" what the run rightly
  // left (held out, set 21: commons-statistics' exceptions extend IllegalArgumentException in
  // another file); with this file's old docs, a doc the run wrote that grounds another (a
  // parameter handed on to it) would go unseen (pyfilesystem2's `walk.py`)
  const again = await generateFile(result.output, language, relPath, config, {
    ...(options.index ? { index: indexWithout(options.index, relPath) } : {}),
    ...(options.includeInherited ? { includeInherited: true } : {}),
  });
  if (again.edits.length > 0) problems.push(`${relPath}: a second run still changes ${again.edits.length} place(s)`);
  return { ok: problems.length === 0, problems };
}

/**
 * A doc comment above the directives that govern the declaration (`// @ts-expect-error`,
 * `//go:`…): where the compiler and the doc tools read it, though the analyzer looks only at the
 * line right above.
 */
function docAboveDirectives(output: string, declRow: number): boolean {
  const lines = output.split(/\r?\n/);
  let r = declRow - 1;
  if (r < 0 || !DIRECTIVE.test((lines[r] ?? '').trim())) return false;
  while (r >= 0 && DIRECTIVE.test((lines[r] ?? '').trim())) r--;
  return /\*\/\s*$|^\s*\/\/\//.test(lines[r] ?? '');
}

/** The output with the edits undone must be the input, byte for byte. */
function byteProblems(before: string, result: FileResult, relPath: string): string[] {
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const out = result.output.split(eol);
  const old = before.split(eol);
  // Undone in row order: the rows before each edit are the original's again when it is reached.
  for (const e of [...result.edits].sort((a, b) => a.startRow - b.startRow))
    out.splice(e.startRow, e.lines.length, ...old.slice(e.startRow, e.endRow));
  return out.join(eol) === before ? [] : [`${relPath}: bytes outside the edits changed`];
}

/** A new doc right under a directive would come between it and the declaration it governs. */
function placementProblems(before: string, edits: readonly LineEdit[], relPath: string, language: string): string[] {
  const lines = before.split(/\r?\n/);
  const out: string[] = [];
  for (const e of edits) {
    if (e.endRow !== e.startRow || language === 'Python') continue;
    const above = (lines[e.startRow - 1] ?? '').trim();
    if (above !== '' && DIRECTIVE.test(above)) out.push(`${relPath}:${e.startRow + 1}: a doc would sit under the directive \`${above}\``);
  }
  return out;
}

const XML_TAGS =
  /<\/?(summary|param|typeparam|returns|value|exception|c|code|paramref|typeparamref|inheritdoc|see|seealso|remarks|para|example|list|item|term|description|b|i|em|strong|p|a|pre|ul|ol|li|br|tt|sup|sub|blockquote)\b[^<>]*>/g;

/**
 * Javadoc (HTML) and XML doc: no raw `<`, `>` or `&` in the added text. An edit that extends a
 * maintainer's doc carries its lines along: those (the rows the edit replaces, unchanged) are not
 * the engine's text, and a raw `<` in them (`<code>Map<String, Object></code>`) was there before.
 */
function escapeProblems(edits: readonly LineEdit[], language: string, relPath: string, before?: string): string[] {
  if (language !== 'Java' && language !== 'C#') return [];
  const old = before?.split(/\r?\n/) ?? [];
  const out: string[] = [];
  for (const e of edits) {
    const theirs = new Set(old.slice(e.startRow, e.endRow));
    // joined: a wrapped element spans lines
    const joined = e.lines
      .filter((l) => !theirs.has(l))
      .map((l) => l.replace(/^\s*(\/\*\*|\*\/|\/\/\/|\*)?/, '').replace(/\*\/\s*$/, ''))
      .join(' ');
    const text = joined
      .replace(/\{@\w+[^}]*\}/g, '')
      .replace(XML_TAGS, '')
      .replace(/&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, '');
    if (/[<>&]/.test(text)) out.push(`${relPath}:${e.startRow + 1}: unescaped markup in the doc added here`);
  }
  return out;
}

const FORMATTERS: Record<string, string[]> = { Go: ['gofmt'], Rust: ['rustfmt', '--emit', 'stdout', '--edition', '2021', '--quiet'] };

function formatted(language: string, text: string): string | null {
  const cmd = FORMATTERS[language];
  if (!cmd) return null;
  const r = spawnSync(cmd[0]!, cmd.slice(1), { input: text, encoding: 'utf8', timeout: 20_000 });
  return r.status === 0 ? r.stdout : null;
}

/** Where the language's formatter is the norm and installed: a file it was content with stays so. */
function formatterProblems(before: string, after: string, language: string, relPath: string): string[] {
  if (!FORMATTERS[language]) return [];
  if (formatted(language, before) !== before) return [];
  const f = formatted(language, after);
  return f === null || f === after ? [] : [`${relPath}: ${FORMATTERS[language]![0]} would change the patched file`];
}
