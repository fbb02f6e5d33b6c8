import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalysisReport, PlanType, ReadmeAnalysis } from '@docent/contracts';
import RepositoryRoute from '../repository/RepositoryPage.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import { fakeApi } from './fakeApi.ts';
import { testRepository, testUser } from './fixtures.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * The repository page's spec rows (docs/spec-conformance.md §2 "Repository page", §4 "Analysis per card",
 * §6 upgrade button), asserted on screen: tabs and path, the upgrade button, the four cards' figures,
 * empty states and the analysis each button runs, the card states, Documentation Insights, README Analysis.
 */

const readme: ReadmeAnalysis = {
  fileName: 'README.md',
  calculatedQualityScore: 54,
  wordCount: 26,
  grammarError: 2,
  grammarIssues: [],
  brokenLinks: [{ url: 'https://example.invalid/x', line: 3, kind: 'external', reason: 'not found' }],
  llmInterpretationScore: 61,
  llmInterpretationSource: 'rubric',
  textStatistics: {
    wordCount: 26,
    lines: 7,
    readingTime: 7.8,
    avgSentenceLength: 8.67,
    fleschReadingEase: 71.25,
    fleschKincaidGrade: 5.5,
    smogIndex: 7.25,
  },
  recommendations: ['Add more content (under 300 words).', 'Improve clarity (LLM score under 70).'],
};

const analysed: AnalysisReport = {
  basicFuncDocAnalysis: { totalFunctions: 5, totalDocumented: 3 },
  advancedFuncDocAnalysis: { outdatedDocCount: 1, urgentDocCount: 1 },
  readmeAnalysis: readme,
  programmingLanguages: { Python: 50, JavaScript: 20, Go: 12.4, Rust: 8.1, C: 5.5, Java: 4 },
};

/** A live log that ends at once: the job is COMPLETE, so the page takes the next click. */
const endedStream = () =>
  sse(
    `event: end\ndata: ${JSON.stringify({ id: 41, jobType: 'ANALYSIS', organizationName: 'acme', repoName: 'calc', vendor: 'GIT', state: 'COMPLETE', message: 'Analysis complete', progress: 100, timeCreated: '2026-01-01T00:00:00Z', totalTime: 1 })}\n\n`,
  );

function sse(body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** Opens the repository page at `path` with the given report; `stream` answers the live log of a started job. */
function open(
  report: AnalysisReport,
  {
    path = '/repositories/GIT/acme/calc/',
    planType = 'FREE' as PlanType,
    stream,
  }: { path?: string; planType?: PlanType; stream?: () => Response } = {},
) {
  setSession('tok', testUser);
  const repository = testRepository('calc', 'acme', { planType, gitAppMetaData: { siteUrl: null, analysisReport: report } });
  const state = { report };
  const api = fakeApi({
    '/app/github/get/repo': () => ({
      body: { planType, gitAppMetaData: { siteUrl: null, analysisReport: state.report }, repository },
    }),
    '/v1/user': { body: testUser },
    '/v1/git/repo/language': () => ({ body: { languages: state.report.programmingLanguages ?? {} } }),
    '/v1/git/analyze/repo/readme/details': { body: { content: '# Calc', suggestion: null, analysis: readme } },
    '/v1/git/analyze/repo': { body: { lroJobId: 41, message: 'Analysis started' } },
    '/v1/lro': { body: [] },
  });
  const fakeFetch = api.getMockImplementation()!;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST' && url.includes('/v1/git/analyze/repo') && !url.includes('/status') && !url.includes('/details')) {
        calls.push(url.replace(/^\/api/, ''));
      }
      if (url.includes('/v1/lro/logs/') && stream) return stream();
      return fakeFetch(input, init);
    }),
  );
  const view = renderRoutes([{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }], path);
  return { ...view, calls, state };
}

// the file's first render loads antd (10–20 s on a loaded 2-core machine): more than the web default of 20 s
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
});

describe('repository page tabs and bar (docs/spec-conformance.md §2, §6)', () => {
  it("tabs 'Dashboard' and 'All Jobs' follow the path: …/lro selects All Jobs; a tab click changes the path", async () => {
    const { router } = open(analysed, { path: '/repositories/GIT/acme/calc/lro' });
    const jobsTab = await screen.findByRole('tab', { name: 'All Jobs' });
    expect(jobsTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('false');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/GIT/acme/calc/'));
    expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'All Jobs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/GIT/acme/calc/lro'));
    expect(screen.getByRole('tab', { name: 'All Jobs' }).getAttribute('aria-selected')).toBe('true');
  });

  it.each([
    ['FREE', '', true],
    ['PREMIUM', '', false],
    ['PRO', '', false],
    ['FREE', '?premium=1', false],
  ] as const)('a %s repository%s: the premium upgrade button shown = %s', async (planType, query, shown) => {
    open(analysed, { planType, path: `/repositories/GIT/acme/calc/${query}` });
    await screen.findByTestId('remove-repo');
    const button = screen.queryByTestId('upgrade-button');
    if (shown) {
      expect(button!.textContent).toBe('Upgrade to Premium');
      expect(button!.closest('a')!.getAttribute('href')).toBe('/profile/upgrade-plan?accept_payment=acme%2Fcalc');
    } else expect(button).toBeNull();
  });
});

