import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReadmeAnalysis } from '@docent/contracts';
import { DocIssuesModal, FunctionCoverageModal } from './FunctionDetailsModals.tsx';
import { ReadmeModal } from './ReadmeModal.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { functionEntry } from '../test/functionEntry.ts';

const ref = { vendor: 'GIT' as const, org: 'acme', repo: 'calc' };
const show = (el: React.ReactElement) => renderRoutes([{ path: '/', element: el }], '/');

const analysis: ReadmeAnalysis = {
  fileName: 'README.md',
  calculatedQualityScore: 54,
  wordCount: 120,
  grammarError: 0,
  grammarIssues: [],
  brokenLinks: [],
  llmInterpretationScore: 50,
  llmInterpretationSource: 'rubric',
  textStatistics: {
    wordCount: 120,
    lines: 12,
    readingTime: 30,
    avgSentenceLength: 12,
    fleschReadingEase: 60,
    fleschKincaidGrade: 8,
    smogIndex: 9,
  },
  recommendations: [],
};

afterEach(() => vi.unstubAllGlobals());

/** docs/spec-conformance.md §2: 'No Documentation Data', 'No README Analysis Data' and 'No Suggestions Available'. */
describe('empty detail modals', () => {
  it('function coverage and documentation issues without functions show No Documentation Data', async () => {
    fakeApi({ '/v1/git/analyze/repo/': { body: { functions: [], docMetrics: null } } });
    show(<FunctionCoverageModal repoRef={ref} open onClose={() => {}} />);
    expect(within(await screen.findByTestId('no-doc-data')).getByText('No Documentation Data')).toBeTruthy();
  });

  it('the issues modal says the same', async () => {
    fakeApi({ '/v1/git/analyze/repo/': { body: { functions: [], docMetrics: null } } });
    show(<DocIssuesModal repoRef={ref} open onClose={() => {}} />);
    expect(within(await screen.findByTestId('no-doc-data')).getByText('No Documentation Data')).toBeTruthy();
  });

  it('a README modal without an analysis shows No README Analysis Data', async () => {
    fakeApi({ '/v1/git/analyze/repo/readme/details': { body: { content: null, suggestion: null, analysis: null } } });
    show(<ReadmeModal repoRef={ref} open onClose={() => {}} />);
    expect(within(await screen.findByTestId('no-readme-data')).getByText('No README Analysis Data')).toBeTruthy();
  });

  it('an analysed README without a suggestion shows No Suggestions Available on its tab', async () => {
    fakeApi({ '/v1/git/analyze/repo/readme/details': { body: { content: '# Calc', suggestion: null, analysis } } });
    show(<ReadmeModal repoRef={ref} open onClose={() => {}} />);
    const tab = await screen.findByRole('tab', { name: 'Suggested Improvements' });
    await userEvent.setup().click(tab);
    expect(within(await screen.findByTestId('no-suggestions')).getByText('No Suggestions Available')).toBeTruthy();
  });
});

/** Docs that only restate the name (docs/metrics/functions.md) are listed apart and not counted. */
describe('function coverage: trivial docs', () => {
  const entry = (name: string, docstring: string | null, trivialDoc?: boolean) => ({
    name,
    fileName: 'a.py',
    gitLocation: `a.py#L1-L2`,
    content: '',
    docstring,
    languageType: 'Python',
    complexityCategory: 'low',
    complexity: 1,
    scope: 'public',
    urgentDocumentation: false,
    outdatedStatus: { status: 'CURRENT', explanation: '', docstring: docstring ?? '', grammarError: 0 },
    startLine: 1,
    endLine: 2,
    isTest: false,
    ...(trivialDoc ? { trivialDoc } : {}),
  });

  it('does not count a trivial doc as documented and lists it on its own tab, tagged', async () => {
    fakeApi({
      '/v1/git/analyze/repo/': {
        body: {
          functions: [entry('close', 'Close the socket; idempotent.'), entry('get_user', 'Get user.', true), entry('bare', null)],
          docMetrics: null,
        },
      },
    });
    show(<FunctionCoverageModal repoRef={ref} open onClose={() => {}} />);
    const modal = await screen.findByTestId('coverage-modal');
    expect(modal.textContent).toContain('1 / 3');
    expect(within(modal).getByTestId('coverage-trivial').textContent).toBe('1 trivial doc not counted');
    expect(within(modal).getByRole('tab', { name: 'Documented (1)' })).toBeTruthy();
    await userEvent.setup().click(within(modal).getByRole('tab', { name: 'Trivial (1)' }));
    const table = await screen.findByTestId('trivial-table');
    expect(within(table).getByText('get_user')).toBeTruthy();
    expect(within(table).getByTestId('trivial-doc').textContent).toBe('trivial');
  });
});

/** Body-only suggestions are a hint below the review list (docs/decisions.md "Body-change suggestions shown apart"). */
describe('documentation issues: body-only changes apart', () => {
  const suggested = (name: string, code: 'BODY_CHANGED' | 'RAISE_ADDED') =>
    functionEntry({
      name,
      reviewSuggestion: {
        commit: 'def5678',
        date: '2026-01-02',
        docDate: '2024-03-04',
        explanation: '',
        findings: [{ code, params: code === 'BODY_CHANGED' ? { removed: 'floor' } : { type: 'ValueError' } }],
      },
    });

  it('counts only contract suggestions on the tab and lists body-only ones under their own heading', async () => {
    fakeApi({
      '/v1/git/analyze/repo/': {
        body: { functions: [suggested('parse', 'RAISE_ADDED'), suggested('round_down', 'BODY_CHANGED')], docMetrics: null },
      },
    });
    show(<DocIssuesModal repoRef={ref} open onClose={() => {}} />);
    const modal = await screen.findByTestId('issues-modal');
    await userEvent.setup().click(within(modal).getByRole('tab', { name: 'To review (1)' }));
    const review = await screen.findByTestId('review-table');
    expect(within(review).getByText('parse')).toBeTruthy();
    expect(within(review).queryByText('round_down')).toBeNull();
    const apart = screen.getByRole('region', { name: 'Changed since documented (1)' });
    expect(within(apart).getByText(/^A hint, not a finding/)).toBeTruthy();
    expect(within(within(apart).getByTestId('body-changed-table')).getByText('round_down')).toBeTruthy();
  });
});
