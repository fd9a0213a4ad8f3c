import './app/mantine-styles.ts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { BootLoader } from './components/PageLoader.tsx';
import { initI18n } from './lib/i18n.ts';
import { installPreloadErrorHandler } from './lib/reload-guard.ts';

installPreloadErrorHandler();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Components suspend until their texts are in: rendering need not wait for them here.
void initI18n();
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<BootLoader />}>
        <AppRouter />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
