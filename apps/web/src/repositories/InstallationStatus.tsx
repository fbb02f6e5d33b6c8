import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InstallStatus } from '@docent/contracts';
import { reposApi, reposKeys, type HostedVendor } from './api.ts';
import { VendorIcon } from './VendorIcon.tsx';

/** docs/spec-conformance.md §9: the vendor install status is polled every 5 seconds. */
export const INSTALL_STATUS_POLL_MS = 5000;

export function isInstalling(statuses: ReadonlyArray<InstallStatus | undefined>): boolean {
  return statuses.some((s) => s !== undefined && s.status !== 'no_status');
}

/**
 * Install status of each connected vendor, polled every 5 s while the page is open; a vendor
 * whose request fails has none. One query for all (not TanStack's useQueries, which the
 * dashboard's first load would carry for this alone; docs/performance.md, "First load").
 */
export function useInstallStatuses(vendors: readonly HostedVendor[]) {
  const query = useQuery({
    queryKey: [...reposKeys.installStatus, ...vendors],
    queryFn: async () =>
      (await Promise.allSettled(vendors.map((v) => reposApi.installStatus(v)))).map((r) =>
        r.status === 'fulfilled' ? r.value : undefined,
      ),
    refetchInterval: INSTALL_STATUS_POLL_MS,
    retry: false,
    enabled: vendors.length > 0,
  });
  const statuses = query.data ?? vendors.map(() => undefined);
  return { statuses, installing: isInstalling(statuses) };
}

/** The Installation in Progress screen: progress per vendor. */
export function InstallationProgress({
  vendors,
  statuses,
  compact = false,
}: {
  vendors: readonly HostedVendor[];
  statuses: ReadonlyArray<InstallStatus | undefined>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`dc-panel ${compact ? 'dc-install dc-install--compact' : 'dc-empty dc-install'}`}
      data-testid="installation-progress"
      aria-live="polite"
    >
      {!compact && (
        <span className="dc-empty__art" aria-hidden="true">
          <LoadingOutlined />
        </span>
      )}
      <h2>{t('repositories.install.title')}</h2>
      {!compact && <p>{t('repositories.install.text')}</p>}
      <ul className="dc-install__list">
        {vendors.map((v, i) => {
          const s = statuses[i];
          const busy = s !== undefined && s.status !== 'no_status';
          return (
            <li key={v}>
              <VendorIcon vendor={v} />
              <strong>{t(`vendors.${v}`)}</strong>
              <span className="dc-install__msg">
                {busy ? s.message || t('repositories.install.working') : t('repositories.install.idle')}
              </span>
              {busy ? <LoadingOutlined /> : <CheckCircleFilled className="dc-install__ok" />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
