import { Button, Form, Input } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@docent/contracts';
import { authApi } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { MissingResetDetails } from './MissingResetDetails.tsx';
import { securityCodeRules } from './formRules.ts';
import { useFormErrorNotice } from './useFormErrorNotice.ts';
import { useToast } from '../shell/toast.tsx';

/** Step 2 of the reset: the 6-digit code mailed to the address (reset-password type), with resend. */
export default function SecurityCodePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [form] = Form.useForm<{ code: string }>();
  const onFinishFailed = useFormErrorNotice();

  const verify = useMutation({
    mutationFn: (code: string) => authApi.verifySecurityCode({ email, code }),
    onSuccess: (_res, code) => {
      // The code goes in the history entry's state, not the address (docs/security.md "Reset code").
      void navigate(`/auth/new-password?${new URLSearchParams({ email }).toString()}`, { state: { code } });
    },
    // docs/spec-conformance.md §8: a reset code failure shows the server's message.
    onError: (err) => toast.error(t('auth.common.error'), err.message),
  });
  const resend = useMutation({
    mutationFn: () => authApi.forgotPassword({ email }),
    onSuccess: () => toast.success(t('auth.securityCode.resent')),
    onError: (err) => toast.error(t('auth.common.error'), err.message),
  });

  if (!isValidEmail(email)) {
    return <MissingResetDetails title={t('auth.securityCode.title')} />;
  }

  return (
    <AuthLayout title={t('auth.securityCode.title')} subtitle={t('auth.securityCode.subtitle', { email })}>
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => verify.mutate(v.code)}
        onFinishFailed={onFinishFailed}
      >
        <Form.Item name="code" label={t('auth.securityCode.label')} rules={securityCodeRules(t)}>
          <Input.OTP
            length={6}
            formatter={(s) => s.replace(/\D/g, '')}
            aria-label={t('auth.securityCode.label')}
            onChange={(code) => {
              if (/^\d{6}$/.test(code) && !verify.isPending) form.submit();
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('auth.securityCode.submit')}
        </Button>
      </Form>
      <p className="dc-auth__footer-text">
        {t('auth.securityCode.noCode')}{' '}
        <Button type="link" onClick={() => resend.mutate()} loading={resend.isPending} style={{ padding: 0 }}>
          {t('auth.securityCode.resend')}
        </Button>
      </p>
      <p className="dc-auth__footer-text">
        <Link to="/auth/login">
          <ArrowLeftOutlined /> {t('auth.common.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
