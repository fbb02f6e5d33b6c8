#!/usr/bin/env node
/**
 * Oracle for JS/TS doc attachment: TypeScript's own `ts.getJSDocCommentsAndTags` (what the
 * compiler, TypeDoc and editors use) against Docent's "documented", function by function.
 *
 *   node packages/analyzer/oracles/typescript/compare.mjs <analysis.json> <repo dir>
 *
 * <analysis.json> is `npx docent analyze <repo dir> --json --only basicDoc --no-git-history`.
 * A Docent function is matched to the TypeScript function node that starts on the same line
 * (the declaration, or the statement holding `x.y = function…` / `const f = () => …`).
 * Prints agreement and every disagreement with its location.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const [reportPath, repo] = process.argv.slice(2);
if (!reportPath || !repo) {
  console.error('usage: compare.mjs <analysis.json> <repo dir>');
  process.exit(2);
}
const { functions } = JSON.parse(readFileSync(reportPath, 'utf8'));
const JS = /\.(m|c)?(j|t)sx?$/;

/** Every function-like node of a file, keyed by the lines its declaration can be said to start on. */
function tsFunctions(file) {
  const text = readFileSync(path.join(repo, file), 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.(m|c)?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const byLine = new Map();
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.kind !== ts.SyntaxKind.CallSignature && node.kind !== ts.SyntaxKind.FunctionType) {
      const documented = ts.getJSDocCommentsAndTags(node).some((d) => ts.isJSDoc(d));
      // the statement a function expression belongs to: `a.b = function…;`, `const f = () => …;`
      let host = node;
      while (
        host.parent &&
        !ts.isSourceFile(host.parent) &&
        !ts.isBlock(host.parent) &&
        !ts.isClassLike(host.parent) &&
        !ts.isObjectLiteralExpression(host.parent) &&
        !ts.isFunctionLike(host.parent)
      )
        host = host.parent;
      for (const line of new Set([lineOf(node.getStart(sf)), lineOf(host.getStart(sf))])) {
        if (!byLine.has(line)) byLine.set(line, { documented, kind: ts.SyntaxKind[node.kind] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return byLine;
}

const cache = new Map();
let compared = 0;
let agree = 0;
let unmatched = 0;
let documentedByTs = 0;
const disagreements = [];
for (const f of functions) {
  if (!JS.test(f.fileName)) continue;
  if (!cache.has(f.fileName)) cache.set(f.fileName, tsFunctions(f.fileName));
  const start = Number(/#L(\d+)/.exec(f.gitLocation)?.[1]);
  const theirs = cache.get(f.fileName).get(start);
  if (!theirs) {
    unmatched += 1;
    continue;
  }
  compared += 1;
  if (theirs.documented) documentedByTs += 1;
  const ours = f.docstring !== null && f.docstring !== undefined && f.docstring !== '';
  if (ours === theirs.documented) agree += 1;
  else
    disagreements.push(
      `${f.gitLocation} ${f.name}: Docent ${ours ? 'documented' : 'undocumented'}, TypeScript ${theirs.documented ? 'documented' : 'undocumented'} (${theirs.kind})`,
    );
}
console.log(
  `functions compared: ${compared} (not matched to a TypeScript node: ${unmatched}); documented according to TypeScript: ${documentedByTs}`,
);
console.log(`agreement on "documented": ${agree}/${compared} = ${((100 * agree) / Math.max(1, compared)).toFixed(1)} %`);
for (const d of disagreements) console.log(`  ${d}`);
