import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './AuthLayout.tsx';

/** The reset flow's step opened without its email (or code): say so and offer to start over. */
export function MissingResetDetails({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={title}>
      <Result
        status="warning"
        title={t('auth.emailCodeNotFound')}
        extra={
          <Link to="/auth/forgot-password">
            <Button type="primary">{t('auth.securityCode.startOver')}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
