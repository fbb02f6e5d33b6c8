import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn, useSession } from './session.ts';
import type { FromState } from './useCompleteLogin.ts';

/** Protected pages need both a token and a user; otherwise the login page (spec §2). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!isSignedIn(session)) {
    const state: FromState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return <Outlet />;
}
