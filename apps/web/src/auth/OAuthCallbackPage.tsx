import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { clearSession, setSession, setToken } from './session.ts';
import { pathOf, safeRedirectTarget, withToken } from './redirect.ts';
import { HOME_PATH } from './useCompleteLogin.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

/**
 * /oauth/google and /oauth/github (spec §2 OAuth callback): reads token, message, state and
 * shouldNotClose; stores the token, loads the user, closes the popup unless told not to,
 * shows the message, then goes to state (with ?token) or home.
 */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const text = params.get('message');
    const state = params.get('state');
    const shouldNotClose = params.get('shouldNotClose') === 'true';
    if (!token) {
      if (text) void message.error(text);
      void navigate('/auth/login', { replace: true });
      return;
    }
    setToken(token);
    authApi
      .currentUser()
      .then((user) => {
        setSession(token, user);
        // A popup opened by the login page closes itself; the opener sees the session via storage.
        if (window.opener && !shouldNotClose) {
          window.close();
          return;
        }
        if (text) void message.info(text);
        const target = safeRedirectTarget(state);
        if (target && target.origin !== window.location.origin) window.location.assign(withToken(target, token));
        else if (target) void navigate(pathOf(new URL(withToken(target, token))), { replace: true });
        else void navigate(HOME_PATH, { replace: true });
      })
      .catch((err: Error) => {
        clearSession();
        void message.error(err.message);
        void navigate('/auth/login', { replace: true });
      });
  }, [params, navigate, message]);

  return <FullPageLoader tip={t('auth.oauth.signingIn')} />;
}
