import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import LoginPage from '../auth/LoginPage.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import RepositoryRoute from '../repository/RepositoryPage.tsx';
import { testRepository, testUser } from './fixtures.ts';
import { JobLogModal } from '../jobs/JobLogModal.tsx';
import { activeJobIds } from '../jobs/jobDisplay.ts';
import JobsPage from '../jobs/JobsPage.tsx';
import { SyncDialog } from '../repositories/SyncDialog.tsx';
import { DocToolsCard } from '../repository/DocToolsCard.tsx';
import { RepoJobsTab } from '../repository/RepoJobsTab.tsx';
import { useAnalysis } from '../repository/useAnalysis.ts';
import { TerminalModal } from '../terminal/Terminal.tsx';
import { useLiveJob } from '../terminal/useLiveJob.ts';
import { terminalStorageKey } from '../terminal/storage.ts';
import { fakeApi } from './fakeApi.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * Rules of docs/spec-conformance.md §4, §5 and §9 that the table cited with a test asserting only part of
 * them (the audit of session 20): the repository is fetched again exactly 100 ms after an analysis ends,
 * and the error notification carries the form's first error, not any error.
 */

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
});

describe('post-completion stop (docs/spec-conformance.md §4, §9: 100 ms)', () => {
  it('the repository and the jobs are fetched again 100 ms after the analysis ends, not before', async () => {
    vi.useFakeTimers();
    const ref = { vendor: 'GIT' as const, org: 'acme', repo: 'calc' };
    // a job started before (the page was reloaded): the hook follows it at once
    localStorage.setItem(`${terminalStorageKey('acme', 'calc', 'analysis')}:job`, JSON.stringify({ jobId: 41, type: 'readme' }));
    const end = JSON.stringify({
      id: 41,
      jobType: 'ANALYSIS',
      organizationName: 'acme',
      repoName: 'calc',
      vendor: 'GIT',
      state: 'COMPLETE',
      message: 'Analysis complete',
      progress: 100,
      timeCreated: '2026-01-01T00:00:00Z',
      totalTime: 1,
    });
    const api = fakeApi({ '/v1/lro': { body: [] } });
    const fallback = api.getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        String(input).includes('/v1/lro/logs/41/stream')
          ? new Response(`event: end\ndata: ${end}\n\n`, { status: 200, headers: { 'content-type': 'text/event-stream' } })
          : fallback(input, init),
      ),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useAnalysis(ref, { needsAzurePat: false }), { wrapper });
    const keys = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    const refetched = () => keys().includes('["repository","GIT","acme","calc"]');
    // let the stream answer and end, without moving the clock
    for (let i = 0; i < 20 && !result.current.live.state.finished; i++) {
      await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    }
    expect(result.current.live.state.finished).toBe(true);
    expect(refetched()).toBe(false);
    await act(async () => void (await vi.advanceTimersByTimeAsync(99)));
    expect(refetched()).toBe(false);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(refetched()).toBe(true);
    expect(keys()).toContain('["jobs"]');
  });
});

describe('the first form error in the error notification (docs/spec-conformance.md §5)', () => {
  it('with an invalid email and an empty password, the notification carries the email error (the first), not the password one', async () => {
    const api = fakeApi({ '/v1/auth/providers': { body: [] } });
    renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], '/auth/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // both field errors are shown under their fields
    await waitFor(() => {
      const explained = [...document.querySelectorAll('.ant-form-item-explain-error')].map((el) => el.textContent);
      expect(explained).toEqual(['Please input a valid email address!', 'This field is required!']);
    });
    const notices = await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent);
      if (shown.length === 0) throw new Error('no notification yet');
      return shown;
    });
    expect(notices).toEqual(['Error Please input a valid email address!']);
    expect(api.mock.calls.some(([u]) => String(u) === '/api/login')).toBe(false);
  });
});

describe('terminal dialog sizes (docs/spec-conformance.md §2, §9)', () => {
  const dialogWidth = (body: HTMLElement) => (body.closest('.ant-modal') as HTMLElement | null)?.style.width;

  it('a terminal dialog (analysis, job log) is 800 px wide and 500 px tall', async () => {
    renderRoutes([{ path: '/', element: <TerminalModal open onClose={() => {}} lines={[]} testId="dialog-terminal" /> }], '/');
    const body = await screen.findByTestId('dialog-terminal-body');
    expect(body.style.height).toBe('500px');
    expect(dialogWidth(body)).toBe('800px');
  });

  it("the sync dialog's terminal is 400 px tall in an 800 px wide dialog", async () => {
    fakeApi({ '/v2/github/install': { status: 403, body: { detail: 'Connect GitHub first.', code: 'FORBIDDEN' } } });
    renderRoutes([{ path: '/', element: <SyncDialog request={{ vendors: ['GITHUB'], reinstall: false }} onClose={() => {}} /> }], '/');
    const body = await screen.findByTestId('sync-terminal-body');
    expect(body.style.height).toBe('400px');
    expect(dialogWidth(body)).toBe('800px');
  });
});

