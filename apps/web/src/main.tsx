import './app/mantine-styles.ts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { BootLoader } from './components/PageLoader.tsx';
import { initI18n } from './lib/i18n.ts';
import { installPreloadErrorHandler } from './lib/reload-guard.ts';

installPreloadErrorHandler();
const queryClient = createQueryClient();
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The texts of the first screen are loaded before the first render, so no page flashes untranslated keys.
await initI18n();

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={<BootLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
