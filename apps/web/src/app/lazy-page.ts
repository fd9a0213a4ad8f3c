import { type ComponentType, lazy } from 'react';
import { importWithReload } from '../lib/reload-guard.ts';

/**
 * A page as its own chunk (route-level code splitting), by the name it exports. A failed chunk load
 * (a stale deploy) reloads the target route once (spec §8, lib/reload-guard.ts) instead of crashing.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(importWithReload(() => load().then((module) => ({ default: module[name] }))));
}
