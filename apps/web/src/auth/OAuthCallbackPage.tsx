import { useEffect, useRef, useState } from 'react';
import { Button, Result } from 'antd';
import { useApp } from '../theme/feedback.tsx';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider, User } from '@docent/contracts';
import { OAUTH_CALLBACK_PATHS, oauthApi } from './api.ts';
import { clearSession, setSession } from './session.ts';
import { HOME_PATH } from './useCompleteLogin.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

/** The provider's `error` codes we name; any other (and its description) reads as a plain failure. */
function providerErrorKey(error: string): string {
  return error === 'access_denied' ? 'auth.oauth.denied' : 'auth.oauth.failed';
}

/**
 * /oauth/{github,google,gitlab,bitbucket,azure} (docs/spec-conformance.md §2 OAuth callback).
 *
 * Arriving from the provider (`code` and `state`), it hands both to the server, which checks the
 * state against this browser's cookie (set when this browser started the sign-in) and answers a
 * session. It then closes the popup unless told not to (`shouldNotClose`), or goes home. The
 * provider's own error text is never shown.
 *
 * It takes no `token` (nor `message`) from the address: a link carrying someone's token would
 * sign the browser that opens it into that account (login CSRF, docs/security.md "Round 2").
 * The only way in is the code exchange bound to this browser's state cookie.
 */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const { message } = useApp();
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
    // one of the providers the server has a callback for; not the contracts' zod enum, which kept
    // for this page would bring zod to the sign-in page (docs/performance.md, "First load")
    const provider = Object.hasOwn(OAUTH_CALLBACK_PATHS, segment) ? (segment as OAuthProvider) : null;

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

    const finish = (token: string, user: User) => {
      setSession(token, user);
      // A popup closes itself; the opener, checking it every 500 ms, finds the session in storage.
      if (inPopup && !shouldNotClose) {
        window.close();
        return;
      }
      void navigate(HOME_PATH, { replace: true });
    };

    const error = params.get('error');
    const code = params.get('code');
    if (error) {
      fail(t(providerErrorKey(error)));
      return;
    }
    const state = params.get('state');
    if (!code || !provider || !state) {
      // Nothing from a provider (e.g. a crafted /oauth/github?token=…): sign nothing in.
      if (code) fail(t('auth.oauth.failed'));
      else void navigate('/auth/login', { replace: true });
      return;
    }
    // `state` here is the provider's round trip, not an address to go to.
    oauthApi
      .callback(provider, code, state)
      .then((auth) => finish(auth.token, auth.user))
      .catch((err: Error) => fail(err.message || t('auth.oauth.failed')));
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
