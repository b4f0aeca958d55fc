import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SESSION_CHECK_KEY } from '../features/auth/api/auth';
import { SessionCheck } from '../features/auth/components/session-check';
import { ApiError, isClientError } from '../shared/api/client';
import { AppRoutes } from './router';

/**
 * The query cache of one page view: the browser's, or one server render's. A refusal (403) checks
 * the session again: the role may have changed while the live event was missed, and the stored user
 * (the menu, the guards) then follows the server.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403)
      void client.invalidateQueries({ queryKey: SESSION_CHECK_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on retry; network and server faults might.
        retry: (failures, error) => failures < 2 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

/** The app inside a router: BrowserRouter in the browser (main.tsx), StaticRouter on the server. */
export function App({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCheck />
      <Router>
        <AppRoutes />
      </Router>
    </QueryClientProvider>
  );
}
