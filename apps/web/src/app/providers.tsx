import { TOAST_LIMIT } from '@centavo/shared/constants';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * App-wide providers: Mantine (theme, colour scheme light/dark/auto kept in local storage) and the toasts'
 * container. The query cache lives in the signed-in layout (lib/query-client.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications limit={TOAST_LIMIT} position="top-right" zIndex={1000} />
      {children}
    </MantineProvider>
  );
}
