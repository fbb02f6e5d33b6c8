import { Button, Dropdown } from 'antd';
import { CheckCircleFilled, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOSTED, type HostedVendor } from './api.ts';
import { VendorIcon } from './VendorIcon.tsx';

/** The connect-more control: vendors not yet connected; 'All connected' once all four are. */
export function ConnectMenu({ connected, onPick }: { connected: readonly HostedVendor[]; onPick: (v: HostedVendor) => void }) {
  const { t } = useTranslation();
  if (connected.length >= HOSTED.length) {
    return (
      <Button icon={<CheckCircleFilled />} disabled data-testid="all-connected">
        {t('repositories.allConnected')}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: HOSTED.map((v) => ({
          key: v,
          icon: <VendorIcon vendor={v} />,
          label: connected.includes(v) ? `${t(`vendors.${v}`)} · ${t('repositories.connected')}` : t(`vendors.${v}`),
          disabled: connected.includes(v),
        })),
        onClick: ({ key }) => onPick(key as HostedVendor),
      }}
    >
      <Button icon={<PlusOutlined />} data-testid="connect-more">
        {connected.length ? t('repositories.connectMore') : t('repositories.connectVendor')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
