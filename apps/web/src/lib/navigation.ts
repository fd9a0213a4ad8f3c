/**
 * The app's one way to navigate from code (spec §2, §8): refuses script-protocol URLs always and external
 * URLs unless `{ external: true }`, and lets guards abort or redirect a navigation.
 */
export const EXTERNAL_URL_ERROR = 'Navigating to an external URL is not allowed by default';
export const SCRIPT_PROTOCOL_ERROR = 'Cannot navigate to an URL with script protocol';

export interface NavigateOptions {
  external?: boolean;
  replace?: boolean;
}

/** A guard returns false to abort, a path to redirect, or nothing to let the navigation through. */
export type NavigationGuard = (to: string) => boolean | string | undefined;

type RouterNavigate = (to: string, options: { replace?: boolean }) => void;

let routerNavigate: RouterNavigate | null = null;
const guards = new Set<NavigationGuard>();

/** The router registers its navigate function once it is mounted. */
export function registerRouterNavigate(fn: RouterNavigate | null): void {
  routerNavigate = fn;
}

export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

const SCRIPT_PROTOCOLS = new Set(['javascript:', 'vbscript:', 'data:']);

function currentOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/** Classifies a target: an in-app path, an external URL, or a refused script URL. */
export function resolveTarget(
  to: string,
): { kind: 'internal'; path: string } | { kind: 'external'; url: string } {
  // Browsers drop tabs/newlines and leading control characters before parsing, so "java\tscript:" is a script URL.
  const cleaned = Array.from(to)
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('');
  const url = new URL(cleaned, `${currentOrigin()}/`);
  if (SCRIPT_PROTOCOLS.has(url.protocol)) throw new Error(SCRIPT_PROTOCOL_ERROR);
  if (url.origin !== currentOrigin()) return { kind: 'external', url: url.href };
  return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * Navigates to `to`. Throws for refused targets; returns false when a guard aborted.
 */
export function navigate(to: string, options: NavigateOptions = {}): boolean {
  const target = resolveTarget(to);
  if (target.kind === 'external') {
    if (!options.external) throw new Error(EXTERNAL_URL_ERROR);
    if (options.replace) globalThis.location.replace(target.url);
    else globalThis.location.assign(target.url);
    return true;
  }
  let path = target.path;
  for (const guard of guards) {
    const verdict = guard(path);
    if (verdict === false) return false;
    if (typeof verdict === 'string') path = verdict;
  }
  if (routerNavigate) routerNavigate(path, { replace: options.replace });
  else globalThis.location.assign(path);
  return true;
}
