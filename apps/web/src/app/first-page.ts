import type { Namespace } from '@centavo/shared';
import { paths } from './paths.ts';

/** A page's import that remembers its module once loaded, so lazy-page.ts can render it without suspending. */
export interface RememberedImport<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

function remember<M>(load: () => Promise<M>): RememberedImport<M> {
  let module: M | undefined;
  return {
    load: () =>
      load().then((loaded) => {
        module = loaded;
        return loaded;
      }),
    loaded: () => module,
  };
}

/** The sign-in page's chunk (vite.config.ts "visitor"), which the other visitors' pages build on. */
export const loginPage = remember(() => import('../features/auth/pages/LoginPage.tsx'));
export const registerPage = remember(() => import('../features/auth/pages/RegisterPage.tsx'));
export const forgotPasswordPage = remember(() => import('../features/auth/pages/ForgotPasswordPage.tsx'));
export const resetPasswordPage = remember(() => import('../features/auth/pages/ResetPasswordPage.tsx'));
export const verifyEmailPage = remember(() => import('../features/auth/pages/VerifyEmailPage.tsx'));
export const welcomePage = remember(() => import('../features/auth/pages/WelcomePage.tsx'));

/**
 * The visitors' pages whose code the first screen fetches with its texts. Every one of them, not only the
 * sign-in page: a page rendered while its own chunk still loads shows the layout's card with a spinner,
 * then the form, and everything below it moves (layout shift).
 */
const VISITOR_PAGES: Readonly<Record<string, RememberedImport<unknown>>> = {
  [paths.auth.login]: loginPage,
  [paths.auth.register]: registerPage,
  [paths.auth.forgotPassword]: forgotPasswordPage,
  [paths.auth.resetPassword]: resetPasswordPage,
  [paths.auth.verifyEmail]: verifyEmailPage,
  [paths.welcome]: welcomePage,
};

/**
 * Starts fetching the first page's code (main.tsx runs this while the app chunk still downloads). Returns
 * the catalogue namespaces that page needs besides the base ones, and the page's download (settled, never
 * rejected: a failure is left to the route's own lazy import, which reloads once on a stale deploy).
 */
export function preloadFirstPage(pathname: string): { namespaces: Namespace[]; code: Promise<unknown> } {
  const path = pathname.replace(/\/+$/, '') || '/';
  const page = Object.hasOwn(VISITOR_PAGES, path) ? VISITOR_PAGES[path] : undefined;
  if (!page) return { namespaces: [], code: Promise.resolve() };
  return { namespaces: ['auth'], code: page.load().catch(() => undefined) };
}
