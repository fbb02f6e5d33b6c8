import { Button } from 'antd';
import { LazyAlert as Alert } from '../shell/LazyAlert.tsx';
import { useTranslation } from 'react-i18next';
import type { VendorConnection } from '@docent/contracts';
import type { HostedVendor } from './api.ts';

/**
 * Connections whose OAuth sign-in could not be renewed (the provider refused the refresh token):
 * the user has to sign in with the provider again, or connect it with an access token.
 */
export function ReauthNotice({
  connections,
  onReconnect,
}: {
  connections: readonly VendorConnection[] | undefined;
  onReconnect: (vendor: HostedVendor) => void;
}) {
  const { t } = useTranslation();
  const expired = (connections ?? []).filter((c) => c.needsReauth && c.vendor !== 'GIT');
  if (!expired.length) return null;
  return (
    <div className="dc-reauth" data-testid="reauth-notice">
      {expired.map((c) => {
        const vendor = t(`vendors.${c.vendor}`);
        return (
          <Alert
            key={`${c.vendor}/${c.organization}`}
            type="warning"
            showIcon
            title={t('repositories.reauth.title', { vendor })}
            description={t('repositories.reauth.text', { vendor })}
            action={
              <Button size="small" onClick={() => onReconnect(c.vendor as HostedVendor)}>
                {t('repositories.reauth.action')}
              </Button>
            }
          />
        );
      })}
    </div>
  );
}
