import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
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

/** the reset code the code step handed over in the history entry's state */
function codeFromState(state: unknown): string {
  return typeof state === 'object' && state !== null && 'code' in state && typeof state.code === 'string' ? state.code : '';
}

/**
 * Step 3 of the reset (docs/spec-conformance.md §2): the email from the address, the code from the
 * history entry's state. A code that arrives in the address (`?email=…&code=…`, the specified link)
 * is moved into the state at once, so that it stays in no history entry, log or Referer (docs/security.md "Reset code").
 */
export default function NewPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const codeInAddress = params.get('code');
  const code = codeInAddress ?? codeFromState(location.state);
  useEffect(() => {
    if (codeInAddress === null) return;
    const rest = new URLSearchParams(params);
    rest.delete('code');
    void navigate({ search: `?${rest.toString()}` }, { replace: true, state: { code: codeInAddress } });
  }, [codeInAddress, params, navigate]);
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
