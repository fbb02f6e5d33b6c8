import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { getSession, isSignedIn } from './session.ts';
import { browserNavigation, safeRedirectTarget, withToken } from './redirect.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';
import { useToast } from '../shell/toast.tsx';

/**
 * /auth/localhost/login?redirectUri=… — a local tool (the `docent login` CLI) asks for a token.
 * redirectUri must be loopback or this origin. The signed-in user first consents (a page on
 * another local port must not silently take a token); Allow mints a token of a new
 * session for the tool and sends the browser to redirectUri with it appended. Without
 * redirectUri, home.
 */
export default function LocalhostLoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectUri = params.get('redirectUri');
  const started = useRef(false);
  const [target, setTarget] = useState<URL | null>(null);
  const [sending, setSending] = useState(false);

  const fail = (description?: string) => {
    toast.error(t('auth.localhost.failed'), description);
    void navigate('/auth/login', { replace: true });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!redirectUri) {
      void navigate('/', { replace: true });
      return;
    }
    const safe = safeRedirectTarget(redirectUri);
    if (!safe) {
      toast.error(t('auth.localhost.failed'), t('auth.localhost.badRedirect'));
      void navigate('/auth/login', { replace: true });
      return;
    }
    if (!isSignedIn(getSession())) {
      // Sign in first; the login page comes back here, then the user is asked.
      const back = `${location.pathname}${location.search}`;
      void navigate(`/auth/login?${new URLSearchParams({ state: back }).toString()}`, { replace: true });
      return;
    }
    setTarget(safe);
  }, [redirectUri, navigate, toast, t, location]);

  if (!target) return <FullPageLoader tip={t('auth.localhost.signingIn')} />;

  const allow = () => {
    setSending(true);
    authApi
      .localToolToken()
      .then((auth) => browserNavigation.assign(withToken(target, auth.token)))
      .catch((err: Error) => fail(err.message));
  };
  const deny = () => {
    toast.info(t('auth.localhost.denied'));
    void navigate('/', { replace: true });
  };

  return (
    <AuthLayout title={t('auth.localhost.consentTitle')} subtitle={t('auth.localhost.consentText', { address: target.host })}>
      <p data-testid="local-tool-address">{t('auth.localhost.consentHint', { address: target.host })}</p>
      <Space wrap>
        <Button type="primary" loading={sending} onClick={allow}>
          {t('auth.localhost.allow')}
        </Button>
        <Button onClick={deny} disabled={sending}>
          {t('auth.localhost.deny')}
        </Button>
      </Space>
    </AuthLayout>
  );
}
