import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HOSTED, reposApi, reposKeys, type HostedVendor } from './api.ts';
import { useInstallStatuses } from './InstallationStatus.tsx';

/** The repository list, the connected vendors and their install status, kept together. */
export function useRepositories(orgName?: string) {
  const queryClient = useQueryClient();
  const repos = useQuery({ queryKey: reposKeys.list(orgName), queryFn: () => reposApi.list(orgName) });
  const connections = useQuery({ queryKey: reposKeys.connections, queryFn: reposApi.connections });
  const connected = useMemo<HostedVendor[]>(() => HOSTED.filter((v) => connections.data?.some((c) => c.vendor === v)), [connections.data]);
  const install = useInstallStatuses(connected);
  // When an installation finishes, its repositories are in the list: fetch it again.
  const was = useRef(false);
  useEffect(() => {
    if (was.current && !install.installing) void queryClient.invalidateQueries({ queryKey: reposKeys.all });
    was.current = install.installing;
  }, [install.installing, queryClient]);
  return { repos, connections, connected, ...install };
}
