import { lazy, Suspense } from 'react';
import { Button, Popover } from 'antd';
import { Spinner } from './Spinner.tsx';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

// The panel (its time pickers and switches) is its own chunk, loaded when the popover first opens
// or the pointer comes near its button, not with the dashboard's first paint (docs/performance.md, "First load").
const loadPanel = () => import('./SettingsPanel.tsx');
const SettingsPanel = lazy(async () => ({ default: (await loadPanel()).SettingsPanel }));

export function SettingsPopover() {
  const { t } = useTranslation();
  return (
    <Popover
      content={
        <Suspense fallback={<Spinner size="small" />}>
          <SettingsPanel />
        </Suspense>
      }
      title={t('shell.settings.title')}
      trigger="click"
      placement="bottomRight"
    >
      <Button
        type="text"
        shape="circle"
        icon={<SettingOutlined />}
        aria-label={t('shell.settings.title')}
        title={t('shell.settings.title')}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      />
    </Popover>
  );
}
