import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn, useSession } from './session.ts';
import type { FromState } from './useCompleteLogin.ts';
import { rememberPage } from './pageState.ts';

/**
 * Protected pages need both a token and a user; otherwise the login page (docs/spec-conformance.md §2). While the
 * screen is locked they send to the lock screen instead, which returns to the page on unlock.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!isSignedIn(session)) {
    const state: FromState = { from: `${location.pathname}${location.search}` };
    rememberPage(state.from!);
    if (session.locked && session.user) return <Navigate to="/auth/lock" replace state={state} />;
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return <Outlet />;
}
