import path from 'node:path';
import type { BlockContent } from 'mdast';
import YAML from 'yaml';
import { README_FILE, type RepositoryFacts, type SourceFile } from '../facts/index.ts';
import type { DataEntity } from '../facts/models.ts';
import { code, heading, paragraph, source, type Inline } from './blocks.ts';

/**
 * The overview a newcomer reads first (docs/docgen-arch-api.md, "Overview"): what the system is
 * and how a request reaches it, as short sentences built only from facts read in the files —
 * the README's opening paragraph, the docs the packages give themselves, the routes per file
 * that declares them, the data model, the entry points and deployables. Every sentence cites the
 * `path:line` it stands on, and each citation carries the text that must be on that line
 * (`evidence`), so a test can check the sentence against the file. Nothing is inferred from a
 * name: a folder without a doc of its own gets no sentence.
 */
export interface OverviewSentence {
  section: OverviewSection;
  parts: Inline[];
  cites: Array<{ file: string; line: number; evidence: string }>;
}

export type OverviewSection = 'What it is' | 'Its parts' | 'How a request arrives' | 'Data model' | 'How it runs';
const SECTIONS: readonly OverviewSection[] = ['What it is', 'Its parts', 'How a request arrives', 'Data model', 'How it runs'];

/**
 * Files under an examples folder: listed apart from the system's own routes and entry points. A
 * JVM package named so (`src/main/java/org/springframework/samples/petclinic/…`) is the code's
 * namespace, not a folder of examples: what follows a source root is not looked at.
 */
export const isExample = (rel: string): boolean =>
  /(?:^|\/)(?:examples?|samples?|demos?)\//i.test(rel.replace(/(^|\/)src\/(?:main|test)\/(?:java|kotlin|scala|groovy)\/.*$/, '$1'));

const MAX_PARTS = 8;
const MAX_ROUTE_FILES = 8;
const MAX_ENTITIES = 12;
const MAX_QUOTE = 360;

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The first sentence of a text (up to MAX_QUOTE characters, cut at a word). */
function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(?:\s|$)/.exec(text);
  const s = (m ? m[1]! : text).trim();
  return s.length <= MAX_QUOTE ? s : `${s.slice(0, s.lastIndexOf(' ', MAX_QUOTE))} …`;
}

/** Markdown / RST inline markup taken out of a quoted line: links to their text, emphasis and code marks dropped. */
const plainText = (line: string): string =>
  line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]+)`_?/g, '$1')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2')
    .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();

/** The README's opening paragraph: the first run of prose lines (headings, badges, HTML, directives and front matter skipped). */
export function readmeOpening(file: SourceFile): { text: string; line: number; evidence: string } | null {
  const lines = file.text.split('\n');
  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) i = end + 1;
  }
  for (; i < lines.length; i++) {
    const l = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    const skip =
      l === '' ||
      /^#/.test(l) ||
      /^[=\-~^*#`:.'"+_]{3,}$/.test(l) ||
      /^[=\-~^]{3,}$/.test(next) ||
      /^(?:\[!\[|!\[|<|\.\.\s|\||>|```|- |\* |\d+\. |:[\w-]+:)/.test(l) ||
      plainText(l).length < 12;
    if (skip) continue;
    const para: string[] = [];
    for (let j = i; j < lines.length && lines[j]!.trim() !== '' && !/^(?:#|```|<)/.test(lines[j]!.trim()); j++) para.push(lines[j]!.trim());
    const text = firstSentence(plainText(para.join(' ')));
    if (text.length < 12) continue;
    // The evidence: the opening words as they stand on the first line.
    const evidence = l.split(/\s+/).slice(0, 3).join(' ');
    return { text, line: i + 1, evidence };
  }
  return null;
}

