import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from './api.ts';
import { setSession } from './session.ts';
import { HOME_PATH } from './useCompleteLogin.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';
import { useToast } from '../shell/toast.tsx';

/**
 * /auth/rapid/login?token=… — the mailed activation link lands here. The server exchanges the
 * link's token for a new session and marks the email verified; it refuses session tokens, so no
 * link can sign a browser into someone else's account (docs/security.md "Round 2").
 */
export default function RapidLoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const started = useRef(false);

  useEffect(() => {
    // Strict mode mounts twice; the token is single-use, so exchange it once.
    if (started.current) return;
    started.current = true;
    if (!token) {
      void navigate('/auth/login', { replace: true });
      return;
    }
    authApi
      .rapidLogin(token)
      .then((auth) => {
        setSession(auth.token, auth.user);
        queryClient.removeQueries();
        // The activation link confirms itself.
        if (auth.emailVerified) toast.success(t('auth.rapid.verified'), t('auth.rapid.verifiedText', { email: auth.user.email.name }));
        void navigate(HOME_PATH, { replace: true });
      })
      .catch((err: Error) => {
        toast.error(t('auth.login.failed'), err.message);
        void navigate('/auth/login', { replace: true });
      });
  }, [token, navigate, toast, t, queryClient]);

  return <FullPageLoader tip={t('auth.rapid.signingIn')} />;
}
