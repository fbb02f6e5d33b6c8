import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../shell/Logo.tsx';
import './errors.css';

/** Shared frame of the 404 and server-error pages. */
export function ErrorPage({ status, title, subtitle, retry }: { status: '404' | '500'; title: string; subtitle: string; retry?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="dc-error-page">
      <Link to="/" className="dc-error-page__logo" aria-label={t('shell.nav.home')}>
        <Logo />
      </Link>
      <Result
        status={status}
        title={title}
        subTitle={subtitle}
        extra={[
          <Link to="/" key="home">
            <Button type="primary">{t('errors.backHome')}</Button>
          </Link>,
          retry ? (
            <Button key="retry" onClick={() => window.location.reload()}>
              {t('errors.retry')}
            </Button>
          ) : null,
        ]}
      />
    </div>
  );
}
