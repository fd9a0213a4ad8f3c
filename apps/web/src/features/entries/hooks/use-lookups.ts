import { useMemo } from 'react';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useTags } from '../../../lib/queries/tags.ts';
import { buildLookups, type Lookups } from '../components/lookups.ts';

/** Archived accounts too: old entries still name theirs. */
const ALL_ACCOUNTS = { includeArchived: true } as const;

/** Names and colours of the accounts, cards, categories and tags the rows and filter chips show, by id. */
export function useLookups(): { lookups: Lookups; pending: boolean } {
  const accounts = useAccounts(ALL_ACCOUNTS);
  const categories = useCategories();
  const tags = useTags();
  const cards = useCards();
  const lookups = useMemo(
    () =>
      buildLookups(
        accounts.data?.data ?? [],
        categories.data?.data ?? [],
        tags.data?.data ?? [],
        cards.data?.data ?? [],
      ),
    [accounts.data, categories.data, tags.data, cards.data],
  );
  return {
    lookups,
    pending: accounts.isPending || categories.isPending || tags.isPending || cards.isPending,
  };
}
