import { useState } from 'react';
import { Button } from 'antd';
import { CheckCircleFilled, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOSTED, type HostedVendor } from './api.ts';
import { VendorIcon } from './VendorIcon.tsx';

/**
 * antd's Dropdown loads when the pointer or focus reaches the button, not with the dashboard
 * (docs/performance.md, "First load"); a click before it is there opens it once it is.
 */
const loadDropdown = () => import('antd/es/dropdown');
let dropdownModule: Awaited<ReturnType<typeof loadDropdown>> | null = null;

/** The connect-more control: vendors not yet connected; 'All connected' once all four are. */
export function ConnectMenu({ connected, onPick }: { connected: readonly HostedVendor[]; onPick: (v: HostedVendor) => void }) {
  const { t } = useTranslation();
  const [dropdown, setDropdown] = useState(dropdownModule);
  const [open, setOpen] = useState(false);
  if (connected.length >= HOSTED.length) {
    return (
      <Button icon={<CheckCircleFilled />} disabled data-testid="all-connected">
        {t('repositories.allConnected')}
      </Button>
    );
  }
  const load = () => {
    if (dropdown) return;
    void loadDropdown().then((m) => {
      dropdownModule = m;
      setDropdown(m);
    });
  };
  const button = (
    <Button
      icon={<PlusOutlined />}
      data-testid="connect-more"
      aria-haspopup="menu"
      aria-expanded={open}
      {...(dropdown
        ? {}
        : {
            onPointerEnter: load,
            onFocus: load,
            onClick: () => {
              setOpen(true);
              load();
            },
          })}
    >
      {connected.length ? t('repositories.connectMore') : t('repositories.connectVendor')} <DownOutlined />
    </Button>
  );
  if (!dropdown) return button;
  const Dropdown = dropdown.default;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: HOSTED.map((v) => ({
          key: v,
          icon: <VendorIcon vendor={v} />,
          label: connected.includes(v) ? `${t(`vendors.${v}`)} · ${t('repositories.connected')}` : t(`vendors.${v}`),
          disabled: connected.includes(v),
        })),
        onClick: ({ key }) => {
          setOpen(false);
          onPick(key as HostedVendor);
        },
      }}
    >
      {button}
    </Dropdown>
  );
}
