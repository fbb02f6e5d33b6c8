import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { extractWithoutParser, extractWithTreeSitter } from '../src/functions/index.ts';
import { signatureFactsOf } from '../src/functions/facts-of.ts';

/**
 * Checks the Python scanner against the tree-sitter path on every .py file under the given
 * folders: each file must give identical functions, or the scanner must decline (null).
 * Usage: node --import tsx bench/compare-python-scanner.ts <dir>...
 * With FACTS=1 both also record signature facts (parameters' annotations and defaults, return
 * type, body row), which must be equal too; the times then include them.
 */
const FACTS = process.env.FACTS === '1';
function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (name !== '.git' && name !== 'node_modules') walk(p, out);
    } else if (name.endsWith('.py') && st.size <= 1024 * 1024) out.push(p);
  }
}

const files: string[] = [];
for (const dir of process.argv.slice(2)) walk(dir, files);
let same = 0;
let declined = 0;
let differ = 0;
let functions = 0;
let scanMs = 0;
let treeMs = 0;
const declinedFiles: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: false }).decode(readFileSync(file));
  } catch {
    continue;
  }
  if (text.includes('\0')) text = text.replace(/\0/g, ' ');
  let t0 = performance.now();
  // As extractFunctions runs the scanner (`@overload` stubs left out, as tree-sitter's path does).
  const scanned = extractWithoutParser(text, 'Python', { signatureFacts: FACTS });
  scanMs += performance.now() - t0;
  t0 = performance.now();
  const reference = await extractWithTreeSitter(text, 'Python', file, { signatureFacts: FACTS });
  treeMs += performance.now() - t0;
  if (scanned === null) {
    declined++;
    declinedFiles.push(file);
    continue;
  }
  const withFacts = (fns: typeof reference): unknown => (FACTS ? fns.map((fn) => ({ ...fn, facts: signatureFactsOf.get(fn) })) : fns);
  const a = JSON.stringify(withFacts(scanned));
  const b = JSON.stringify(withFacts(reference));
  if (a === b) {
    same++;
    functions += scanned.length;
    continue;
  }
  differ++;
  if (differ <= 8) {
    console.log(`DIFFERS ${file}`);
    const n = Math.max(scanned.length, reference.length);
    let shown = 0;
    for (let i = 0; i < n && shown < 2; i++) {
      const x = JSON.stringify(scanned[i] && withFacts([scanned[i]!]));
      const y = JSON.stringify(reference[i] && withFacts([reference[i]!]));
      if (x !== y) {
        shown++;
        console.log('  scanner:    ', x?.slice(0, 600));
        console.log('  tree-sitter:', y?.slice(0, 600));
      }
    }
  }
}
console.log(
  JSON.stringify({ files: files.length, same, declined, differ, functions, scanMs: Math.round(scanMs), treeSitterMs: Math.round(treeMs) }),
);
if (process.env.SHOW_DECLINED) console.log(declinedFiles.join('\n'));
process.exitCode = differ > 0 ? 1 : 0;
