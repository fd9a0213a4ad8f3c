import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { importWithReload } from '../lib/reload-guard.ts';

/**
 * Route-level code splitting: each page is its own chunk. A failed chunk load (stale deploy) reloads the
 * target once (spec §8) instead of crashing.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(importWithReload(() => load().then((module) => ({ default: module[name] as ComponentType }))));
}
