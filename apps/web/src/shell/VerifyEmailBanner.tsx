import { Button } from 'antd';
import { LazyAlert as Alert } from './LazyAlert.tsx';
import { useApp } from '../theme/feedback.tsx';
import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@docent/contracts';
import { authApi } from '../auth/api.ts';

/** Shown while the email is unverified (docs/spec-conformance.md §2), with a Resend Link button. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const resend = useMutation({
    mutationFn: authApi.generateActivationLink,
    onSuccess: () => message.success(t('shell.banner.sent')),
    onError: () => message.error(t('shell.banner.failed')),
  });
  if (user.isVerified) return null;
  return (
    <Alert
      banner
      type="info"
      icon={<MailOutlined />}
      showIcon
      className="dc-verify-banner"
      data-testid="verify-banner"
      title={t('shell.banner.unverified', { email: user.email.name })}
      action={
        <Button size="small" type="primary" ghost loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('shell.banner.resend')}
        </Button>
      }
    />
  );
}
