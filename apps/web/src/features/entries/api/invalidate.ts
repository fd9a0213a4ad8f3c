import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries/keys.ts';

/**
 * After an entry (or a series) is created, edited or deleted: the lists, the month's totals and the
 * carousel's first month, the accounts' balances, and the tags (usage counts; the form may create tags
 * from new labels), the cards. Categories are untouched.
 */
export function invalidateAfterEntryChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
    // Card entries change their invoices and the cards' available limits.
    queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  ]);
}
