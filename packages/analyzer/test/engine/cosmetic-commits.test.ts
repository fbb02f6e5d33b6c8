import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import type * as Git from '../../src/engine/git.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

/**
 * "The right commit, always" (docs/metrics/outdated.md §Which commit): a commit counts against a
 * doc only if it changed the function's code once comments, docstrings, annotations, blank lines
 * and layout are set aside and local names are treated as placeholders. One repository holds
 * functions with a standing OUTDATED verdict, a pending review suggestion and neither; then five
 * cosmetic commits go over every function, one after the other — a reformat, a local rename,
 * annotations, comments (and `# type: ignore`, blank lines), a move within the file — and after
 * each the verdicts and suggestions must be exactly those before it.
 */
const root = tempDir('cosmetic');

/** The `git blame` processes started so far (move detection: docs/performance.md, "SQLAlchemy against Linguist, paired"). */
const blames = vi.hoisted((): string[][] => []);
vi.mock('../../src/engine/git.ts', async (importOriginal) => {
  const git = await importOriginal<typeof Git>();
  return {
    ...git,
    runGit: (cwd: string, args: readonly string[], signal?: AbortSignal) => {
      if (args[0] === 'blame') blames.push([...args]);
      return git.runGit(cwd, args, signal);
    },
  };
});
/** Per analysis (label): the -L ranges of each of its `git blame` processes. */
const blamedRanges: Record<string, number[]> = {};
const shas: Record<string, string> = {};

interface Style {
  reformat?: boolean;
  rename?: boolean;
  annotate?: boolean;
  comment?: boolean;
  move?: boolean;
}

const doc = (...lines: string[]): string => `    """Do it.\n\n    Args:\n${lines.map((l) => `        ${l}`).join('\n')}\n    """\n`;

/** The module's text in a given state: `changed` plants the real changes, `style` the cosmetic ones. */
function module(changed: { param: boolean; body: boolean; raise: boolean }, style: Style): string {
  const local = style.rename ? 'result' : 'total';
  const ann = (name: string, type: string): string => (style.annotate ? `${name}: ${type}` : name);
  const ret = style.annotate ? ' -> int' : '';
  const comment = (text: string): string => (style.comment ? `    # ${text}\n\n` : '');
  const typeIgnore = style.comment ? '  # type: ignore[arg-type]' : '';
  const call = (args: string): string =>
    style.reformat ? `helper(\n        ${args.split(', ').join(',\n        ')},\n    )` : `helper(${args})`;
  const q = (s: string): string => (style.reformat ? `"${s}"` : `'${s}'`);
  const assign = (expr: string): string => `    ${style.annotate ? `${local}: int` : local} = ${expr}${typeIgnore}\n`;
  const fns = [
    // OUTDATED: a parameter added after a doc that described every parameter
    `def outdated_param(${ann('a', 'int')}${changed.param ? `, ${ann('b', 'int')}` : ''})${ret}:\n${doc('a: the value.')}${comment('add them up')}${assign(
      changed.param ? call(`a, b, ${q('x')}`) : call(`a, ${q('x')}`),
    )}    return ${local}\n`,
    // review suggestion: a body change the doc does not contradict
    `def review_body(${ann('a', 'int')})${ret}:\n${doc('a: the value, times 2.')}${comment('scale it')}${assign(call(changed.body ? `a * 3, ${q('y')}` : `a * 2, ${q('y')}`))}    return ${local}\n`,
    // OUTDATED: a documented exception no longer raised
    `def raise_removed(${ann('a', 'int')})${ret}:\n    """Check it.\n\n    Raises:\n        KeyError: when a is missing.\n    """\n${comment('check it')}${assign(call(`a, ${q('z')}`))}${
      changed.raise ? '' : `    if ${local} is None:\n        raise KeyError(${q('a')})\n`
    }    return ${local}\n`,
    // neither
    `def untouched(${ann('a', 'int')})${ret}:\n${doc('a: the value.')}${comment('nothing')}${assign(call(`a, ${q('w')}`))}    return ${local}\n`,
  ];
  if (style.move) fns.reverse();
  return `${fns.join('\n\n')}`;
}

