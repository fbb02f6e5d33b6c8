import { Button, Form, Input, Popconfirm } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi } from '../auth/api.ts';
import { confirmPasswordRules, differentFromRules, requiredRule, strongPasswordRules } from '../auth/formRules.ts';
import { useFormErrorNotice } from '../auth/useFormErrorNotice.ts';
import { setToken } from '../auth/session.ts';
import { ProfileSection } from './ProfileSection.tsx';
import { PasswordItem } from '../auth/PasswordItem.tsx';
import { useToast } from '../shell/toast.tsx';

interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Profile › Security Settings: change the password (POST /setNewPasswordFromOldPassword) and sign
 * out everywhere. Both also switch every API key off (docs/security.md "Round 2"); the page says so.
 */
export default function SecuritySettingsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<ChangePasswordForm>();
  const onFinishFailed = useFormErrorNotice();
  const navigate = useNavigate();
  const signOutEverywhere = useMutation({
    mutationFn: () => authApi.logoutEverywhere(),
    // this session ended too: leave through the sign-out page, which clears the local session
    onSuccess: () => void navigate('/logout', { replace: true }),
    onError: (err) => toast.error(t('profile.security.signOutFailed'), err.message),
  });

  const change = useMutation({
    mutationFn: (v: ChangePasswordForm) => authApi.changePassword(v),
    onSuccess: (res) => {
      // Changing the password ends every older session; the answer carries this tab's new token.
      if (res.token) setToken(res.token);
      form.resetFields();
      toast.success(t('profile.security.success'), res.message);
    },
    onError: (err) => toast.error(t('auth.newPassword.failed'), err.message),
  });

  return (
    <ProfileSection title={t('breadcrumb.securitySettings')} description={t('profile.security.description')}>
      <div className="dc-panel dc-profile-card">
        <h3>{t('profile.security.title')}</h3>
        <p>{t('profile.security.subtitle')}</p>
        <p data-testid="password-api-keys-note">{t('profile.security.apiKeysNote')}</p>
        <Form<ChangePasswordForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => change.mutate(v)}
          onFinishFailed={onFinishFailed}
          style={{ maxWidth: 480 }}
        >
          <Form.Item name="oldPassword" label={t('profile.security.oldPassword')} rules={[requiredRule(t)]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <PasswordItem
            name="newPassword"
            label={t('profile.security.newPassword')}
            dependencies={['oldPassword']}
            rules={[...strongPasswordRules(t), differentFromRules(t, 'oldPassword')]}
            hint={t('auth.common.passwordHint')}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </PasswordItem>
          <Form.Item
            name="confirmPassword"
            label={t('auth.common.confirmPassword')}
            dependencies={['newPassword']}
            rules={confirmPasswordRules(t, 'newPassword')}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('profile.security.submit')}
          </Button>
        </Form>
      </div>
      <div className="dc-panel dc-profile-card">
        <h3>{t('profile.security.signOutTitle')}</h3>
        <p>{t('profile.security.signOutSubtitle')}</p>
        <p data-testid="sign-out-api-keys-note">{t('profile.security.apiKeysNote')}</p>
        <Popconfirm title={t('profile.security.signOutConfirm')} onConfirm={() => signOutEverywhere.mutate()}>
          <Button danger loading={signOutEverywhere.isPending}>
            {t('profile.security.signOutButton')}
          </Button>
        </Popconfirm>
      </div>
    </ProfileSection>
  );
}