describe('the documentation terminal (docs/spec-conformance.md §2, §9: 500 px)', () => {
  it('the Code Docs terminal is 500 px tall', async () => {
    const python = {
      name: 'Python',
      displayName: 'Python',
      fileExtension: '.py',
      supportedStyles: ['google', 'numpy'],
      docstringStyle: 'google',
      maxDocStringLength: 80,
    };
    fakeApi({
      '/v1/git/generate/repo/config': { body: [python] },
      '/v1/git/generate/repo/delivery': { body: { delivery: 'patch', chosen: false, remote: 'origin', pullRequests: false } },
      // a refused start writes its error line: the terminal shows without a live job
      '/v1/git/generate/repo/doc': { status: 409, body: { detail: 'A generation is already running for this repository.' } },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <DocToolsCard
              repoRef={{ vendor: 'GIT', org: 'acme', repo: 'calc' }}
              repoLanguages={['Python']}
              planType="PRO"
              countRepoGen={0}
            />
          ),
        },
      ],
      '/',
    );
    await screen.findByTestId('docstyle-Python');
    await userEvent.setup().click(screen.getByTestId('generate-docs'));
    const body = await screen.findByTestId('docs-terminal-body');
    expect(body.style.height).toBe('500px');
  });
});

describe('the status-polling terminal (docs/spec-conformance.md §4, §9: every 3000 ms)', () => {
  it('once the live log falls back to polling, the status is asked every 3000 ms (not at 2980, by 3010)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const poll = vi.fn(async () => ({ state: 'RUNNING' as const, percentage: 10, messages: [], lastLine: 0 }));
    const { result } = renderHook(() => useLiveJob({ jobId: 9, flavour: 'analysis', poll }));
    // the stream fails three times (a second apart), then the hook polls: find that moment to 10 ms
    for (let i = 0; i < 1000 && result.current.transport !== 'poll'; i++) {
      await act(async () => void (await vi.advanceTimersByTimeAsync(10)));
    }
    expect(result.current.transport).toBe('poll');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2980)));
    expect(poll).toHaveBeenCalledTimes(0);
    await act(async () => void (await vi.advanceTimersByTimeAsync(30)));
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(2980)));
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(30)));
    expect(poll).toHaveBeenCalledTimes(2);
  });
});

describe('the open job on the jobs page (docs/spec-conformance.md §4, §9: every 5 s)', () => {
  it("the job log dialog asks the job's status every 5 s: not at 4999 ms, at 5000", async () => {
    vi.useFakeTimers();
    const api = fakeApi({
      '/v1/lro/logs/7': { body: [] },
      '/v1/lro/7/status': {
        body: {
          id: 7,
          jobType: 'ANALYSIS',
          organizationName: 'acme',
          repoName: 'calc',
          vendor: 'GIT',
          state: 'RUNNING',
          message: 'Running',
          progress: 40,
          timeCreated: '2026-01-01T00:00:00Z',
          totalTime: 3,
        },
      },
    });
    const fallback = api.getMockImplementation()!;
    // the live log stays open and silent, so only the dialog's own status poll asks for the status
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) =>
      String(input).includes('/v1/lro/logs/7/stream')
        ? new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } })
        : fallback(input, init),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <JobLogModal jobId={7} onClose={() => {}} /> }], '/');
    const statusCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/v1/lro/7/status').length;
    // the whole log is loaded with the job's status once on opening
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(statusCalls()).toBe(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(4999)));
    expect(statusCalls()).toBe(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(statusCalls()).toBe(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(4999)));
    expect(statusCalls()).toBe(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(statusCalls()).toBe(3);
  });
});

