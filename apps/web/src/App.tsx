import { Suspense, useEffect, useMemo } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from './api/client.ts';
import { createAppRouter } from './router.tsx';
import { ThemeProvider } from './theme/ThemeProvider.tsx';
import { FullPageLoader } from './shell/FullPageLoader.tsx';
import './i18n/index.ts';
import './theme/global.css';

export function App() {
  const queryClient = useMemo(
    () =>
      new QueryClient({
        defaultOptions: {
          // A rejected token or a client error will not fix itself on retry.
          queries: {
            retry: (count, err) =>
              count < 2 && !(err instanceof Error && 'status' in err && Number(err.status) < 500 && Number(err.status) > 0),
          },
        },
      }),
    [],
  );
  const router = useMemo(() => createAppRouter(), []);

  useEffect(() => {
    // docs/spec-conformance.md §4: a 511 signs out (the client already cleared the session) and goes to /. A full
    // load of / rather than a router navigation: queries still in flight could answer 511 again
    // mid-navigation and leave the app on / without its redirect (seen in the e2e under load).
    setUnauthorizedHandler(() => {
      queryClient.clear();
      window.location.replace('/');
    });
  }, [queryClient, router]);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* pages that translate wait here for the interface language's texts (i18n/index.ts) */}
        <Suspense fallback={<FullPageLoader />}>
          <RouterProvider router={router} />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
