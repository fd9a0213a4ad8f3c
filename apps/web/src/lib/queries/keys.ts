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
  /** Cards and their invoices (features/cards): entries and payments change them. */
  cards: {
    all: ['cards'] as const,
    list: () => [...queryKeys.cards.all, 'list'] as const,
    invoice: (cardId: number, month: string | null) =>
      [...queryKeys.cards.all, 'invoice', cardId, month] as const,
    due: (month: string) => [...queryKeys.cards.all, 'due', month] as const,
    /** GET /invoice/{id}: an invoice line of the entries list, opened to its purchases. */
    invoiceById: (id: number) => [...queryKeys.cards.all, 'invoice-by-id', id] as const,
    flags: ['reference', 'flag'] as const,
  },
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
  /**
   * Figures computed from entries (budgets' spent, reports, dashboard widgets): under the entries prefix, so
   * every entry change (which invalidates entries.all) refreshes them too; budget writes invalidate
   * figures.budgets().
   */
  figures: {
    all: ['entries', 'figures'] as const,
    budgets: () => [...queryKeys.figures.all, 'budgets'] as const,
    budgetList: (month: string) => [...queryKeys.figures.budgets(), 'list', month] as const,
    budgetDashboard: (month: string) => [...queryKeys.figures.budgets(), 'dashboard', month] as const,
    categoryDashboard: (month: string, basis: string) =>
      [...queryKeys.figures.all, 'category-dashboard', month, basis] as const,
    report: (kind: string, params: object) => [...queryKeys.figures.all, 'report', kind, params] as const,
  },
  /** Imports (features/import): the history, one import, its rows by page and status. */
  imports: {
    all: ['imports'] as const,
    list: (page: number) => [...queryKeys.imports.all, 'list', page] as const,
    one: (id: number) => [...queryKeys.imports.all, 'one', id] as const,
    rows: (id: number, params: object) => [...queryKeys.imports.all, 'rows', id, params] as const,
  },
  /** Rules (features/rules; the "always categorise" offer creates them from entries and imports). */
  rules: { all: ['rules'] as const },
  preferences: ['user', 'preferences'] as const,
  /** Billing (#12): the plans' prices (public) and the signed-in user's subscription. */
  billing: {
    all: ['billing'] as const,
    prices: ['billing', 'prices'] as const,
    information: ['billing', 'information'] as const,
    /** The subscription without invoices (no Stripe call): banners and the upgrade page. */
    status: ['billing', 'status'] as const,
    config: ['billing', 'config'] as const,
  },
  accountLogs: (page: number, perPage: number) => ['account-logs', page, perPage] as const,
  /** The profile's sign-in methods (issue 22): 2FA status, linked providers, passkeys. */
  signIn: {
    all: ['sign-in'] as const,
    status: ['sign-in', '2fa'] as const,
    identities: ['sign-in', 'identities'] as const,
    passkeys: ['sign-in', 'passkeys'] as const,
  },
  /** Reference data (changes only with a deploy). */
  reference: {
    banks: ['reference', 'bank'] as const,
    countries: ['reference', 'country'] as const,
    currencies: ['reference', 'currency'] as const,
    languages: ['reference', 'language'] as const,
  },
};