describe('the analysis dashboard without a user (docs/spec-conformance.md §6)', () => {
  const open = () => {
    const repository = testRepository('calc', 'acme', { gitAppMetaData: { siteUrl: null, analysisReport: {} } });
    fakeApi({
      '/app/github/get/repo': { body: { planType: 'FREE', gitAppMetaData: { siteUrl: null, analysisReport: {} }, repository } },
      '/v1/user': { body: testUser },
      '/v1/git/repo/language': { body: { languages: {} } },
      '/v1/lro': { body: [] },
    });
    return renderRoutes(
      [{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }],
      '/repositories/GIT/acme/calc/',
    );
  };

  it('renders nothing without a user, and the dashboard with one', async () => {
    const without = open();
    // the repository is answered: with a user the tabs show by now
    await new Promise((r) => setTimeout(r, 300));
    expect(without.container.textContent).toBe('');
    expect(screen.queryByRole('tab', { name: 'Dashboard' })).toBeNull();
    without.unmount();
    setSession('tok', testUser);
    open();
    expect(await screen.findByRole('tab', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('active jobs refreshed by batch (docs/spec-conformance.md §4: START, VALIDATING, QUEUED, RUNNING)', () => {
  it('each of the four active states is refreshed, no final state is', () => {
    const states = ['START', 'VALIDATING', 'QUEUED', 'RUNNING', 'COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT'] as const;
    const jobs = states.map((state, i) => ({
      id: i + 1,
      jobType: 'ANALYSIS' as const,
      organizationName: 'acme',
      repoName: 'calc',
      vendor: 'GIT' as const,
      state,
      message: state,
      progress: 10,
      timeCreated: '2026-01-01T00:00:00Z',
      totalTime: 60,
    }));
    expect(activeJobIds(jobs)).toEqual([1, 2, 3, 4]);
  });
});

describe("the All Jobs tab's Actions (docs/spec-conformance.md §2)", () => {
  it("the Actions button opens the job's log modal, which loads that job's log", async () => {
    const job = {
      id: 12,
      jobType: 'ANALYSIS',
      organizationName: 'acme',
      repoName: 'calc',
      vendor: 'GIT',
      state: 'COMPLETE',
      message: 'Analysis complete',
      progress: 100,
      timeCreated: '2026-01-01T00:00:00Z',
      totalTime: 4,
    };
    const api = fakeApi({
      '/v1/lro/list': { body: [job] },
      '/v1/lro/logs/12': { body: ['INFO::2026-01-01T00:00:01Z::Functions: 3 of 5 documented'] },
      '/v1/lro/12/status': { body: job },
    });
    renderRoutes([{ path: '/', element: <RepoJobsTab repoRef={{ vendor: 'GIT', org: 'acme', repo: 'calc' }} /> }], '/');
    const button = await screen.findByTestId('job-logs-12');
    expect(screen.queryByText('Job #12')).toBeNull();
    await userEvent.setup().click(button);
    expect(await screen.findByText('Job #12')).toBeTruthy();
    expect(await screen.findByText('Functions: 3 of 5 documented')).toBeTruthy();
    expect(api.mock.calls.some(([u]) => String(u).startsWith('/api/v1/lro/logs/12'))).toBe(true);
  });
});

describe("the jobs page's filters (docs/spec-conformance.md §2: status, job type, date range)", () => {
  it('the status, job type and date range of the address are sent with the list request, the dates as whole local days', async () => {
    const api = fakeApi({ '/v1/lro/all': { body: { jobs: [], total: 0 } }, '/v1/lro/status': { body: [] } });
    renderRoutes([{ path: '/jobs', element: <JobsPage /> }], '/jobs?status=FAILED,RUNNING&type=ANALYSIS&from=2026-01-01&to=2026-01-31');
    expect(await screen.findByRole('heading', { name: 'All Jobs' })).toBeTruthy();
    const url = await waitFor(() => {
      const call = api.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/v1/lro/all'));
      if (!call) throw new Error('no list request yet');
      return new URL(call, 'http://localhost');
    });
    expect(url.searchParams.get('status')).toBe('FAILED,RUNNING');
    expect(url.searchParams.get('type')).toBe('ANALYSIS');
    expect(url.searchParams.get('from')).toBe(new Date(2026, 0, 1, 0, 0, 0, 0).toISOString());
    expect(url.searchParams.get('to')).toBe(new Date(2026, 0, 31, 23, 59, 59, 999).toISOString());
    // the three controls are on the page
    expect(document.querySelector('[data-testid="jobs-status-filter"]')).not.toBeNull();
    expect(screen.getAllByLabelText('Job type').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Created between').length).toBeGreaterThan(0);
  });
});
