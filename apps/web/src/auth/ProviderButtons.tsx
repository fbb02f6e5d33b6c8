import { Button, Tooltip } from 'antd';
import { GithubOutlined, GitlabOutlined, GoogleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

export type Provider = 'github' | 'gitlab' | 'bitbucket' | 'azure' | 'google';

function BitbucketIcon() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
        <path d="M2.65 3a.65.65 0 0 0-.65.75l2.75 16.7c.07.42.43.73.86.73h13.06c.32 0 .59-.23.64-.54L22 3.75A.65.65 0 0 0 21.35 3zm11.5 12.05H9.9l-1.14-6.02h6.43z" />
      </svg>
    </span>
  );
}

function AzureIcon() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
        <path d="M22 5.6v12.3l-5 4.1-7.8-2.8v2.8L4.8 16.2l12.8 1V6.2zm-4.3.6L10.5 2v2.9L3.9 6.8 2 9.3v5.5l2.8 1.3V9z" />
      </svg>
    </span>
  );
}

const ICONS: Record<Provider, ReactNode> = {
  github: <GithubOutlined />,
  gitlab: <GitlabOutlined />,
  bitbucket: <BitbucketIcon />,
  azure: <AzureIcon />,
  google: <GoogleOutlined />,
};

/**
 * Social sign-in buttons. Provider sign-in arrives with the OAuth issue; until then each
 * button is present but disabled, and its tooltip says so.
 */
export function ProviderButtons({ providers }: { providers: Provider[] }) {
  const { t } = useTranslation();
  return (
    <div className={`dc-auth__providers dc-auth__providers--${providers.length}`}>
      {providers.map((p) => {
        const name = t(`auth.providers.${p}`);
        return (
          <Tooltip key={p} title={t('auth.providers.soon', { provider: name })}>
            <span data-testid={`provider-${p}`}>
              <Button icon={ICONS[p]} disabled size="large" aria-label={name}>
                <span className="dc-provider-label">{name}</span>
              </Button>
            </span>
          </Tooltip>
        );
      })}
    </div>
  );
}
