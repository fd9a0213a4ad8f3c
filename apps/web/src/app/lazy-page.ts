import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { importWithReload } from '../lib/reload-guard.ts';

/**
 * Route-level code splitting: each page is its own chunk. A failed chunk load (stale deploy) reloads the
 * target once (spec §8) instead of crashing. `loaded` returns the module when it is already in memory
 * (the first page, fetched by main.tsx through app/first-page.ts): the page then renders in the first commit instead of suspending
 * for a microtask behind a spinner.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  loaded?: () => M | undefined,
): LazyExoticComponent<ComponentType> {
  const fromNetwork = importWithReload(() =>
    load().then((module) => ({ default: module[name] as ComponentType })),
  );
  return lazy(() => {
    const module = loaded?.();
    if (!module) return fromNetwork();
    const ready = { default: module[name] as ComponentType };
    // biome-ignore lint/suspicious/noThenProperty: React's lazy reads a thenable that settles synchronously as already resolved
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as Promise<typeof ready>;
  });
}
