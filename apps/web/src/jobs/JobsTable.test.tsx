import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job } from '@docent/contracts';
import { JobsTable } from './JobsTable.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';

const jobs: Job[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  jobType: 'ANALYSIS',
  organizationName: 'acme',
  repoName: 'calc',
  vendor: 'GIT',
  state: 'COMPLETE',
  message: 'Analysis complete',
  progress: 100,
  // job 1 is the oldest; total times are a shuffle of 0–11 s, so the two sorts differ
  timeCreated: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  totalTime: (i * 7) % 12,
}));

const ids = () => screen.getAllByTestId('job-row').map((r) => Number(within(r).getAllByRole('cell')[0]!.textContent));

/** docs/spec-conformance.md §2 All Jobs tab: the columns, newest first, sortable, 10 a page. */
describe('JobsTable', () => {
  it('has the spec headers, shows 10 jobs a page newest first, and sorts by a clicked column', async () => {
    renderRoutes([{ path: '/', element: <JobsTable jobs={jobs} onOpen={() => {}} /> }], '/');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(['ID', 'Job Type', 'Status', 'Created At', 'Total Time', 'Actions']);
    expect(ids()).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(ids()).toEqual([2, 1]);
    await user.click(screen.getByTitle('1'));
    await user.click(screen.getByRole('columnheader', { name: 'Total Time' }));
    // ascending total time (job 1 took 0 s, job 8 1 s, job 3 2 s …), then descending
    expect(ids()).toEqual([1, 8, 3, 10, 5, 12, 7, 2, 9, 4]);
    await user.click(screen.getByRole('columnheader', { name: 'Total Time' }));
    expect(ids()).toEqual([6, 11, 4, 9, 2, 7, 12, 5, 10, 3]);
  });
});
