import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '@docent/contracts';
import { setSession } from './session.ts';
import { pathOf, safeRedirectTarget } from './redirect.ts';
import { takeRememberedPage } from './pageState.ts';

export const HOME_PATH = '/repositories';

/** Where the protected-route guard remembers the page the user asked for. */
export interface FromState {
  from?: string;
}

/** The consent page a cross-origin (loopback) `state` goes through (docs/security.md "Round 2"). */
export function consentPath(target: URL): string {
  return `/auth/localhost/login?${new URLSearchParams({ redirectUri: target.href }).toString()}`;
}

/**
 * After a successful sign-in: keep the session, then go to the `state` address (docs/spec-conformance.md §2 login),
 * else back to the page that sent the user here (the router's state, else the stored `pageState`), else home. The browser's own token never
 * leaves in a URL: a loopback `state` (a local tool) goes through the consent page, which mints
 * a separate session for it once the user allows; an address of this app needs no token (the
 * session is in storage).
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const from = (location.state as FromState | null)?.from;

  const redirect = useCallback(() => {
    // used once whichever way the user goes on; the router's state wins, it is this tab's own
    const remembered = takeRememberedPage();
    const back = from ?? remembered;
    const target = safeRedirectTarget(state);
    if (target && target.origin !== window.location.origin) {
      void navigate(consentPath(target), { replace: true });
      return;
    }
    if (target) {
      void navigate(pathOf(target), { replace: true });
      return;
    }
    void navigate(back && back.startsWith('/') && !back.startsWith('//') ? back : HOME_PATH, { replace: true });
  }, [state, from, navigate]);

  const complete = useCallback(
    (auth: AuthResponse) => {
      setSession(auth.token, auth.user);
      redirect();
    },
    [redirect],
  );

  return { complete, redirect };
}
