import { describe, expect, it } from 'vitest';
import type { Job } from '@docent/contracts';
import { activeJobIds, displayJob, formatDuration, mergeJobs, newestFirst } from './jobDisplay.ts';

const job = (id: number, over: Partial<Job> = {}): Job => ({
  id,
  jobType: 'ANALYSIS',
  organizationName: 'acme',
  repoName: 'widgets',
  vendor: 'GIT',
  state: 'RUNNING',
  message: 'Running',
  progress: 10,
  timeCreated: `2026-01-0${id}T00:00:00.000Z`,
  totalTime: 5,
  ...over,
});

describe('job display', () => {
  it('shows a running, queued or validating job of 86400 s or more as TIMEOUT with the spec message', () => {
    for (const state of ['RUNNING', 'QUEUED', 'VALIDATING'] as const) {
      expect(displayJob(job(1, { state, totalTime: 86_400 }))).toMatchObject({
        state: 'TIMEOUT',
        message: 'Job automatically cancelled after 24 hours',
      });
      expect(displayJob(job(1, { state, totalTime: 86_399 })).state).toBe(state);
    }
    // Finished jobs and START keep their state however long they took.
    expect(displayJob(job(1, { state: 'COMPLETE', totalTime: 100_000 })).state).toBe('COMPLETE');
    expect(displayJob(job(1, { state: 'START', totalTime: 100_000 })).state).toBe('START');
  });

  it('refreshes only active jobs, and not those shown as TIMEOUT', () => {
    const jobs = [
      job(1),
      job(2, { state: 'COMPLETE' }),
      job(3, { state: 'QUEUED' }),
      job(4, { state: 'RUNNING', totalTime: 90_000 }),
      job(5, { state: 'START' }),
    ];
    expect(activeJobIds(jobs)).toEqual([1, 3, 5]);
  });

  it('merges fresher copies by id and keeps order', () => {
    const merged = mergeJobs([job(1), job(2)], [job(2, { state: 'COMPLETE', progress: 100 })]);
    expect(merged.map((j) => [j.id, j.state])).toEqual([
      [1, 'RUNNING'],
      [2, 'COMPLETE'],
    ]);
  });

  it('sorts newest first', () => {
    expect([job(1), job(3), job(2)].sort(newestFirst).map((j) => j.id)).toEqual([3, 2, 1]);
  });

  it('formats durations', () => {
    expect([0, 45, 185, 7260, 93_600].map(formatDuration)).toEqual(['0s', '45s', '3m 05s', '2h 01m', '1d 02h']);
  });
});
