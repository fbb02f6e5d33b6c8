// npm run bench:docgen-quality -- [--seed N] [--sample N] [--out DIR] <checkout>…
// The figures of docs/metrics/docgen-quality.md: the offline engine (no LLM, default configuration)
// on each checkout, then per language: functions documented before/after (trivial docs not
// counted), added description lines that only restate the name, malformed entries, files the
// language's own syntax checks reject afterwards, and a seeded random sample of the additions
// written to <out>/sample-<language>.md for reading by hand. The checkout is never modified:
// the result is written to a copy (git clone of the checkout) that the checks run on.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { extractWithTreeSitter, isTestFile, type ParsedFunction } from '@docent/analyzer';
import { isTrivialDoc } from '../../analyzer/src/functions/trivial-doc.ts';
import { generateRepository, type FileChange } from '../src/index.ts';
import { languageOfPath } from '../src/languages.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1] ?? fallback;
  args.splice(i, 2);
  return v;
};
const seed = Number(opt('--seed', '20261125'));
const sampleSize = Number(opt('--sample', '20'));
const outDir = opt('--out', fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-quality-')));
fs.mkdirSync(outDir, { recursive: true });

interface Addition {
  repo: string;
  path: string;
  language: string;
  name: string;
  line: number;
  action: string;
  added: string[];
  code: string;
  sources: string[];
}
interface LangFigures {
  functions: number;
  before: number;
  after: number;
  trivialBefore: number;
  added: number;
  addedLines: number;
  restating: number;
  malformed: string[];
  filesChanged: number;
  checked: number;
  rejected: string[];
  checksRun: Set<string>;
}
const perLanguage = new Map<string, LangFigures>();
const fig = (language: string): LangFigures => {
  let f = perLanguage.get(language);
  if (!f)
    perLanguage.set(
      language,
      (f = {
        functions: 0,
        before: 0,
        after: 0,
        trivialBefore: 0,
        added: 0,
        addedLines: 0,
        restating: 0,
        malformed: [],
        filesChanged: 0,
        checked: 0,
        rejected: [],
        checksRun: new Set(),
      }),
    );
  return f;
};
const additions: Addition[] = [];

const paramNames = (f: ParsedFunction): string[] => f.docFacts?.signature?.names ?? [];
const counts = (f: ParsedFunction): boolean => f.docstring !== null && !isTrivialDoc(f.docstring, f.name, paramNames(f));

/**
 * JSDoc lines with a tag's text below the tag (`@throws {Error}` / `If …`, the layout of
 * `@homer0/prettier-plugin-jsdoc`; set 36) joined into one line per tag, as if written on the
 * tag's line: the bare tag is no entry without text, and a code span the formatter broke across
 * lines is one span (CommonMark's code spans may hold line endings).
 */
function joinTagText(lines: readonly string[]): string[] {
  const out: string[] = [];
  const body = (l: string): string => l.trim().replace(/^\*\s?/, '');
  const bare = /^@(param|returns?|yields?|throws|exception)\b(\s+\{[^}]*\})?(\s+[\w$.[\]=]+)?\s*$/;
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i]!;
    if (/^\s*\*/.test(l) && bare.test(body(l))) {
      while (i + 1 < lines.length && /^\s*\*\s?(?!\/)\S/.test(lines[i + 1]!) && !body(lines[i + 1]!).startsWith('@'))
        l += ` ${body(lines[++i]!)}`;
    }
    out.push(l);
  }
  return out;
}

