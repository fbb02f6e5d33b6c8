import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';

/** /docent-api-keys — key management arrives with the API keys issue. */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  return (
    <div className="dc-page">
      <PageHeader title={t('apiKeys.title')} description={t('apiKeys.description')} />
      <ComingSoon icon={<KeyOutlined />} title={t('apiKeys.soonTitle')} description={t('apiKeys.soonText')} />
    </div>
  );
}
