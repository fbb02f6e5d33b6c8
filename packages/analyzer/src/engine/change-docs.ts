/**
 * Documentation coverage of a change (a pull request): the functions of one file that the change
 * added or touched, each judged with the analyzer's own rules — documented or not, and for a
 * documented function whether its doc is outdated: the signature-versus-doc rule (judgeDoc) on
 * the new version, and the contract rule of the history pass (contractChanges) between the
 * version before the change and after it, when the change touched the code but not its doc.
 */
import type { DocFinding } from '@docent/contracts';
import { extractFunctions, type ParsedFunction } from '../functions/index.ts';
import { contractChanges, contractOf, raisesInText } from '../functions/contract.ts';
import { describeFinding } from '../functions/findings.ts';
import { parseDocstring } from '../docstyles/index.ts';
import { isTrivialDoc } from '../functions/trivial-doc.ts';
import { docNoun } from './entries.ts';
import { isTestFile } from './test-files.ts';

export interface ChangedFunction {
  name: string;
  /** 1-based lines in the new version */
  startLine: number;
  endLine: number;
  /** added by the change (no function of that name and kind before) */
  added: boolean;
  /** documented with a doc that says more than the name (a trivial doc does not count: docs/metrics/functions.md) */
  documented: boolean;
  /** documented, but the doc only restates the name (functions/trivial-doc.ts); absent otherwise */
  trivialDoc?: true;
  /** documented, and the doc states something the changed code contradicts */
  outdated: boolean;
  /** why it is outdated, in words */
  reasons: string[];
  findings: DocFinding[];
}

export interface ChangeDocsInput {
  path: string;
  language: string;
  /** the file before the change; null when the change adds it */
  before: string | null;
  after: string;
  /** 1-based lines of the new version the change added or modified */
  changedLines: ReadonlySet<number>;
}

const touches = (
  fn: Pick<ParsedFunction, 'startLine' | 'endLine' | 'docStartLine' | 'docEndLine'>,
  lines: ReadonlySet<number>,
): boolean => {
  const from = Math.min(fn.startLine, fn.docStartLine ?? fn.startLine);
  const to = Math.max(fn.endLine, fn.docEndLine ?? fn.endLine);
  for (const l of lines) if (l >= from && l <= to) return true;
  return false;
};

/** The body lines of a function, without its doc lines (a change to the doc alone is not a code change). */
function codeLinesTouched(fn: ParsedFunction, lines: ReadonlySet<number>): boolean {
  for (const l of lines) {
    if (l < fn.startLine || l > fn.endLine) continue;
    if (fn.docStartLine !== null && fn.docEndLine !== null && l >= fn.docStartLine && l <= fn.docEndLine) continue;
    return true;
  }
  return false;
}

/** A history finding's sentence with "this change" as the moment it happened. */
function describeInChange(f: DocFinding, noun: string): string {
  const p = f.params;
  const q = (s: string | undefined) => `'${s ?? ''}'`;
  switch (f.code) {
    case 'PARAM_ADDED_UNDOCUMENTED':
      return `Parameter ${q(p.name)} was added by this change and the ${noun} does not describe it.`;
    case 'RAISE_REMOVED_STILL_DOCUMENTED':
      return `The ${noun} says it raises ${q(p.type)}, which the function no longer raises after this change.`;
    case 'RAISE_ADDED_UNDOCUMENTED':
      return `The function raises ${q(p.type)} after this change; its ${noun} lists what it raises, but not this.`;
    case 'DEFAULT_CHANGED_DOC_STATES_OLD':
      return `The default of ${q(p.name)} changed from ${p.old} to ${p.new} in this change; the ${noun} still says ${p.old}.`;
    default:
      return describeFinding(f, noun);
  }
}

/**
 * The public functions of a changed file that the change added or touched (test files and
 * in-source test functions give none), judged as above. Functions are matched by name (the first unmatched
 * one of that name, in file order).
 */
export async function documentationOfChange(input: ChangeDocsInput): Promise<ChangedFunction[]> {
  if (isTestFile(input.path)) return [];
  // The analyzer's own extraction (its fast scanner where it applies, else tree-sitter).
  const after = await extractFunctions(input.after, input.language, input.path);
  const before = input.before === null ? [] : await extractFunctions(input.before, input.language, input.path);
  const pool = new Map<string, ParsedFunction[]>();
  for (const fn of before) pool.set(fn.name, [...(pool.get(fn.name) ?? []), fn]);
  const noun = docNoun(input.language);
  const out: ChangedFunction[] = [];
  for (const fn of after) {
    const previous = pool.get(fn.name)?.shift() ?? null;
    if (fn.scope !== 'public' || fn.isTest) continue; // in-source tests (Rust #[test], JUnit @Test) are test code too
    const added = previous === null;
    if (!added && !touches(fn, input.changedLines)) continue;
    const hasDoc = !!fn.docstring && fn.docstring.trim() !== '';
    // The change's coverage counts docs as the documented share does: a trivial one is not documentation.
    const trivialDoc = hasDoc && isTrivialDoc(fn.docstring!, fn.name, fn.docFacts?.signature?.names ?? []);
    const documented = hasDoc && !trivialDoc;
    const findings: DocFinding[] = [];
    const reasons: string[] = [];
    if (hasDoc && fn.outdated.status === 'OUTDATED') {
      reasons.push(fn.outdated.explanation);
      findings.push(...(fn.outdated.findings ?? []));
    }
    // The code changed, the doc did not: does the new contract contradict what the doc says?
    if (
      hasDoc &&
      previous?.docstring &&
      previous.docstring === fn.docstring &&
      previous.docFacts &&
      fn.docFacts &&
      codeLinesTouched(fn, input.changedLines)
    ) {
      const summary = parseDocstring(fn.docstring!, input.language);
      const then = contractOf(previous.content, previous.name, input.language, previous.docFacts.signature, previous.docFacts.returns);
      const now = contractOf(fn.content, fn.name, input.language, fn.docFacts.signature, fn.docFacts.returns);
      const changes = contractChanges(
        then,
        now,
        { text: fn.docstring!, params: summary.params, documentsReturn: summary.documentsReturn },
        () => raisesInText(input.after, input.language),
      );
      for (const f of changes.outdated) {
        findings.push(f);
        reasons.push(describeInChange(f, noun));
      }
    }
    out.push({
      name: fn.name,
      startLine: fn.startLine,
      endLine: fn.endLine,
      added,
      documented,
      ...(trivialDoc ? { trivialDoc: true as const } : {}),
      outdated: findings.length > 0 || reasons.length > 0,
      reasons: [...new Set(reasons.filter(Boolean))],
      findings,
    });
  }
  return out;
}
