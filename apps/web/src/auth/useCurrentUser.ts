import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authApi, authKeys } from './api.ts';
import { setUser, useSession } from './session.ts';

/**
 * Keeps the stored user fresh from GET /v1/user (for example after the email is verified in
 * another tab). A token the server rejects answers 511, which signs the user out.
 */
export function useCurrentUser() {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: [...authKeys.me, token],
    queryFn: authApi.currentUser,
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: false,
  });
  // Only a newly fetched answer is copied; query.data keeps its identity while unchanged.
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data]);
  return user;
}
