import type { EntryScope } from '@centavo/shared';

/*
 * Values of the entries contract (packages/shared/src/contracts/entries.ts), repeated here because
 * importing that module at runtime would put zod into the page's chunk; scope.test.ts keeps them equal.
 */
export const ENTRY_SCOPES = ['one', 'next', 'all'] as const satisfies readonly EntryScope[];
export const INSTALLMENTS_MIN = 2;
export const INSTALLMENTS_MAX = 420;
