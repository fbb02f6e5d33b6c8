import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RepoRef } from './api.ts';
import { webhookKeys, webhooksApi } from './webhooksApi.ts';

/** How often an open repository page asks whether an analysis finished (a push's webhook, another tab, the CLI). */
export const HISTORY_POLL_MS = 5000;

/**
 * The repository's analysis history, polled: when a new analysis completes, whoever started it
 * (a webhook after a push, another browser), the dashboard's report, details and jobs are
 * fetched again, so the page updates by itself.
 */
export function useAnalysisHistory(ref: RepoRef) {
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: webhookKeys.history(ref),
    queryFn: () => webhooksApi.history(ref),
    refetchInterval: HISTORY_POLL_MS,
  });
  const points = history.data?.points;
  const seen = useRef<string | null>(null);
  const newest = points?.length ? `${points.length}:${points.at(-1)!.analysedAt}` : '0';
  useEffect(() => {
    if (!points) return;
    if (seen.current !== null && seen.current !== newest) {
      void queryClient.invalidateQueries({ queryKey: ['repository', ref.vendor, ref.org, ref.repo] });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    }
    seen.current = newest;
  }, [newest, points, queryClient, ref]);
  return history;
}
