import { useEffect, useMemo, useState } from 'react';
import type { Job } from '@docent/contracts';
import { jobsApi } from './api.ts';
import { activeJobIds, displayJob, mergeJobs } from './jobDisplay.ts';

/** docs/spec-conformance.md §4/§9: active jobs in a list are refreshed every 30 seconds, in one batch call. */
export const ACTIVE_REFRESH_MS = 30_000;

/** The list with its active jobs refreshed by batch, as displayed (24-hour TIMEOUT rule applied). */
export function useRefreshedJobs(jobs: readonly Job[] | undefined, everyMs = ACTIVE_REFRESH_MS): Job[] {
  const [updates, setUpdates] = useState<Job[]>([]);
  // A new list from the server replaces the refreshed copies.
  useEffect(() => setUpdates([]), [jobs]);
  const merged = useMemo(() => mergeJobs(jobs ?? [], updates), [jobs, updates]);
  const ids = activeJobIds(merged).join(',');
  useEffect(() => {
    if (!ids) return;
    const timer = setInterval(() => {
      jobsApi.statuses(ids.split(',').map(Number)).then(
        (fresh) => setUpdates((prev) => [...prev.filter((p) => !fresh.some((f) => f.id === p.id)), ...fresh]),
        () => undefined,
      );
    }, everyMs);
    return () => clearInterval(timer);
  }, [ids, everyMs]);
  return useMemo(() => merged.map(displayJob), [merged]);
}
