import { Button, Tooltip } from 'antd';
import { GithubOutlined, GitlabOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../shell/PageHeader.tsx';
import { VendorIcon } from './VendorIcon.tsx';

const VENDORS = [
  { key: 'GITHUB', icon: <GithubOutlined /> },
  { key: 'GITLAB', icon: <GitlabOutlined /> },
  { key: 'BITBUCKET', icon: <VendorIcon vendor="BITBUCKET" /> },
  { key: 'AZUREDEVOPS', icon: <VendorIcon vendor="AZUREDEVOPS" /> },
] as const;

/**
 * /repositories. With no vendor connected this is the spec's "Connect Vendors" empty state.
 * Connecting arrives with the vendor issue, so its buttons are disabled and say so.
 */
export default function RepositoriesPage() {
  const { t } = useTranslation();
  return (
    <div className="dc-page">
      <PageHeader title={t('repositories.title')} description={t('repositories.description')} />
      <section className="dc-panel dc-empty" data-testid="connect-vendors">
        <span className="dc-empty__art" aria-hidden="true">
          <LinkOutlined />
        </span>
        <h2>{t('repositories.connect.title')}</h2>
        <p>{t('repositories.connect.text')}</p>
        <div className="dc-empty__actions">
          {VENDORS.map((v) => {
            const name = t(`vendors.${v.key}`);
            return (
              <Tooltip key={v.key} title={t('repositories.connect.soon', { vendor: name })}>
                <span>
                  <Button size="large" icon={v.icon} disabled>
                    {name}
                  </Button>
                </span>
              </Tooltip>
            );
          })}
        </div>
      </section>
    </div>
  );
}