type Seen = Record<string, { status: string; commit?: string; findings: string[]; review: string | null; reviewFindings: string[] }>;

async function verdicts(label: string): Promise<Seen> {
  const before = blames.length;
  const result = await analyzeRepository(root, { cacheDir: tempDir(`cosmetic-cache-${label}`), only: 'advancedDoc' });
  blamedRanges[label] = blames.slice(before).map((args) => args.filter((a) => a === '-L').length);
  const seen: Seen = {};
  for (const f of result.functions as FunctionAnalysisEntry[]) {
    seen[f.name] = {
      status: f.outdatedStatus.status,
      ...(f.outdatedStatus.commit ? { commit: f.outdatedStatus.commit } : {}),
      findings: (f.outdatedStatus.findings ?? []).map((x) => `${x.code} ${x.params.commit ?? ''}`),
      review: f.reviewSuggestion?.commit ?? null,
      reviewFindings: (f.reviewSuggestion?.findings ?? []).map((x) => x.code),
    };
  }
  return seen;
}

const states: Record<string, Seen> = {};
const STEPS: Array<[string, Style]> = [
  ['reformat', { reformat: true }],
  ['rename', { reformat: true, rename: true }],
  ['annotate', { reformat: true, rename: true, annotate: true }],
  ['comment', { reformat: true, rename: true, annotate: true, comment: true }],
  ['move', { reformat: true, rename: true, annotate: true, comment: true, move: true }],
];

beforeAll(async () => {
  initRepo(root);
  write(root, 'mod.py', module({ param: false, body: false, raise: false }, {}));
  shas.first = commitAll(root, 'first', '2025-01-01T00:00:00Z');
  write(root, 'mod.py', module({ param: true, body: false, raise: false }, {}));
  shas.param = commitAll(root, 'add b', '2025-02-01T00:00:00Z');
  write(root, 'mod.py', module({ param: true, body: true, raise: false }, {}));
  shas.body = commitAll(root, 'triple', '2025-02-02T00:00:00Z');
  write(root, 'mod.py', module({ param: true, body: true, raise: true }, {}));
  shas.raise = commitAll(root, 'no KeyError', '2025-02-03T00:00:00Z');
  states.base = await verdicts('base');
  let day = 10;
  for (const [label, style] of STEPS) {
    write(root, 'mod.py', module({ param: true, body: true, raise: true }, style));
    shas[label] = commitAll(root, label, `2025-02-${day++}T00:00:00Z`);
    states[label] = await verdicts(label);
  }
}, 120_000);

afterAll(() => (process.env.KEEP_FIXTURE ? console.log(root) : fs.rmSync(root, { recursive: true, force: true })));

describe('the planted real changes, before any cosmetic commit', () => {
  it('are judged with the commits that made them', () => {
    expect(states.base!.outdated_param).toMatchObject({
      status: 'OUTDATED',
      commit: shas.param,
      findings: [`PARAM_ADDED_UNDOCUMENTED ${shas.param}`],
    });
    expect(states.base!.review_body).toMatchObject({ status: 'CURRENT', review: shas.body, reviewFindings: ['BODY_CHANGED'] });
    expect(states.base!.raise_removed).toMatchObject({
      status: 'OUTDATED',
      commit: shas.raise,
      findings: [`RAISE_REMOVED_STILL_DOCUMENTED ${shas.raise}`],
    });
    expect(states.base!.untouched).toMatchObject({ status: 'CURRENT', review: null });
  });
});

describe('no cosmetic commit changes a verdict or a suggestion', () => {
  it.each(STEPS.map(([label]) => label))('after the %s commit', (label) => {
    expect(states[label]).toEqual(states.base);
  });
});

describe('move detection', () => {
  it('blames the moved file once, one -L range per moved function', () => {
    const ranges = blamedRanges.move!;
    expect(ranges).toHaveLength(1);
    expect(ranges[0]).toBeGreaterThan(1);
  });
});