/** Description entries of a doc (markers, blank lines and bare section headings left out; wrapped lines joined). */
function descriptionLines(lines: readonly string[]): string[] {
  // One entry per description, its wrapped continuation lines (indented deeper than the entry's
  // first line) joined to it: "options." alone on a continuation line restates nothing.
  const entries: { indent: number; text: string }[] = [];
  let open = false;
  for (const l of lines) {
    const body = l
      .trim()
      .replace(/^(\/\/\/|\/\/!|\/\/|\/\*\*|\*\/|\*|#|"""|''')/, '')
      .replace(/("""|'''|\*\/)$/, '');
    // C# XML doc tags are markers: `<summary>` alone says nothing; `<param name="x">text</param>` is its text
    const text = body
      .trim()
      .replace(/^<\/?(summary|remarks|returns|value)>$/, '')
      .replace(/^<(param|typeparam|exception)\s+(name|cref)="[^"]*">|^<(summary|remarks|returns|value)>/, '')
      .replace(/<\/(param|typeparam|exception|summary|remarks|returns|value)>$/, '')
      .trim();
    const indent = body.length - body.trimStart().length + (l.length - l.trimStart().length);
    // reST type fields (`:type x: WeekDay`, `:rtype: int`) give a type, not a description: markers too
    if (
      text === '' ||
      /^:(type\s+[\w.*]+|rtype|vartype\s+[\w.]+):/.test(text) ||
      /^(Args|Arguments|Parameters|Returns?|Raises|Yields|Throws|Panics|Errors|Examples?|Notes?|-+|#\s*\w+)\s*:?$/.test(text)
    ) {
      open = false;
      continue;
    }
    const last = entries[entries.length - 1];
    if (open && last && indent > last.indent) last.text += ` ${text}`;
    else entries.push({ indent, text });
    open = true;
  }
  return entries.map((e) => e.text);
}

/** Entries that cannot be right whatever the code says (the "malformed"). */
function malformedIn(lines: readonly string[], language: string): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const t = l.trim();
    if (/:\s*\.$|\s\.$|:\.:/.test(t) && !/^("""|''')?\.\.\s/.test(t)) out.push(`dangling punctuation: ${t}`);
    else if (/^(@param|@throws|@exception|:param\s+\w+:|:raises\s+\w+:)\s*\S*\s*$/.test(t.replace(/^\*\s*/, '')))
      out.push(`entry without text: ${t}`);
    else if ((t.match(/`/g)?.length ?? 0) % 2 === 1) out.push(`unbalanced backquote: ${t}`);
    else if (
      language === 'Java' &&
      /<(?!\/?(code|p|pre|b|i|em|strong|ul|ol|li|a|br|tt|table|tr|td|th)\b)|(?<![&\w])>|&(?!\w+;|#\d+;)/.test(
        t.replace(/^\*\s*/, '').replace(/\{@\w+[^}]*\}/g, ''),
      )
    )
      out.push(`raw markup character in Javadoc: ${t}`);
  }
  return out;
}

/** The rows (0-based, in the result) the change adds: the `+` lines of its unified diff. */
function addedRows(change: FileChange): { row: number; text: string }[] {
  const out: { row: number; text: string }[] = [];
  let row = -1;
  for (const l of change.diff.split('\n')) {
    const h = /^@@ -\d+(?:,\d+)? \+(\d+)/.exec(l);
    if (h) row = Number(h[1]) - 1;
    else if (row < 0 || l.startsWith('+++') || l.startsWith('---')) continue;
    else if (l.startsWith('+')) out.push({ row: row++, text: l.slice(1).replace(/\r$/, '') });
    else if (l.startsWith(' ')) row++;
  }
  return out;
}

function syntaxCheck(language: string, file: string, text: string): { tool: string; error: string | null } | null {
  if (language === 'Python') {
    const r = spawnSync('python3', ['-c', 'import ast,sys; ast.parse(open(sys.argv[1],"rb").read(), sys.argv[1])', file], {
      encoding: 'utf8',
    });
    return { tool: 'python ast.parse (py_compile syntax)', error: r.status === 0 ? null : (r.stderr.trim().split('\n').pop() ?? 'error') };
  }
  if (language === 'JavaScript') {
    const r = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
    // node --check cannot parse ES modules written as .js in a CommonJS folder; fall back to TypeScript's parser.
    if (r.status === 0) return { tool: 'node --check', error: null };
  }
  if (language === 'JavaScript' || language === 'TypeScript' || language === 'TSX') {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
    const diags = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    return {
      tool: 'TypeScript parser (syntactic diagnostics)',
      error: diags.length ? ts.flattenDiagnosticMessageText(diags[0]!.messageText, '\n') : null,
    };
  }
  if (language === 'Rust') {
    const r = spawnSync('rustfmt', ['--check', '--edition', '2021', file], { encoding: 'utf8' });
    return { tool: 'rustfmt --check', error: r.status === 0 ? null : (r.stdout + r.stderr).split('\n').slice(0, 6).join(' | ') };
  }
  // Ruby's own syntax check (sets 20–24 ran it by hand), and PHP's where PHP is installed
  if (language === 'Ruby' && hasTool('ruby')) {
    const r = spawnSync('ruby', ['-c', file], { encoding: 'utf8' });
    return { tool: 'ruby -c', error: r.status === 0 ? null : r.stderr.trim().split('\n')[0] || 'error' };
  }
  if (language === 'PHP' && hasTool('php')) {
    const r = spawnSync('php', ['-l', file], { encoding: 'utf8' });
    return { tool: 'php -l', error: r.status === 0 ? null : (r.stdout + r.stderr).trim().split('\n')[0] || 'error' };
  }
  if (language === 'Go' && hasTool('gofmt')) {
    const r = spawnSync('gofmt', ['-l', '-e', file], { encoding: 'utf8' });
    return { tool: 'gofmt -l', error: r.status === 0 && r.stdout.trim() === '' ? null : (r.stdout + r.stderr).trim() || 'error' };
  }
  return null;
}
const toolCache = new Map<string, boolean>();
function hasTool(t: string): boolean {
  if (!toolCache.has(t)) toolCache.set(t, spawnSync('sh', ['-c', `command -v ${t}`]).status === 0);
  return toolCache.get(t)!;
}

/** The source root of each Java file: its folder with the path of its `package` declaration taken off. */
function javaSourceRoots(dir: string, files: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const f of files) {
    const folder = path.dirname(path.join(dir, f));
    const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(fs.readFileSync(path.join(dir, f), 'utf8'))?.[1];
    const tail = pkg ? path.join(...pkg.split('.')) : '';
    roots.add(tail && folder.endsWith(path.sep + tail) ? folder.slice(0, -tail.length - 1) : folder);
  }
  return [...roots];
}

/** javac + doclint (HTML, syntax and `{@link}` targets: a copied link that resolves nowhere, held out set 40) on Java files, before and after: errors of the result that the original did not have. */
function javacNewErrors(beforeDir: string, afterDir: string, files: readonly string[]): string[] {
  if (!hasTool('javac') || files.length === 0) return [];
  const run = (dir: string): string[] => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'javac-'));
    const r = spawnSync(
      'javac',
      [
        '-proc:none',
        '-Xdoclint:html,syntax,reference',
        '-Xmaxerrs',
        '100000',
        '-implicit:none',
        // the files' source roots, so that a `@throws` naming a class of the same package that this
        // run did not change resolves (set C2: every "reference not found" was such a class)
        '-sourcepath',
        javaSourceRoots(dir, files).join(path.delimiter),
        '-d',
        out,
        ...files.map((f) => path.join(dir, f)),
      ],
      // in its output folder: a javac that crashes (jOOL's 20,000-line `Seq.java`) leaves a
      // `javac.<time>.args` file in its working directory
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, cwd: out },
    );
    fs.rmSync(out, { recursive: true, force: true });
    // error kinds per file, line numbers dropped (they move with the inserted docs)
    return (r.stderr.match(/^.*: error: .*$/gm) ?? []).map((l) => l.replace(dir, '').replace(/:\d+: /, ': '));
  };
  const before = run(beforeDir);
  const after = run(afterDir);
  const left = new Map<string, number>();
  for (const e of before) left.set(e, (left.get(e) ?? 0) + 1);
  const fresh: string[] = [];
  for (const e of after) {
    const n = left.get(e) ?? 0;
    if (n > 0) left.set(e, n - 1);
    else fresh.push(e);
  }
  return fresh;
}

function mulberry32(a: number): () => number {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

for (const checkout of args) {
  const repo = path.basename(path.resolve(checkout));
  const started = performance.now();
  const result = await generateRepository(checkout, { explain: true });
  const seconds = (performance.now() - started) / 1000;
  const work = path.join(outDir, repo);
  fs.rmSync(work, { recursive: true, force: true });
  execFileSync('git', ['clone', '-q', path.resolve(checkout), work]);
  for (const c of result.changes) fs.writeFileSync(path.join(work, c.path), c.after);
  const changed = new Map(result.changes.map((c) => [c.path, c]));
  // Before/after over every non-test source file of the checkout.
  const files = execFileSync('git', ['-C', work, 'ls-files'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((f) => f && languageOfPath(f) && !isTestFile(f));
  for (const rel of files) {
    const language = languageOfPath(rel)!;
    let before: string;
    try {
      before = fs.readFileSync(path.join(checkout, rel), 'utf8');
    } catch {
      continue;
    }
    const after = changed.get(rel)?.after ?? before;
    const fb = await extractWithTreeSitter(before, language, rel).catch(() => []);
    const fa = after === before ? fb : await extractWithTreeSitter(after, language, rel).catch(() => []);
    const f = fig(language);
    f.functions += fb.length;
    f.before += fb.filter(counts).length;
    f.trivialBefore += fb.filter((x) => x.docstring !== null && !counts(x)).length;
    f.after += fa.filter(counts).length;
  }
  for (const c of result.changes) {
    const f = fig(c.language);
    f.filesChanged++;
    const rows = addedRows(c);
    const afterFns = await extractWithTreeSitter(c.after, c.language, c.path).catch(() => []);
    const beforeFns = await extractWithTreeSitter(c.before, c.language, c.path).catch(() => []);
    const beforeLines = c.before.split(/\r?\n/);
    for (const o of c.outcomes) {
      if (o.action === 'skipped') continue;
      // the function in the result whose declaration follows the added rows of this outcome
      // overloads share a name: the one nearest the outcome's line (rows shift by the docs added above it)
      const fn = afterFns
        .filter((x) => x.name === o.name && x.docStartLine !== null)
        .sort((x, y) => Math.abs(x.startLine - o.line) - Math.abs(y.startLine - o.line))[0];
      const docRows = fn ? rows.filter((r) => r.row + 1 >= fn.docStartLine! && r.row + 1 <= Math.max(fn.docEndLine!, fn.startLine)) : [];
      // The engine's edit replaces a whole doc block; the human lines it keeps are not additions,
      // also when a one-line `/** … */` became a block and the text left the opener or the closer.
      const bare = (l: string): string =>
        l
          .trim()
          .replace(/^\/\*\*\s*/, '* ')
          .replace(/\s*\*\/$/, '')
          .trim();
      const kept = new Map<string, number>();
      const beforeFn = beforeFns
        .filter((x) => x.name === o.name && x.docstring !== null)
        .sort((x, y) => Math.abs(x.startLine - o.line) - Math.abs(y.startLine - o.line))[0];
      if (beforeFn && o.action === 'updated')
        for (const l of beforeLines.slice(beforeFn.docStartLine! - 1, beforeFn.docEndLine!))
          kept.set(bare(l), (kept.get(bare(l)) ?? 0) + 1);
      const added = docRows
        .filter((r) => {
          const n = kept.get(bare(r.text)) ?? 0;
          if (n > 0) kept.set(bare(r.text), n - 1);
          return n === 0;
        })
        .map((r) => r.text);
      const desc = descriptionLines(joinTagText(added));
      f.added++;
      f.addedLines += desc.length;
      f.restating += desc.filter((l) => isTrivialDoc(l, o.name, fn ? paramNames(fn) : [])).length;
      for (const m of malformedIn(joinTagText(added), c.language)) f.malformed.push(`${repo}/${c.path}:${o.line} ${o.name}: ${m}`);
      additions.push({
        repo,
        path: c.path,
        language: c.language,
        name: o.name,
        line: o.line,
        action: o.action,
        added,
        code: fn?.content.split('\n').slice(0, 25).join('\n') ?? '',
        sources: o.sources ?? [],
      });
    }
    const check = syntaxCheck(c.language, path.join(work, c.path), c.after);
    if (check) {
      f.checksRun.add(check.tool);
      f.checked++;
      const orig = syntaxCheck(c.language, path.join(checkout, c.path), c.before);
      if (check.error && !orig?.error) f.rejected.push(`${repo}/${c.path}: ${check.error}`);
    }
  }
  const javaFiles = result.changes.filter((c) => c.language === 'Java').map((c) => c.path);
  if (javaFiles.length) {
    const f = fig('Java');
    f.checksRun.add('javac -Xdoclint:html,syntax,reference (new errors only)');
    if (hasTool('javac')) f.checked += javaFiles.length;
    for (const e of javacNewErrors(path.resolve(checkout), work, javaFiles)) f.rejected.push(`${repo}: ${e}`);
  }
  const s = result.summary;
  console.log(
    `${repo}: ${s.documented} documented, ${s.updated} updated, ${s.files} files, ${s.needsSummary.length} need a summary, ${s.leftAlone.length} left alone, ${s.refused.length} refused (${seconds.toFixed(1)} s)`,
  );
  for (const g of s.gateFailures.slice(0, 5)) console.log(`  gate: ${g}`);
  for (const n of s.notes) console.log(`  note: ${n}`);
  // A second run on the result changes nothing.
  const again = await generateRepository(work);
  if (again.changes.length)
    console.log(
      `  SECOND RUN CHANGES ${again.changes.length} files: ${again.changes
        .map((c) => c.path)
        .slice(0, 5)
        .join(', ')}`,
    );
}

const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
console.log(
  '\n| language | functions | documented before | after | trivial before | docs added/extended | description entries | restating the name | malformed | files changed | rejected by checks | checks |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [language, f] of [...perLanguage].sort()) {
  if (f.functions === 0) continue;
  console.log(
    `| ${language} | ${f.functions} | ${f.before} (${pct(f.before, f.functions)}) | ${f.after} (${pct(f.after, f.functions)}) | ${f.trivialBefore} | ${f.added} | ${f.addedLines} | ${f.restating} (${pct(f.restating, f.addedLines)}) | ${f.malformed.length} | ${f.filesChanged} | ${f.rejected.length} of ${f.checked} | ${[...f.checksRun].join(', ') || 'none available'} |`,
  );
}
for (const f of perLanguage.values()) for (const m of [...f.malformed, ...f.rejected]) console.log(`  ${m}`);

// The seeded sample, per language, for reading by hand.
const rand = mulberry32(seed);
const byLanguage = new Map<string, Addition[]>();
for (const a of additions) byLanguage.set(a.language, [...(byLanguage.get(a.language) ?? []), a]);
for (const [language, list] of byLanguage) {
  const pool = [...list];
  const picked: Addition[] = [];
  while (pool.length && picked.length < sampleSize) picked.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  const md = picked
    .map(
      (a, i) =>
        `## ${i + 1}. ${a.repo}/${a.path}:${a.line} \`${a.name}\` (${a.action})\n\nadded:\n\`\`\`\n${a.added.join('\n')}\n\`\`\`\nsources: ${a.sources.join('; ') || '—'}\n\ncode:\n\`\`\`\n${a.code}\n\`\`\`\n`,
    )
    .join('\n');
  fs.writeFileSync(
    path.join(outDir, `sample-${language}.md`),
    `# ${language}: ${picked.length} of ${list.length} additions (seed ${seed})\n\n${md}`,
  );
}
console.log(`\nsamples and result copies: ${outDir}`);
