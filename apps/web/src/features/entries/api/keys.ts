import type { EntryListState } from '../lib/filters.ts';

/**
 * Query keys of the entries page. Reference lists (accounts, categories, tags) are read here too, under
 * this feature's own keys: features never import each other (STYLE), and another page's cache shape is
 * not this page's business.
 */
export const entryKeys = {
  all: ['entries'] as const,
  lists: () => [...entryKeys.all, 'list'] as const,
  list: (state: EntryListState) => [...entryKeys.lists(), state] as const,
  balances: () => [...entryKeys.all, 'balance'] as const,
  balance: (month: string) => [...entryKeys.balances(), month] as const,
  carouselStart: () => [...entryKeys.all, 'carousel-start'] as const,
  accounts: () => [...entryKeys.all, 'ref', 'accounts'] as const,
  categories: () => [...entryKeys.all, 'ref', 'categories'] as const,
  subcategories: (categoryId: number) => [...entryKeys.all, 'ref', 'subcategories', categoryId] as const,
  tags: () => [...entryKeys.all, 'ref', 'tags'] as const,
};
