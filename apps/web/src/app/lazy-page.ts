import type { Namespace } from '@centavo/shared';
import { type ComponentType, lazy } from 'react';
import { i18n } from '../lib/i18n.ts';
import { importWithReload } from '../lib/reload-guard.ts';

/**
 * A page as its own chunk (route-level code splitting), by the name it exports, downloaded together with
 * the texts it shows (else they would load only once the page renders and asks for them). A failed chunk
 * load (a stale deploy) reloads the target route once (spec §8, lib/reload-guard.ts) instead of crashing.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  namespaces: readonly Namespace[] = [],
) {
  return lazy(
    importWithReload(() =>
      Promise.all([load(), i18n.loadNamespaces([...namespaces])]).then(([module]) => ({
        default: module[name],
      })),
    ),
  );
}
