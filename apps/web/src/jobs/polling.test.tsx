import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Job } from '@docent/contracts';
import { useRefreshedJobs } from './useRefreshedJobs.ts';
import { useInstallStatuses } from '../repositories/InstallationStatus.tsx';
import { useLiveJob, OPEN_JOB_POLL_MS } from '../terminal/useLiveJob.ts';
import { fakeApi } from '../test/fakeApi.ts';

const job = (id: number, state: Job['state']): Job => ({
  id,
  jobType: 'ANALYSIS',
  organizationName: 'acme',
  repoName: 'calc',
  vendor: 'GIT',
  state,
  message: state,
  progress: state === 'COMPLETE' ? 100 : 40,
  timeCreated: new Date().toISOString(),
  totalTime: 3,
});

const paths = (mock: ReturnType<typeof fakeApi>) => mock.mock.calls.map(([input]) => String(input));
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** docs/spec-conformance.md §4/§9 polls, on fake timers (the 30 s and 5 s polls). */
describe('polls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a list refreshes its active jobs every 30 s in one batch call, and stops when none is active', async () => {
    const api = fakeApi({ '/v1/lro/status': { body: [job(1, 'COMPLETE'), job(3, 'RUNNING')] } });
    const jobs = [job(1, 'RUNNING'), job(2, 'COMPLETE'), job(3, 'QUEUED')];
    const { result } = renderHook(() => useRefreshedJobs(jobs));
    await tick(29_999);
    expect(api).not.toHaveBeenCalled();
    await tick(1);
    expect(paths(api)).toEqual(['/api/v1/lro/status?ids=1,3']);
    expect(result.current.map((j) => j.state)).toEqual(['COMPLETE', 'COMPLETE', 'RUNNING']);
    // now only job 3 is active
    api.mockImplementation(async () => new Response(JSON.stringify([job(3, 'COMPLETE')]), { status: 200 }));
    await tick(30_000);
    expect(paths(api).at(-1)).toBe('/api/v1/lro/status?ids=3');
    await tick(90_000);
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('the install status of each connected vendor is polled every 5 s', async () => {
    const api = fakeApi({ '/git/github/install/status': { body: { status: 'in_progress', message: 'Syncing GitHub' } } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useInstallStatuses(['GITHUB']), { wrapper });
    await tick(10);
    expect(api).toHaveBeenCalledTimes(1);
    expect(result.current.installing).toBe(true);
    await tick(4_900);
    expect(api).toHaveBeenCalledTimes(1);
    await tick(100);
    expect(api).toHaveBeenCalledTimes(2);
    await tick(5_000);
    expect(api).toHaveBeenCalledTimes(3);
    expect(paths(api).every((p) => p === '/api/git/github/install/status')).toBe(true);
    client.clear();
  });

  it('the open job on the jobs page is polled every 5 s until it is final, then prints Job {state}: {message}', async () => {
    let state: Job['state'] = 'RUNNING';
    const api = fakeApi({
      '/v1/lro/logs/7/stream': { status: 503, body: { detail: 'no stream here' } },
      '/v1/lro/logs/7': { body: [] },
      '/v1/lro/7/status': () => ({ body: { ...job(7, state), message: state === 'COMPLETE' ? 'Analysis complete' : 'Running' } }),
    });
    // the stream's own fallback poll is kept apart: only the 5 s status poll reaches /status here
    const fallback = vi.fn(() => new Promise<never>(() => {}));
    const { result } = renderHook(() => useLiveJob({ jobId: 7, flavour: 'job', statusEveryMs: OPEN_JOB_POLL_MS, poll: fallback }));
    const statusCalls = () => paths(api).filter((p) => p === '/api/v1/lro/7/status').length;
    await tick(4_999);
    expect(statusCalls()).toBe(0);
    await tick(1);
    expect(statusCalls()).toBe(1);
    state = 'COMPLETE';
    await tick(5_000);
    expect(statusCalls()).toBe(2);
    expect(result.current.state.lines.at(-1)?.text).toBe('Job COMPLETE: Analysis complete');
    await tick(20_000);
    expect(statusCalls()).toBe(2);
  });
});
