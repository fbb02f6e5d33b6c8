import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { getSession, isSignedIn, setSession } from './session.ts';
import { safeRedirectTarget, withToken } from './redirect.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';
import { useToast } from '../shell/toast.tsx';

/**
 * /auth/localhost/login?redirectUri=… — a local tool asks for a token. The token is refreshed
 * and handed to redirectUri (loopback or this origin only); without redirectUri, home.
 */
export default function LocalhostLoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectUri = params.get('redirectUri');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!redirectUri) {
      void navigate('/', { replace: true });
      return;
    }
    const target = safeRedirectTarget(redirectUri);
    const fail = (description?: string) => {
      toast.error(t('auth.localhost.failed'), description);
      void navigate('/auth/login', { replace: true });
    };
    if (!target) {
      fail(t('auth.localhost.badRedirect'));
      return;
    }
    if (!isSignedIn(getSession())) {
      // Sign in first; the login page comes back here with the token, then we refresh it.
      const back = `${location.pathname}${location.search}`;
      void navigate(`/auth/login?${new URLSearchParams({ state: back }).toString()}`, { replace: true });
      return;
    }
    authApi
      .refreshToken()
      .then((auth) => {
        setSession(auth.token, auth.user);
        window.location.assign(withToken(target, auth.token));
      })
      .catch((err: Error) => fail(err.message));
  }, [redirectUri, navigate, toast, t, location]);

  return <FullPageLoader tip={t('auth.localhost.signingIn')} />;
}