/** A package's own doc: package.json `description`, a Python package's `__init__.py` docstring, a Go `// Package x …` comment. */
function packageDocs(
  sources: readonly SourceFile[],
  projectFiles: readonly SourceFile[],
): Array<{ dir: string; file: string; line: number; text: string; evidence: string }> {
  const out: Array<{ dir: string; file: string; line: number; text: string; evidence: string }> = [];
  const seen = new Set<string>();
  const add = (dir: string, file: string, line: number, raw: string): void => {
    const text = firstSentence(plainText(raw));
    if (seen.has(dir) || text.length < 8) return;
    seen.add(dir);
    out.push({ dir, file, line, text, evidence: raw.trim().split(/\s+/).slice(0, 3).join(' ') });
  };
  for (const f of projectFiles) {
    if (!/(?:^|\/)package\.json$/.test(f.rel) || /(?:^|\/)node_modules\//.test(f.rel)) continue;
    const m = /^\s*"description"\s*:\s*"((?:[^"\\]|\\.)*)"/m.exec(f.text);
    if (m) add(path.posix.dirname(f.rel), f.rel, lineOf(f.text, m.index + m[0].indexOf('"description"')), m[1]!.replace(/\\(.)/g, '$1'));
  }
  for (const f of sources) {
    if (isExample(f.rel)) continue;
    if (f.language === 'Python' && /(?:^|\/)__init__\.py$/.test(f.rel)) {
      const m = /^(?:\s*#[^\n]*\n|\s*\n)*\s*[rRuU]?("""|''')\s*([\s\S]*?)\1/.exec(f.text);
      const body = m?.[2]?.trim();
      if (m && body) {
        const firstPara = body.split(/\n\s*\n/)[0]!;
        const at = m.index + m[0].indexOf(body.split('\n')[0]!);
        add(path.posix.dirname(f.rel), f.rel, lineOf(f.text, at), firstPara);
      }
    } else if (f.language === 'Go') {
      // A generated file's comment (`// Code generated by MockGen. DO NOT EDIT.`) is the generator's, not the package's own word.
      if (/^\/\/.*\bCode generated\b.*\bDO NOT EDIT\b/m.test(f.text)) continue;
      const m = /^\/\/ (Package \w+ [^\n]*(?:\n\/\/ [^\n]+)*)\n(?:\/\/[^\n]*\n)*package \w+/m.exec(f.text);
      if (m) add(path.posix.dirname(f.rel), f.rel, lineOf(f.text, m.index), m[1]!.replace(/\n\/\/ /g, ' '));
    }
  }
  // Shallow packages first (the system's parts before their sub-packages), then by path.
  return out.sort((a, b) => a.dir.split('/').length - b.dir.split('/').length || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}

/** Procfile process lines, Dockerfile `CMD` / `ENTRYPOINT`, a Compose service's `command` / `entrypoint`, package.json's `start` script: what a deployment runs. */
function deployables(projectFiles: readonly SourceFile[]): Array<{ file: string; line: number; what: string; evidence: string }> {
  const out: Array<{ file: string; line: number; what: string; evidence: string }> = [];
  for (const f of projectFiles) {
    if (isExample(f.rel)) continue;
    const lines = f.text.split('\n');
    if (/(?:^|\/)Procfile$/.test(f.rel))
      lines.forEach((l, i) => {
        if (/^[\w-]+:\s*\S/.test(l)) out.push({ file: f.rel, line: i + 1, what: l.trim(), evidence: l.trim() });
      });
    else if (/(?:^|\/)(?:Dockerfile(?:\.[\w.-]+)?|[^/]*\.Dockerfile)$/.test(f.rel)) {
      // The last CMD / ENTRYPOINT of the file is the one the image runs.
      let last: { file: string; line: number; what: string; evidence: string } | null = null;
      lines.forEach((l, i) => {
        if (!/^\s*(?:CMD|ENTRYPOINT)\s+\S/i.test(l)) return;
        // An instruction continued over lines (`\` at the end) is read whole.
        let what = l.trim();
        for (let j = i + 1; what.endsWith('\\') && j < lines.length; j++) what = `${what.slice(0, -1).trimEnd()} ${lines[j]!.trim()}`;
        last = { file: f.rel, line: i + 1, what, evidence: l.trim() };
      });
      if (last) out.push(last);
    } else if (/(?:^|\/)package\.json$/.test(f.rel) && !/(?:^|\/)node_modules\//.test(f.rel)) {
      // `npm start` runs the `start` script: the conventional way to run a Node application.
      let start: unknown;
      try {
        start = (JSON.parse(f.text) as { scripts?: Record<string, unknown> }).scripts?.start;
      } catch {
        continue;
      }
      const at = lines.findIndex((l) => /^\s*"start"\s*:/.test(l));
      if (typeof start === 'string' && at >= 0)
        out.push({ file: f.rel, line: at + 1, what: `npm start: ${start}`, evidence: lines[at]!.trim() });
    } else if (/(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/.test(f.rel)) {
      // A Compose service's `command:` / `entrypoint:` replaces its image's CMD / ENTRYPOINT.
      let doc: unknown;
      try {
        doc = YAML.parse(f.text, { maxAliasCount: 100 });
      } catch {
        continue;
      }
      const services = (doc as { services?: unknown } | null)?.services;
      if (!services || typeof services !== 'object') continue;
      for (const [name, service] of Object.entries(services as Record<string, unknown>)) {
        if (!service || typeof service !== 'object') continue;
        for (const key of ['entrypoint', 'command'] as const) {
          const value = (service as Record<string, unknown>)[key];
          const what = Array.isArray(value) ? value.map(String).join(' ') : typeof value === 'string' ? value : null;
          if (what === null || what.trim() === '') continue;
          // The key's line below the service's own line.
          const own = lines.findIndex((l) => new RegExp(String.raw`^\s+${name.replace(/[^\w-]/g, '')}\s*:\s*$`).test(l));
          const at = lines.findIndex((l, i) => i > own && new RegExp(String.raw`^\s+${key}\s*:`).test(l));
          if (own < 0 || at < 0) continue;
          out.push({ file: f.rel, line: at + 1, what: `${name}: ${what.replace(/\s+/g, ' ').trim()}`, evidence: lines[at]!.trim() });
        }
      }
    }
  }
  return out;
}

/**
 * Whether the deployment files name an entry point's file: its path (or a tail of it) as written
 * (`app/main.py`), as a dotted module (`app.main`, `microblog:app`).
 */
function namedByDeployment(file: string, texts: readonly string[]): boolean {
  const parts = file.split('/');
  const escape = (x: string): string => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    const module = tail.replace(/\.py$/, '').replace(/\//g, '.');
    const re = new RegExp(String.raw`(?:^|[\s/"'=])(?:${escape(tail)}|${escape(module)}(?=:|\s|$|"|'))`, 'm');
    if (texts.some((t) => re.test(t))) return true;
  }
  return false;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const verb = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** The grounded sentences of the overview, in reading order. */
export function overviewSentences(
  facts: RepositoryFacts,
  sources: readonly SourceFile[],
  projectFiles: readonly SourceFile[],
  models: readonly DataEntity[],
): OverviewSentence[] {
  const out: OverviewSentence[] = [];
  const readme = projectFiles.filter((f) => README_FILE.test(f.rel)).sort((a, b) => (a.rel < b.rel ? -1 : 1))[0];
  const opening = readme ? readmeOpening(readme) : null;
  if (readme && opening)
    out.push({
      section: 'What it is',
      parts: [`The README opens: “${opening.text}”`],
      cites: [{ file: readme.rel, line: opening.line, evidence: opening.evidence }],
    });

  for (const doc of packageDocs(sources, projectFiles).slice(0, MAX_PARTS))
    out.push({
      section: 'Its parts',
      parts: [code(doc.dir === '.' ? '(top level)' : doc.dir), ` says of itself: “${doc.text}”`],
      cites: [{ file: doc.file, line: doc.line, evidence: doc.evidence }],
    });

  const own = facts.routes.filter((r) => !isExample(r.file));
  const examples = facts.routes.filter((r) => isExample(r.file));
  const byFile = new Map<string, RepositoryFacts['routes']>();
  for (const r of own) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const files = [...byFile].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  for (const [file, routes] of files.slice(0, MAX_ROUTE_FILES)) {
    const first = [...routes].sort((a, b) => a.line - b.line)[0]!;
    const prefix = commonPrefix(routes.map((r) => r.path));
    const shown = routes.slice(0, 3).map((r) => `${r.method} ${r.path}`);
    // Paths behind a prefix the code leaves to run time (`path: options.prefix + 'tags'`) say so.
    const open = routes.find((r) => !r.resolved);
    out.push({
      section: 'How a request arrives',
      parts: [
        code(file),
        ` declares ${plural(routes.length, `${first.framework} route`)}`,
        ...(prefix && prefix !== '/' ? [' under ', code(prefix)] : []),
        // What these docs know, not a claim about the code: a prefix built from constants they do not read is no run-time value.
        ...(open ? [', after a prefix these docs do not resolve (', code(open.unresolvedPrefix ?? open.file), ')'] : []),
        ': ',
        ...shown.flatMap((s, i) => [...(i ? [', '] : []), code(s)]),
        routes.length > shown.length ? ` and ${routes.length - shown.length} more` : '',
      ],
      cites: [{ file, line: first.line, evidence: '' }],
    });
  }
  if (files.length > MAX_ROUTE_FILES) {
    const rest = files.slice(MAX_ROUTE_FILES);
    const first = rest[0]![1][0]!;
    const more = rest.reduce((n, [, r]) => n + r.length, 0);
    out.push({
      section: 'How a request arrives',
      parts: [
        `${plural(more, 'more route')} ${more === 1 ? 'is' : 'are'} declared in ${plural(rest.length, 'other file')}, the first in `,
        code(rest[0]![0]),
      ],
      cites: [{ file: first.file, line: first.line, evidence: '' }],
    });
  }
  if (examples.length > 0) {
    const first = examples[0]!;
    out.push({
      section: 'How a request arrives',
      parts: [
        `${plural(examples.length, 'route')} ${verb(examples.length, 'belongs', 'belong')} to examples, not to the system itself, the first in `,
        code(first.file),
      ],
      cites: [{ file: first.file, line: first.line, evidence: '' }],
    });
  }

  const current = models.filter((e) => !isExample(e.file));
  if (current.length > 0) {
    const shown = current.slice(0, MAX_ENTITIES);
    for (const e of shown)
      out.push({
        section: 'Data model',
        parts: [
          code(e.className ?? e.name),
          ` (${e.kind}) has ${plural(e.fields.length, 'field')}`,
          e.relations.length > 0
            ? ` and points at ${e.relations
                .map((r) => r.to)
                .filter((v, i, a) => a.indexOf(v) === i)
                .join(', ')}`
            : '',
        ],
        cites: [{ file: e.file, line: e.line, evidence: e.className ?? e.name }],
      });
    if (current.length > shown.length) {
      const e = current[shown.length]!;
      out.push({
        section: 'Data model',
        parts: [
          `${plural(current.length - shown.length, 'more entity', 'more entities')} ${verb(current.length - shown.length, 'follows', 'follow')}, the first `,
          code(e.className ?? e.name),
        ],
        cites: [{ file: e.file, line: e.line, evidence: e.className ?? e.name }],
      });
    }
  }

  // Shallow files first (the repository's own `package.json` / Dockerfile before a sub-project's),
  // so the six shown are not all of one folder of per-service files.
  const depth = (rel: string): number => rel.split('/').length;
  const deployed = deployables(projectFiles).sort(
    (a, b) => depth(a.file) - depth(b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line),
  );
  // A Python script with a `__main__` guard that the deployment files (which exist) do not name is
  // a script of its own (a seed, a utility), not where the system starts.
  const deployTexts = deployed.length > 0 ? projectFiles.filter((f) => deployed.some((d) => d.file === f.rel)).map((f) => f.text) : [];
  // A program under a helpers folder (`scripts/generate_key.go`, `tools/`, `hack/`) beside one outside
  // it is a helper of its own, not where the system starts.
  // A program a test loads (`plugin/testing/broken/main.go`, `testdata/`, `fixtures/`) is no start of the system either.
  const starts = facts.entryPoints.filter((e) => !isExample(e.file) && !/(?:^|\/)(?:testing|testdata|fixtures?|mocks?)\//.test(e.file));
  const helper = (rel: string): boolean => /(?:^|\/)(?:scripts?|tools|hack)\//.test(rel);
  // A system that serves routes starts where its server does, even when no program of its own has a `main`.
  const hasMain = starts.some((e) => !helper(e.file)) || facts.routes.length > 0;
  // The folders the deployment builds (`build: ./service/bulletin`, `context: api`): when a program lies under one,
  // a program under none (a library module's own `main`) is not where the system starts.
  const built = projectFiles
    .filter((f) => /(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/.test(f.rel))
    .map((f) => f.text)
    .flatMap((t) => [...t.matchAll(/^\s*(?:build|context)\s*:\s*["']?(?:\.\/)?([\w./-]*?)\/?["']?\s*$/gm)].map((m) => m[1]!))
    .filter((d) => d !== '' && d !== '.');
  const underBuilt = (rel: string): boolean => built.some((d) => rel.startsWith(`${d}/`));
  const unbuilt = (rel: string): boolean => built.length > 0 && starts.some((e) => underBuilt(e.file)) && !underBuilt(rel);
  for (const p of starts.slice(0, 6))
    out.push({
      section: 'How it runs',
      parts:
        hasMain && helper(p.file)
          ? [code(p.file), ` is a helper program of its own (${p.kind}), not where the system starts`]
          : p.kind === 'python __main__' && deployTexts.length > 0 && !namedByDeployment(p.file, deployTexts)
            ? [code(p.file), ` also runs on its own (${p.kind}); the deployment files do not name it`]
            : p.kind !== 'python __main__' && unbuilt(p.file)
              ? [code(p.file), ` also runs on its own (${p.kind}); the deployment files do not build it`]
              : ['It starts at ', code(p.file), ` (${p.kind})`],
      cites: [{ file: p.file, line: p.line, evidence: '' }],
    });
  for (const d of deployed.slice(0, 6))
    out.push({
      section: 'How it runs',
      parts: [code(d.file), ' runs ', code(d.what)],
      cites: [{ file: d.file, line: d.line, evidence: d.evidence }],
    });
  const exampleStarts = facts.entryPoints.filter((e) => isExample(e.file));
  if (exampleStarts.length > 0)
    out.push({
      section: 'How it runs',
      parts: [
        `${plural(exampleStarts.length, 'example program')} ${verb(exampleStarts.length, 'starts', 'start')} on ${verb(exampleStarts.length, 'its', 'their')} own (not the system's entry points), the first `,
        code(exampleStarts[0]!.file),
      ],
      cites: [{ file: exampleStarts[0]!.file, line: exampleStarts[0]!.line, evidence: '' }],
    });
  return out;
}

function commonPrefix(paths: readonly string[]): string {
  if (paths.length < 2) return '';
  const split = paths.map((p) => p.split('/'));
  const out: string[] = [];
  for (let i = 0; split.every((s) => i < s.length && s[i] === split[0]![i]); i++) out.push(split[0]![i]!);
  return out.join('/');
}

/** The overview as blocks under an "Overview" heading: a sub-heading per section with facts, each sentence followed by its citations. */
export function overviewBlocks(sentences: readonly OverviewSentence[], depth: 2 | 3 = 2): BlockContent[] {
  const blocks: BlockContent[] = [];
  for (const section of SECTIONS) {
    const here = sentences.filter((s) => s.section === section);
    if (here.length === 0) continue;
    blocks.push(heading(depth, section));
    for (const s of here)
      blocks.push(
        paragraph(
          ...s.parts.filter((p) => p !== ''),
          ' (',
          ...s.cites.flatMap((c, i) => [...(i ? [', '] : []), source(c.file, c.line)]),
          ').',
        ),
      );
  }
  if (blocks.length === 0)
    blocks.push(paragraph('No README, package doc, route, model or entry point was found to describe the system from.'));
  return blocks;
}
