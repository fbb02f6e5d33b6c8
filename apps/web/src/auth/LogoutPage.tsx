import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession, getToken } from './session.ts';
import { authApi } from './api.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

/** /logout: clears token and user (docs/spec-conformance.md §4) and any cached server data, then the login page. */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearSession();
      queryClient.clear();
      setCleared(true);
    };
    // End the session on the server first (best effort: offline, the local sign-out still happens).
    if (getToken())
      void authApi
        .logout()
        .catch(() => undefined)
        .finally(finish);
    else finish();
  }, [queryClient]);
  // Navigate only once cleared, or the login page would still see the old session.
  return cleared ? <Navigate to="/auth/login" replace /> : <FullPageLoader />;
}
