import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from './api.ts';
import { setSession } from './session.ts';
import { HOME_PATH } from './useCompleteLogin.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

/**
 * /auth/rapid/login?token=… — the activation link (and the email-change flow) lands here.
 * The server exchanges the token for a session and marks the email verified.
 */
export default function RapidLoginPage() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
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
        void navigate(HOME_PATH, { replace: true });
      })
      .catch((err: Error) => {
        notification.error({ title: t('auth.login.failed'), description: err.message });
        void navigate('/auth/login', { replace: true });
      });
  }, [token, navigate, notification, t, queryClient]);

  return <FullPageLoader tip={t('auth.rapid.signingIn')} />;
}
