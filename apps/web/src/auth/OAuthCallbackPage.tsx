import { useEffect, useRef, useState } from 'react';
import { App, Button, Result } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OAuthProvider, type User } from '@docent/contracts';
import { authApi, oauthApi } from './api.ts';
import { clearSession, setSession, setToken } from './session.ts';
import { pathOf, safeRedirectTarget, withToken } from './redirect.ts';
import { HOME_PATH } from './useCompleteLogin.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

/** The provider's `error` codes we name; any other (and its description) reads as a plain failure. */
function providerErrorKey(error: string): string {
  return error === 'access_denied' ? 'auth.oauth.denied' : 'auth.oauth.failed';
}

/**
 * /oauth/{github,google,gitlab,bitbucket,azure} (spec §2 OAuth callback).
 *
 * Arriving from the provider (`code` and `state`), it hands both to the server, which checks the
 * state against this browser's cookie and answers a session. Arriving with `token` (spec: reads
 * token, message, state and shouldNotClose), it stores the token and loads the user. Either way
 * it then closes the popup unless told not to, shows the message, and goes to state (with
 * ?token) or home. The provider's own error text is never shown.
 */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const inPopup = Boolean(window.opener) && window.opener !== window;
    const shouldNotClose = params.get('shouldNotClose') === 'true';
    const segment = location.pathname.split('/').filter(Boolean)[1] ?? '';
    const provider = OAuthProvider.safeParse(segment);

    const fail = (text: string) => {
      clearSession();
      // In the popup the opener cannot show it: say it here, with a way to close.
      if (inPopup) {
        setFailure(text);
        return;
      }
      void message.error(text);
      void navigate('/auth/login', { replace: true });
    };

    const finish = (token: string, user: User, text: string | null, state: string | null) => {
      setSession(token, user);
      // A popup closes itself; the opener, checking it every 500 ms, finds the session in storage.
      if (inPopup && !shouldNotClose) {
        window.close();
        return;
      }
      if (text) void message.info(text);
      const target = safeRedirectTarget(state);
      if (target && target.origin !== window.location.origin) window.location.assign(withToken(target, token));
      else if (target) void navigate(pathOf(new URL(withToken(target, token))), { replace: true });
      else void navigate(HOME_PATH, { replace: true });
    };

    const error = params.get('error');
    const code = params.get('code');
    if (error) {
      fail(t(providerErrorKey(error)));
      return;
    }
    if (code) {
      const state = params.get('state');
      if (!provider.success || !state) {
        fail(t('auth.oauth.failed'));
        return;
      }
      // `state` here is the provider's round trip, not an address to go to.
      oauthApi
        .callback(provider.data, code, state)
        .then((auth) => finish(auth.token, auth.user, null, null))
        .catch((err: Error) => fail(err.message || t('auth.oauth.failed')));
      return;
    }

    const token = params.get('token');
    const text = params.get('message');
    if (!token) {
      if (text) void message.error(text);
      void navigate('/auth/login', { replace: true });
      return;
    }
    setToken(token);
    authApi
      .currentUser()
      .then((user) => finish(token, user, text, params.get('state')))
      .catch((err: Error) => {
        clearSession();
        void message.error(err.message);
        void navigate('/auth/login', { replace: true });
      });
  }, [params, navigate, message, location.pathname, t]);

  if (failure) {
    return (
      <Result
        status="error"
        title={t('auth.oauth.failedTitle')}
        subTitle={failure}
        extra={[
          <Button key="close" type="primary" onClick={() => window.close()}>
            {t('auth.oauth.close')}
          </Button>,
          <Link key="login" to="/auth/login">
            {t('auth.oauth.backToLogin')}
          </Link>,
        ]}
      />
    );
  }
  return <FullPageLoader tip={t('auth.oauth.signingIn')} />;
}