describe('the four cards (docs/spec-conformance.md §2 Dashboard tab)', () => {
  it("no analysis yet: each card's empty state has its spec button, and the bar a full-analysis button", async () => {
    open({});
    const full = await screen.findByTestId('full-analysis');
    expect(full.textContent).toBe('Run full analysis');
    const button = (card: string) => within(screen.getByTestId(card)).getByRole('button').textContent;
    expect(button('card-functions')).toBe('Analyze Repository');
    expect(button('card-languages')).toBe('Analyze Languages');
    expect(button('card-issues')).toBe('Find Issues');
    expect(button('card-readme')).toBe('Score README');
    for (const card of ['card-functions', 'card-languages', 'card-issues', 'card-readme']) {
      expect(screen.getByTestId(card).getAttribute('data-state')).toBe('empty');
      expect(screen.queryByTestId(`${card}-refresh`)).toBeNull();
    }
    expect(screen.queryByTestId('insights')).toBeNull();
  });

  it("each button starts its analysis: 'Analyze Repository', 'Analyze Languages' and the full-analysis button the full one, 'Find Issues' advancedDoc, 'Score README' readme", async () => {
    const { calls } = open({}, { stream: endedStream });
    const user = userEvent.setup();
    const click = async (button: () => HTMLElement, path: string) => {
      await waitFor(() => expect(button().hasAttribute('disabled')).toBe(false));
      await user.click(button());
      await waitFor(() => expect(calls.at(-1)).toBe(path));
    };
    await screen.findByTestId('full-analysis');
    const named = (name: string) => () => screen.getByRole('button', { name });
    await click(named('Analyze Repository'), '/v1/git/analyze/repo');
    await click(named('Analyze Languages'), '/v1/git/analyze/repo');
    await click(named('Find Issues'), '/v1/git/analyze/repo/advancedDoc');
    await click(named('Score README'), '/v1/git/analyze/repo/readme');
    await click(() => screen.getByTestId('full-analysis'), '/v1/git/analyze/repo');
    expect(calls).toHaveLength(5);
  });

  it("an analysed repository: '3 / 5' documented at 60.0%, outdated of documented, urgent of total, README 54 / 100 amber, top 4 languages and '+2 more'", async () => {
    open(analysed);
    expect(await screen.findByTestId('functions-bar-count')).toHaveProperty('textContent', '3 / 5');
    expect(screen.getByTestId('functions-bar-percent').textContent).toBe('60.0%');
    expect(screen.getByTestId('issues-outdated-count').textContent).toBe('1 / 3');
    expect(screen.getByTestId('issues-outdated-percent').textContent).toBe('33.3%');
    expect(screen.getByTestId('issues-urgent-count').textContent).toBe('1 / 5');
    expect(screen.getByTestId('issues-urgent-percent').textContent).toBe('20.0%');
    expect(screen.getByTestId('readme-score').textContent).toBe('54');
    expect(screen.getByTestId('readme-score').parentElement!.textContent).toBe('54/ 100');
    expect(screen.getByTestId('readme-bar').getAttribute('data-band')).toBe('amber');
    const legend = await screen.findByTestId('languages-legend');
    await waitFor(() =>
      expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'Python50.0%',
        'JavaScript20.0%',
        'Go12.4%',
        'Rust8.1%',
        '+2 more',
      ]),
    );
    // the stacked bar holds every language, sorted by share
    expect(
      screen.getByRole('img', { name: /^Python 50\.0%, JavaScript 20\.0%, Go 12\.4%, Rust 8\.1%, C 5\.5%, Java 4\.0%$/ }),
    ).toBeTruthy();
    expect(screen.queryByTestId('full-analysis')).toBeNull();
  });

  it('each populated card has a refresh button: functions runs basicDoc, languages the full analysis, issues advancedDoc, README readme', async () => {
    const { calls } = open(analysed, { stream: endedStream });
    const user = userEvent.setup();
    const refresh = async (card: string, path: string) => {
      const button = await screen.findByTestId(`${card}-refresh`);
      await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
      await user.click(button);
      await waitFor(() => expect(calls.at(-1)).toBe(path));
    };
    await refresh('card-functions', '/v1/git/analyze/repo/basicDoc');
    await refresh('card-languages', '/v1/git/analyze/repo');
    await refresh('card-issues', '/v1/git/analyze/repo/advancedDoc');
    await refresh('card-readme', '/v1/git/analyze/repo/readme');
    expect(calls).toHaveLength(4);
  });

  it('a card goes not analysed → analysing with the percent → analysed, with the report merged after the end', async () => {
    let push: ((text: string) => void) | undefined;
    const job = (state: string, progress: number) =>
      JSON.stringify({
        id: 41,
        jobType: 'ANALYSIS',
        organizationName: 'acme',
        repoName: 'calc',
        vendor: 'GIT',
        state,
        message: state === 'COMPLETE' ? 'Analysis complete' : 'Running',
        progress,
        timeCreated: '2026-01-01T00:00:00Z',
        totalTime: 3,
      });
    const { state } = open(
      {},
      {
        stream: () =>
          sse(
            new ReadableStream({
              start(controller) {
                push = (text) => controller.enqueue(new TextEncoder().encode(text));
              },
            }),
          ),
      },
    );
    const card = await screen.findByTestId('card-readme');
    expect(card.getAttribute('data-state')).toBe('empty');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Score README' }));
    await waitFor(() => expect(push).toBeDefined());
    await act(async () => push!(`event: status\ndata: ${job('RUNNING', 40)}\n\n`));
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('analysing'));
    expect(within(card).getByText('Analysing…')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    // the other cards are not touched by a README analysis
    expect(screen.getByTestId('card-functions').getAttribute('data-state')).toBe('empty');
    state.report = { readmeAnalysis: readme };
    await act(async () => push!(`event: end\ndata: ${job('COMPLETE', 100)}\n\n`));
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('ready'));
    expect(within(card).getByTestId('readme-score').textContent).toBe('54');
  });
});

