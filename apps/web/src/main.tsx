import './app/mantine-styles.ts';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadFirstPage } from './app/first-page.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { BootLoader } from './components/PageLoader.tsx';
import { i18n, initI18n } from './lib/i18n.ts';
import { detectLocale } from './lib/locale.ts';
import { installPreloadErrorHandler } from './lib/reload-guard.ts';

installPreloadErrorHandler();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first screen's texts and page code download together and are in memory before the first render:
// no page flashes untranslated keys, and the first commit is the page itself, not a spinner. Not a
// top-level await: the page's chunk imports this one, so it cannot finish loading before this module has.
const firstPage = preloadFirstPage(location.pathname);
const firstScreenReady = Promise.all([
  initI18n(detectLocale()).then(() => i18n.loadNamespaces(firstPage.namespaces)),
  firstPage.code,
]);
// If the texts failed to load, the app still renders: the components suspend and ask for them again.
function render(container: HTMLElement): void {
  // A transition lets React yield to the browser while it builds the first screen, instead of one long
  // task (Total Blocking Time on slow phones).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <Suspense fallback={<BootLoader />}>
            <AppRouter />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    );
  });
}
firstScreenReady.then(
  () => render(root),
  () => render(root),
);
