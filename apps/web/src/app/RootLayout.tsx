import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { registerRouterNavigate } from '../lib/navigation.ts';

/** Wraps every route: hands the router to lib/navigation and scrolls to the top on route change (spec §2). */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    registerRouterNavigate((to, options) => {
      navigate(to, options);
    });
    return () => registerRouterNavigate(null);
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every path change
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);

  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
