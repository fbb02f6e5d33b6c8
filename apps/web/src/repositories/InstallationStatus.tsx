import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InstallStatus } from '@docent/contracts';
import { reposApi, reposKeys, type HostedVendor } from './api.ts';
import { VendorIcon } from './VendorIcon.tsx';

/** docs/spec-conformance.md §9: the vendor install status is polled every 5 seconds. */
export const INSTALL_STATUS_POLL_MS = 5000;

export function isInstalling(statuses: ReadonlyArray<InstallStatus | undefined>): boolean {
  return statuses.some((s) => s !== undefined && s.status !== 'no_status');
}

/** Install status of each connected vendor, polled every 5 s while the page is open. */
export function useInstallStatuses(vendors: readonly HostedVendor[]) {
  const results = useQueries({
    queries: vendors.map((v) => ({
      queryKey: [...reposKeys.installStatus, v],
      queryFn: () => reposApi.installStatus(v),
      refetchInterval: INSTALL_STATUS_POLL_MS,
      retry: false,
    })),
  });
  const statuses = results.map((r) => r.data);
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
