import { coverageOf, type ChangeReport } from './change.ts';

/** Marks Docent's own comment on a pull request: found again on the next push and edited in place. */
export const COMMENT_MARKER = '<!-- docent:pr-insights -->';
/** The status / check name on the commit. */
export const STATUS_CONTEXT = 'docent/documentation';

/** What Docent's status on a commit says: running, the verdict, or that the check could not finish. */
export interface CommitState {
  state: 'pending' | 'success' | 'failure' | 'error';
  /** the status line, under 140 characters (GitHub's limit) */
  description: string;
}

export interface Verdict extends CommitState {
  state: 'success' | 'failure';
}

/** The status while the check runs, and when it could not finish (failed or cancelled). */
export const PENDING_STATE: CommitState = { state: 'pending', description: 'Docent is checking the documentation of this change' };
export const ERROR_STATE: CommitState = { state: 'error', description: 'Docent could not finish checking this change' };
export const CANCELLED_STATE: CommitState = { state: 'error', description: 'The documentation check was cancelled' };

/** Pass/fail by the repository's threshold; no threshold (off) always passes. */
export function verdictOf(report: Pick<ChangeReport, 'functions'>, failUnder: number | null): Verdict {
  const coverage = coverageOf(report);
  const documented = report.functions.filter((f) => f.documented).length;
  const figure =
    coverage === null
      ? 'no changed public functions'
      : `${coverage}% of changed functions documented (${documented}/${report.functions.length})`;
  if (failUnder === null) return { state: 'success', description: `${figure}; no threshold set` };
  if (coverage === null || coverage >= failUnder) return { state: 'success', description: `${figure}; threshold ${failUnder}%` };
  return { state: 'failure', description: `${figure}; below the threshold of ${failUnder}%` };
}

const esc = (text: string) => text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/**
 * The pull-request comment, Codecov-like: the change's documentation coverage, a table of the
 * changed functions, docs made outdated, README links broken by the change, and where the
 * suggested docstrings are. `suggestionsWhere` says how they were delivered.
 */
export function renderComment(report: ChangeReport, verdict: Verdict, failUnder: number | null, suggestionsWhere: string | null): string {
  const coverage = coverageOf(report);
  const fns = report.functions;
  const documented = fns.filter((f) => f.documented).length;
  const outdated = fns.filter((f) => f.outdated);
  const added = fns.filter((f) => f.added);
  const lines = [COMMENT_MARKER, '## Docent: documentation of this change', ''];
  lines.push(
    coverage === null
      ? 'This change adds or modifies no public function.'
      : `**${coverage}%** of the public functions this change adds or modifies are documented (${documented} of ${fns.length}; ${added.length} new).`,
  );
  lines.push('');
  const icon = verdict.state === 'success' ? '✅' : '❌';
  lines.push(
    failUnder === null
      ? `${icon} Check: passes (no threshold set).`
      : `${icon} Check: ${verdict.state === 'success' ? 'passes' : 'fails'} — threshold ${failUnder}%.`,
  );
  lines.push('');
  lines.push(
    '| | Documented | Outdated |',
    '|---|---:|---:|',
    `| Changed public functions | ${documented}/${fns.length} | ${outdated.length} |`,
    `| README links broken by this change | — | ${report.brokenLinks.length} |`,
    '',
  );
  const undocumented = fns.filter((f) => !f.documented);
  const shown = 50;
  if (undocumented.length > 0) {
    lines.push('<details><summary>Undocumented changed functions</summary>', '');
    for (const f of undocumented.slice(0, shown))
      lines.push(
        `- ${code(f.name)} in ${code(`${f.path}:${f.startLine}`)}${f.added ? ' (new)' : ''}${f.trivialDoc ? ' (its doc only restates the name)' : ''}`,
      );
    if (undocumented.length > shown) lines.push(`- … and ${undocumented.length - shown} more`);
    lines.push('', '</details>', '');
  }
  if (outdated.length > 0) {
    lines.push('<details><summary>Docs made outdated by this change</summary>', '');
    for (const f of outdated.slice(0, shown))
      lines.push(
        `- ${code(f.name)} in ${code(`${f.path}:${f.startLine}`)}: ${esc(f.reasons.join('; ') || 'the doc no longer matches the code')}`,
      );
    if (outdated.length > shown) lines.push(`- … and ${outdated.length - shown} more`);
    lines.push('', '</details>', '');
  }
  if (report.brokenLinks.length > 0) {
    lines.push('<details><summary>README links broken by this change</summary>', '');
    for (const l of report.brokenLinks.slice(0, shown)) lines.push(`- ${code(l.url)} (${code(`${l.readme}:${l.line}`)}): ${esc(l.reason)}`);
    lines.push('', '</details>', '');
  }
  if (suggestionsWhere) lines.push(suggestionsWhere, '');
  lines.push(`<sub>Commit ${report.headSha.slice(0, 12)} against ${report.mergeBase.slice(0, 12)}. Updated on every push.</sub>`);
  return lines.join('\n');
}

/** A GitHub / GitLab suggestion block: the replacement lines, fenced so a ``` inside cannot close it. */
export function suggestionBlock(info: string, replacement: readonly string[], intro: string): string {
  const longest = Math.max(2, ...replacement.map((l) => /`+/.exec(l)?.[0].length ?? 0));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${intro}\n\n${fence}${info}\n${replacement.join('\n')}\n${fence}\n\n${COMMENT_MARKER.replace('pr-insights', 'pr-suggestion')}`;
}
