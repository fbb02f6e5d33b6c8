import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from './session.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

/** /logout: clears token and user (spec §4) and any cached server data, then the login page. */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    clearSession();
    queryClient.clear();
    setCleared(true);
  }, [queryClient]);
  // Navigate only once cleared, or the login page would still see the old session.
  return cleared ? <Navigate to="/auth/login" replace /> : <FullPageLoader />;
}
