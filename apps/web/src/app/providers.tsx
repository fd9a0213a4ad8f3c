import { TOAST_LIMIT } from '@centavo/shared/constants';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toasts' container (12 KB gzip with its transitions) loads beside the first page instead of inside the
// app's entry chunk; a toast shown before it is in waits in Mantine's store and appears when it mounts.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * App-wide providers: Mantine (theme, colour scheme light/dark/auto kept in local storage), the toasts'
 * container and the query cache (lib/query-client.ts; tests pass a fresh one).
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <Notifications limit={TOAST_LIMIT} position="top-right" zIndex={1000} />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
