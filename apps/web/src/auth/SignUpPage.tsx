import { Button, Checkbox, Divider, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { confirmPasswordRules, emailRules, requiredRule, strongPasswordRules, termsRule } from './formRules.ts';
import { useLegalLinks, withTags } from './LegalLinks.tsx';
import { ProviderButtons, useConfiguredProviders, type Provider } from './ProviderButtons.tsx';
import { isSignedIn, useSession } from './session.ts';
import { HOME_PATH, useCompleteLogin } from './useCompleteLogin.ts';
import { useFormErrorNotice } from './useFormErrorNotice.ts';
import { PasswordItem } from './PasswordItem.tsx';
import { useToast } from '../shell/toast.tsx';
import { claimReferral } from '../coupons/referral.ts';

/** docs/spec-conformance.md §2 sign-up buttons. */
const SIGNUP_PROVIDERS: Provider[] = ['google', 'github', 'bitbucket'];

interface SignUpForm {
  firstName: string;
  lastName?: string;
  userName?: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export default function SignUpPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const location = useLocation();
  const { complete, redirect } = useCompleteLogin();
  const onFinishFailed = useFormErrorNotice();
  const legal = useLegalLinks();
  const social = useConfiguredProviders(SIGNUP_PROVIDERS);

  const referral = new URLSearchParams(window.location.search).get('ref');
  const signup = useMutation({
    mutationFn: (v: SignUpForm) =>
      authApi.signup({
        first_name: v.firstName.trim(),
        last_name: (v.lastName ?? '').trim(),
        ...(v.userName?.trim() ? { username: v.userName.trim() } : {}),
        email: v.email.trim(),
        password: v.password,
        agreeToTerms: true,
      }),
    onSuccess: (auth) => {
      toast.success(t('auth.signup.success'), t('auth.signup.checkInbox', { email: auth.user.email.name }));
      complete(auth);
      claimReferral(referral);
    },
    onError: (err) => toast.error(t('auth.signup.failed'), err.message),
  });

  if (isSignedIn(session) && !signup.isPending && !signup.isSuccess) return <Navigate to={HOME_PATH} replace />;

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <ProviderButtons providers={SIGNUP_PROVIDERS} onSignedIn={redirect} />
      {social.length > 0 && <Divider plain>{t('auth.or')}</Divider>}
      <Form<SignUpForm>
        layout="vertical"
        size="large"
        requiredMark={false}
        // the Terms box starts unticked: agreeing is the user's act, not a default
        initialValues={{ agreeToTerms: false }}
        onFinish={(v) => signup.mutate(v)}
        onFinishFailed={onFinishFailed}
      >
        <div className="dc-form-row">
          <Form.Item name="firstName" label={t('auth.signup.firstName')} rules={[requiredRule(t)]}>
            <Input prefix={<UserOutlined />} autoComplete="given-name" />
          </Form.Item>
          <Form.Item name="lastName" label={t('auth.signup.lastName')}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item name="email" label={t('auth.common.email')} rules={emailRules(t)}>
          <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('auth.common.emailPlaceholder')} />
        </Form.Item>
        <PasswordItem name="password" label={t('auth.common.password')} rules={strongPasswordRules(t)} hint={t('auth.common.passwordHint')}>
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
        <Form.Item name="agreeToTerms" valuePropName="checked" rules={[termsRule(t)]}>
          <Checkbox>{withTags(t('auth.signup.agree'), { terms: legal.terms, privacy: legal.privacy })}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signup.isPending}>
          {t('auth.signup.submit')}
        </Button>
      </Form>
      <p className="dc-auth__footer-text">
        {t('auth.signup.haveAccount')} <Link to={`/auth/login${location.search}`}>{t('auth.signup.signIn')}</Link>
      </p>
      {legal.modal}
    </AuthLayout>
  );
}
