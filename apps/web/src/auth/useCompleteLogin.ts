import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '@docent/contracts';
import { setSession } from './session.ts';
import { pathOf, safeRedirectTarget, withToken } from './redirect.ts';

export const HOME_PATH = '/repositories';

/** Where the protected-route guard remembers the page the user asked for. */
export interface FromState {
  from?: string;
}

/**
 * After a successful sign-in: keep the session, then go to the `state` address with the token
 * appended (spec §2 login), else back to the page that sent the user here, else home.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const from = (location.state as FromState | null)?.from;

  const redirect = useCallback(
    (token: string) => {
      const target = safeRedirectTarget(state);
      if (target && target.origin !== window.location.origin) {
        window.location.assign(withToken(target, token));
        return;
      }
      if (target) {
        void navigate(pathOf(new URL(withToken(target, token))), { replace: true });
        return;
      }
      void navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : HOME_PATH, { replace: true });
    },
    [state, from, navigate],
  );

  const complete = useCallback(
    (auth: AuthResponse) => {
      setSession(auth.token, auth.user);
      redirect(auth.token);
    },
    [redirect],
  );

  return { complete, redirect };
}
