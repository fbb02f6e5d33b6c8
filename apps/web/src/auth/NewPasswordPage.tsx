import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { MissingResetDetails } from './MissingResetDetails.tsx';
import { confirmPasswordRules, strongPasswordRules } from './formRules.ts';
import { useFormErrorNotice } from './useFormErrorNotice.ts';
import { PasswordItem } from './PasswordItem.tsx';
import { useToast } from '../shell/toast.tsx';

interface NewPasswordForm {
  password: string;
  confirmPassword: string;
}

/** Step 3 of the reset: reads email and code from the address (docs/spec-conformance.md §2). */
export default function NewPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const onFinishFailed = useFormErrorNotice();

  const save = useMutation({
    mutationFn: (v: NewPasswordForm) => authApi.setNewPassword({ email, code, password: v.password, confirmPassword: v.confirmPassword }),
    onSuccess: (res) => {
      toast.success(t('auth.newPassword.success'), res.message);
      void navigate(`/auth/login?${new URLSearchParams({ email }).toString()}`, { replace: true });
    },
    onError: (err) => toast.error(t('auth.newPassword.failed'), err.message),
  });

  if (!email || !code) {
    return <MissingResetDetails title={t('auth.newPassword.title')} />;
  }

  return (
    <AuthLayout title={t('auth.newPassword.title')} subtitle={t('auth.newPassword.subtitle', { email })}>
      <Form<NewPasswordForm>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => save.mutate(v)}
        onFinishFailed={onFinishFailed}
      >
        <PasswordItem
          name="password"
          label={t('auth.newPassword.password')}
          rules={strongPasswordRules(t)}
          hint={t('auth.common.passwordHint')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </PasswordItem>
        <Form.Item
          name="confirmPassword"
          label={t('auth.common.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules(t, 'password')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={save.isPending}>
          {t('auth.newPassword.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
