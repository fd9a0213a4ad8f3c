import { lazy, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { importWithReload } from '../../lib/reload-guard.ts';
import { HOME_PATH, paths } from '../paths.ts';

/** The 404 page loads on demand: the first load of a real page does not carry it. */
export const NotFound = lazy(
  importWithReload(() => import('../../components/NotFound.tsx').then((m) => ({ default: m.NotFound }))),
);

/** A route's validity check (spec §2): when it fails the page is a 404 'Page Not Found: {path}'. */
export function ValidRoute({
  check,
  children,
}: {
  check: (params: Record<string, string | undefined>) => boolean;
  children: ReactNode;
}) {
  const params = useParams();
  return check(params) ? children : <NotFound reason="invalid" />;
}

export function isNumericId(params: Record<string, string | undefined>): boolean {
  return /^[1-9]\d{0,15}$/.test(params.id ?? '');
}

/** Signed-in users skip the visitor pages (login, register, landing). */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  // While the signed-in page's code loads, the router keeps this page on screen: a spinner in place of
  // the form says something is happening (an empty card looked broken).
  return isAuthenticated ? (
    <>
      <Navigate to={HOME_PATH} replace />
      <PageLoader />
    </>
  ) : (
    children
  );
}

/** For the layout-less pages that still need a user (/me). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? children : <Navigate to={paths.auth.login} replace />;
}

/** /components and /allforms exist in development builds only (DESIGN §7). */
export function DevOnly({ children }: { children: ReactNode }) {
  return import.meta.env.DEV ? children : <NotFound />;
}
