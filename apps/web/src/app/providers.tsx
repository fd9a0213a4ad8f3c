import { TOAST_LIMIT } from '@centavo/shared/constants';
import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useToastsWanted } from '../lib/toasts.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Notifications = lazy(() =>
  import('../lib/notifications.ts').then((module) => ({ default: module.Notifications })),
);

function Toasts() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} position="top-right" zIndex={1000} />
    </Suspense>
  );
}

/** App-wide providers. The query cache lives in the signed-in layout (lib/query-client.ts). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      {children}
    </MantineProvider>
  );
}
