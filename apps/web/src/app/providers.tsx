import { TOAST_LIMIT } from '@centavo/shared/constants';
import {
  localStorageColorSchemeManager,
  MantineContext,
  MantineThemeProvider,
  useProviderColorScheme,
} from '@mantine/core';
import { type ContextType, lazy, type ReactNode, Suspense, useLayoutEffect, useMemo } from 'react';
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

type MantineContextValue = NonNullable<ContextType<typeof MantineContext>>;

const colorSchemeManager = localStorageColorSchemeManager();
const getRootElement = () => document.documentElement;

/**
 * Mantine's MantineProvider (9.7) without what it computes in the browser on every load: the theme's CSS
 * variables and the hiddenFrom/visibleFrom classes are in the stylesheet (app/mantine-theme.css, checked
 * against MantineProvider's own output by app/mantine-theme.test.tsx), which keeps Mantine's variable
 * resolver out of the first load's JavaScript (docs/decisions/web-first-load.md). The rest is as
 * MantineProvider does it: colour scheme (light, dark, auto; kept in local storage) and reduced motion.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme: 'auto',
    manager: colorSchemeManager,
    getRootElement,
    forceColorScheme: undefined,
  });
  useLayoutEffect(() => {
    if (theme.respectReducedMotion) getRootElement().setAttribute('data-respect-reduced-motion', 'true');
  }, []);
  const context = useMemo<MantineContextValue>(
    () => ({
      colorScheme,
      setColorScheme,
      clearColorScheme,
      getRootElement,
      classNamesPrefix: 'mantine',
      cssVariablesResolver,
      cssVariablesSelector: ':root',
      withStaticClasses: true,
    }),
    [colorScheme, setColorScheme, clearColorScheme],
  );
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

/** App-wide providers. The query cache lives in the signed-in layout (lib/query-client.ts). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <Toasts />
      {children}
    </ThemeProvider>
  );
}
