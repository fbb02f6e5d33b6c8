import { useEffect } from 'react';
import { Button, Divider, Form } from 'antd';
// the two fields alone, not Input's TextArea, Search and OTP
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { emailRules, requiredRule } from './formRules.ts';
import { useLegalLinks, withTags } from './LegalLinks.tsx';
import { ProviderButtons, useConfiguredProviders, type Provider } from './ProviderButtons.tsx';
import { isSignedIn, useSession } from './session.ts';
import { useCompleteLogin } from './useCompleteLogin.ts';
import { useFormErrorNotice } from './useFormErrorNotice.ts';
import { useToast } from '../shell/toast.tsx';

/** docs/spec-conformance.md §2 login buttons. */
const LOGIN_PROVIDERS: Provider[] = ['github', 'bitbucket', 'gitlab', 'azure'];

interface LoginForm {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const location = useLocation();
  const { complete, redirect } = useCompleteLogin();
  const onFinishFailed = useFormErrorNotice();
  const legal = useLegalLinks();
  const social = useConfiguredProviders(LOGIN_PROVIDERS);

  // An already signed-in user is sent on at once (docs/spec-conformance.md §2 login).
  useEffect(() => {
    if (isSignedIn(session) && session.token) redirect();
    // Only on arrival (empty deps): a login in progress redirects through complete().
  }, []);

  const login = useMutation({
    mutationFn: (v: LoginForm) => authApi.login(v.email.trim(), v.password),
    onSuccess: complete,
    onError: (err) => toast.error(t('auth.login.failed'), err.message),
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Form<LoginForm>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => login.mutate(v)}
        onFinishFailed={onFinishFailed}
        initialValues={{ email: new URLSearchParams(location.search).get('email') ?? '' }}
      >
        <Form.Item name="email" label={t('auth.common.email')} rules={emailRules(t)}>
          <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('auth.common.emailPlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.common.password')} rules={[requiredRule(t)]}>
          <Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="••••••••" />
        </Form.Item>
        <div className="dc-auth__links">
          <span />
          <Link to="/auth/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      {social.length > 0 && <Divider plain>{t('auth.login.orContinue')}</Divider>}
      <ProviderButtons providers={LOGIN_PROVIDERS} onSignedIn={redirect} />
      <p className="dc-auth__footer-text">
        {t('auth.login.noAccount')} <Link to={`/auth/sign-up${location.search}`}>{t('auth.login.signUp')}</Link>
      </p>
      <p className="dc-auth__legal">{withTags(t('auth.legal.byContinuing'), { terms: legal.terms, privacy: legal.privacy })}</p>
      {legal.modal}
    </AuthLayout>
  );
}
