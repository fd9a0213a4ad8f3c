/**
 * Every query key of the app, in one place: a mutation invalidates another feature's data by these keys,
 * never by a copy of them. Each group's first key is the prefix of all its keys.
 */
export const queryKeys = {
  accounts: {
    all: ['accounts'] as const,
    list: (params: { month: string | null; includeArchived: boolean }) =>
      [...queryKeys.accounts.all, 'list', params] as const,
  },
  /** System names come in the interface language: it is part of the keys, so a switch refetches. */
  categories: {
    all: ['categories'] as const,
    tree: (language: string) => [...queryKeys.categories.all, 'tree', language] as const,
    subcategories: (categoryId: number, language: string) =>
      [...queryKeys.categories.all, 'subcategories', categoryId, language] as const,
  },
  tags: { all: ['tags'] as const },
  entries: {
    all: ['entries'] as const,
    lists: () => [...queryKeys.entries.all, 'list'] as const,
    /** `filters`: the list's state in the URL (features/entries/lib/filters.ts). */
    list: (filters: object) => [...queryKeys.entries.lists(), filters] as const,
    balances: () => [...queryKeys.entries.all, 'balance'] as const,
    balance: (month: string) => [...queryKeys.entries.balances(), month] as const,
    /** GET /entry/totals of a filtered list (issue 13 #14). */
    totals: (filters: object) => [...queryKeys.entries.all, 'totals', filters] as const,
    carouselStart: () => [...queryKeys.entries.all, 'carousel-start'] as const,
  },
  preferences: ['user', 'preferences'] as const,
  accountLogs: (page: number, perPage: number) => ['account-logs', page, perPage] as const,
  /** Reference data (changes only with a deploy). */
  reference: {
    banks: ['reference', 'bank'] as const,
    countries: ['reference', 'country'] as const,
    currencies: ['reference', 'currency'] as const,
    languages: ['reference', 'language'] as const,
  },
};
