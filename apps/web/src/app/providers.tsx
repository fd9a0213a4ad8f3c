import { TOAST_LIMIT } from '@centavo/shared/constants';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
  // Texts Mantine writes itself, in the interface language: the password field's eye said "Toggle password
  // visibility" in Português too (issue 23 #9).
  const { t } = useTranslation('common');
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: {
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('actions.togglePassword') } },
          },
        },
      }),
    [t],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <Notifications limit={TOAST_LIMIT} position="top-right" zIndex={1000} />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
