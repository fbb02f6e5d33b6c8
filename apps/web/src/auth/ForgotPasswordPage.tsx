import { Button, Form, Input } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { emailRules } from './formRules.ts';
import { useFormErrorNotice } from './useFormErrorNotice.ts';
import { useToast } from '../shell/toast.tsx';

/** Step 1 of the reset: the email form. The server answers the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const onFinishFailed = useFormErrorNotice();

  const send = useMutation({
    mutationFn: (email: string) => authApi.forgotPassword({ email }),
    onSuccess: (_res, email) => {
      void navigate(`/auth/security-code?${new URLSearchParams({ email }).toString()}`);
    },
    onError: (err) => toast.error(t('auth.common.error'), err.message),
  });

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Form<{ email: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => send.mutate(v.email.trim())}
        onFinishFailed={onFinishFailed}
      >
        <Form.Item name="email" label={t('auth.common.email')} rules={emailRules(t, 'auth.common.emailError')}>
          <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('auth.common.emailPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <p className="dc-auth__footer-text">
        <Link to="/auth/login">
          <ArrowLeftOutlined /> {t('auth.common.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