describe('Documentation Insights and README Analysis (docs/spec-conformance.md §2, §9)', () => {
  it("the 'Documentation Insights' card shows the health score, its label and action items with priority tags", async () => {
    open(analysed);
    const card = await screen.findByTestId('insights');
    expect(within(card).getByText('Documentation Insights')).toBeTruthy();
    // coverage 0.6, outdated factor 1 − 0.5 × 1/3: 0.6 × 0.8333 × 50 + 54/100 × 20 + 0.6 × 30 = 53.8 → 54
    expect(within(card).getByTestId('health-score').textContent).toBe('54');
    expect(within(card).getByTestId('health-label').textContent).toBe('Needs Improvement');
    const items = [...within(card).getByTestId('action-items').querySelectorAll('li')];
    // undocumented 40 % of 5 > 30 % → high; outdated 1 ≤ 5 → medium; urgent → high; README 54 ≥ 50 → no item
    expect(items.map((li) => [li.getAttribute('data-priority'), li.querySelector('.ant-tag')!.textContent])).toEqual([
      ['high', 'high'],
      ['medium', 'medium'],
      ['high', 'high'],
    ]);
  });

  it("a click on the README card opens 'README Analysis' with the banner, the spec's figures and recommendations", async () => {
    open(analysed);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open details: README quality score' }));
    const dialog = await screen.findByRole('dialog', { name: 'README Analysis' });
    expect(within(dialog).getByRole('tab', { name: 'Analysis' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'Suggested Improvements' })).toBeTruthy();
    const banner = await within(dialog).findByTestId('readme-banner');
    expect(banner.className).toContain('ant-alert-warning');
    expect(banner.textContent).toContain('Average');
    const stat = (id: string) => within(dialog).getByTestId(id).querySelector('strong')!.textContent;
    expect(stat('stat-words')).toBe('26');
    expect(stat('stat-lines')).toBe('7');
    expect(within(dialog).getByTestId('stat-reading').getAttribute('title')).toBe('7.8 s');
    expect(stat('stat-sentence')).toBe('8.7');
    expect(stat('stat-links')).toBe('1');
    expect(stat('stat-grammar')).toBe('2');
    expect(stat('stat-llm')).toBe('61 / 100');
    // no model configured (the fixture's source is the rubric): the label does not say LLM
    expect(within(dialog).getByTestId('stat-llm').textContent).toContain('Interpretation score (built-in rubric)');
    expect(within(dialog).getByTestId('stat-llm').textContent).not.toContain('LLM');
    expect(stat('stat-flesch')).toBe('71.25');
    expect(stat('stat-fk')).toBe('5.5');
    expect(stat('stat-smog')).toBe('7.25');
    // the analyzer's list (its rules: packages/analyzer readme tests), shown as it came
    const recs = [...within(dialog).getByTestId('readme-recommendations').querySelectorAll('li')].map((li) => li.textContent);
    expect(recs).toEqual(readme.recommendations);
  });
});
