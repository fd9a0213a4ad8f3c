import { QueryClient } from '@tanstack/react-query';
import { getAuthState, subscribeAuth } from './auth-store.ts';

/**
 * The signed-in area's query cache. No retries anywhere (spec §7): a failed call is shown at once, never
 * repeated behind the user's back. Only the signed-in layout loads this module, so visitors' pages (the
 * login page's first load) do not carry the query library.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// One user's cached data must never be shown to the next one who signs in on this browser.
subscribeAuth(() => {
  if (!getAuthState().isAuthenticated) queryClient.clear();
});
