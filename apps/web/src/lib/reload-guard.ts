import { RELOAD_GUARD_MS } from '@centavo/shared/constants';

/**
 * After a deploy, old chunk names disappear and a lazy page import fails. One full reload to the target
 * fetches the new index.html; the sessionStorage marker (10 s, spec §9) stops a reload loop when the
 * failure is real.
 */
export const RELOAD_MARKER_KEY = 'centavo.reload-guard';

export function shouldReload(now: number = Date.now()): boolean {
  try {
    const last = Number(globalThis.sessionStorage?.getItem(RELOAD_MARKER_KEY) ?? 0);
    return !last || now - last > RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

export function markReload(now: number = Date.now()): void {
  try {
    globalThis.sessionStorage?.setItem(RELOAD_MARKER_KEY, String(now));
  } catch {
    // Without storage there is no loop guard, so reloading is skipped entirely (shouldReload is false).
  }
}

/** Reloads the current URL (the navigation target) once; returns false when the guard holds it back. */
export function reloadOnce(target: string = globalThis.location?.href ?? '/'): boolean {
  if (!shouldReload()) return false;
  markReload();
  globalThis.location.assign(target);
  return true;
}

/** Wraps a dynamic import so a chunk-load failure reloads the page once instead of crashing it. */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      // Reload and keep the page suspended until the browser navigates away.
      if (reloadOnce()) return new Promise<T>(() => {});
      throw error;
    });
}

export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
