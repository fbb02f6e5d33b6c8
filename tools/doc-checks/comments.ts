/**
 * The comments of the project's own source files, found with TypeScript's scanner through the
 * syntax tree (so a `//` inside a string, a template or a regular expression is no comment).
 * Used by comment-references.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The folders whose source the project writes; dependencies, builds and fixture repositories are not ours. */
export const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'tools'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', 'fixtures']);
const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const STYLE_FILE = /\.css$/;

/** Every stylesheet under the given folders, as a path relative to the repository root with `/`. */
export function styleFiles(dirs: readonly string[] = SOURCE_DIRS, root = ROOT): string[] {
  return sourceFiles(dirs, root, STYLE_FILE);
}

/** Every source file under the given folders, as a path relative to the repository root with `/`. */
export function sourceFiles(dirs: readonly string[] = SOURCE_DIRS, root = ROOT, pattern = SOURCE_FILE): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path.join(dir, e.name));
      } else if (pattern.test(e.name) && !e.name.endsWith('.d.ts')) {
        out.push(path.relative(root, path.join(dir, e.name)).split(path.sep).join('/'));
      }
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return out.sort();
}

export interface Comment {
  /** 1-based line of the comment's first character */
  line: number;
  start: number;
  end: number;
  text: string;
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Every comment of a source text, each once, in the order written. */
export function commentsOf(fileName: string, text: string): Comment[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const seen = new Map<number, Comment>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.set(r.pos, { line: sf.getLineAndCharacterOfPosition(r.pos).line + 1, start: r.pos, end: r.end, text: text.slice(r.pos, r.end) });
    }
  };
  // Every comment is trivia before some token (the end-of-file token included); JSX text has none.
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    if (node.kind < ts.SyntaxKind.FirstNode || node.kind === ts.SyntaxKind.EndOfFileToken) {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
      return;
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  // a `#!` line is no comment
  add(ts.getLeadingCommentRanges(text, ts.getShebang(text)?.length ?? 0));
  visit(sf);
  return [...seen.values()].sort((a, b) => a.start - b.start);
}

/** The functions whose first argument is a test's or a group's title (also as `it.skip`, `test.describe`, `test.step`…). */
const TEST_FUNCTIONS = new Set(['it', 'test', 'describe']);

function calleeRoot(node: ts.Expression): string | null {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return calleeRoot(node.expression);
  return null;
}

/**
 * The titles of a source text's tests and groups: the first argument of every call to `it`,
 * `test` or `describe` (or a member of them) when it is a string or a template, as written.
 */
export function testTitlesOf(fileName: string, text: string): Comment[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const out: Comment[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const root = calleeRoot(node.expression);
      const title = node.arguments[0];
      if (root !== null && TEST_FUNCTIONS.has(root) && title && (ts.isStringLiteralLike(title) || ts.isTemplateExpression(title))) {
        const start = title.getStart(sf);
        out.push({ line: sf.getLineAndCharacterOfPosition(start).line + 1, start, end: title.end, text: title.getText(sf) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every comment of a stylesheet (`/* … *\/`; CSS has no line comments). */
export function cssCommentsOf(text: string): Comment[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({
    line: text.slice(0, m.index).split('\n').length,
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
  }));
}

export function readSource(file: string, root = ROOT): string {
  return readFileSync(path.join(root, file), 'utf8');
}
