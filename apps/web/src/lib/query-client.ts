import { notifyManager, QueryClient } from '@tanstack/react-query';
import { getAuthState, subscribeAuth } from './auth-store.ts';

// Components hear about a settled query in a microtask instead of a `setTimeout(0)` task: the entries list
// renders its first rows right after the month's response is parsed, not after whatever tasks are queued
// (docs/decisions/ledger-web.md). Notifications stay batched: one microtask per batch.
notifyManager.setScheduler(queueMicrotask);

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
