import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Job } from '@docent/contracts';
import JobsPage from './JobsPage.tsx';
import { filtersFromQuery, filtersToQuery } from './jobsQuery.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

const job = (id: number): Job => ({
  id,
  jobType: 'ANALYSIS_README',
  organizationName: 'acme',
  repoName: 'widgets',
  vendor: 'GIT',
  state: 'COMPLETE',
  message: 'Done',
  progress: 100,
  timeCreated: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  totalTime: 5,
});

/** the jobs page's filters live in the URL, and an empty filtered list offers to clear them. */
describe('JobsPage filters', () => {
  let answer: { jobs: Job[]; total: number };
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    answer = { jobs: [], total: 0 };
    fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  const routes = [
    { path: '/jobs', element: <JobsPage /> },
    { path: '/jobs/:jobId', element: <JobsPage /> },
  ];
  const lastUrl = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');

  it('reads and writes the query without losing anything', () => {
    const f = filtersFromQuery(new URLSearchParams('status=CANCELLED,FAILED&type=ANALYSIS&from=2026-01-02&to=2026-01-31&q=acme&page=3'));
    expect(f).toEqual({ status: ['CANCELLED', 'FAILED'], type: ['ANALYSIS'], from: '2026-01-02', to: '2026-01-31', q: 'acme', page: 3 });
    expect(filtersFromQuery(filtersToQuery(f))).toEqual(f);
    expect(filtersFromQuery(new URLSearchParams('from=yesterday&page=-2'))).toMatchObject({ from: '', page: 1 });
  });

  it('restores the filters from the URL, asks the server with them, and clears them from the empty state', async () => {
    const { router } = renderRoutes(routes, '/jobs?status=CANCELLED&type=ANALYSIS_README&from=2026-01-02&q=acme');
    expect(await screen.findByText('No jobs match these filters')).toBeTruthy();
    const sent = lastUrl().searchParams;
    expect(sent.get('status')).toBe('CANCELLED');
    expect(sent.get('type')).toBe('ANALYSIS_README');
    expect(sent.get('q')).toBe('acme');
    expect(sent.get('from')).toBeTruthy();
    expect((screen.getByLabelText('Search by id, job type, organisation or repository') as HTMLInputElement).value).toBe('acme');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastUrl().searchParams.get('status')).toBeNull());
    expect((screen.getByLabelText('Search by id, job type, organisation or repository') as HTMLInputElement).value).toBe('');
  });

  it("without filters an empty list just says 'No jobs'", async () => {
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText('No jobs')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('keeps the page in the URL, and Back returns to the previous one', async () => {
    answer = { jobs: Array.from({ length: 15 }, (_, i) => job(i + 1)), total: 15 };
    const { router } = renderRoutes(routes, '/jobs?page=2');
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(5));
    fireEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByTestId('job-row')).toHaveLength(10);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=2');
    // opening a job keeps the filters for when its log closes
    fireEvent.click(screen.getAllByTestId('job-row')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/jobs\/\d+$/));
    expect(router.state.location.search).toBe('?page=2');
  });
});
