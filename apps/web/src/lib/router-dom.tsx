import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  createPath,
  Router,
  useHref,
  useLocation,
  useNavigate,
  useResolvedPath,
} from 'react-router';

/**
 * React Router's `BrowserRouter` and `Link` for the app's own pages, without react-router's DOM module.
 * That module (`BrowserRouter`, `Link`, `NavLink`, `Form`, `useSearchParams`, `useSubmit`, …) is one file
 * whose parts are kept as a whole: importing `BrowserRouter` or `Link` from it put every part any page
 * uses, and the framework-mode prefetch code `Link` carries, on the sign-in page's first load (~3.7 KB
 * gzip, docs/decisions/web-first-load.md). lib/search-params.ts has its `useSearchParams`, for the
 * same reason.
 */

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/** react-router's `BrowserRouter` (8.5): the URL in the address bar, updates rendered in a transition. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const historyRef = useRef<BrowserHistory | null>(null);
  historyRef.current ??= createBrowserHistory({ v5Compat: true });
  const history = historyRef.current;
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        startTransition(() => setState(update));
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app (app/paths.ts); external URLs are plain anchors. */
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

function isModifiedClick(event: MouseEvent): boolean {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * react-router's `Link` for in-app paths: a real `href` (open in a new tab works), and a plain left click
 * navigates without a page load. Like react-router, a link to the current URL replaces the history entry
 * instead of adding the same page again.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const resolved = useResolvedPath(to);

  function handleClick(event: MouseEvent<HTMLAnchorElement>): void {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || isModifiedClick(event)) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace: replace ?? createPath(location) === createPath(resolved), state });
  }

  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
