import type { Account, Card, Category, Subcategory, Tag } from '@centavo/shared';

/** Names and colours the rows show, by id (built once per data change, read per visible row). */
export interface Lookups {
  accounts: Map<number, Account>;
  /** Card purchases and invoice payments name their card (issue 23 #1, #3). */
  cards: Map<number, Card>;
  categories: Map<number, Category>;
  subcategories: Map<number, Subcategory>;
  tags: Map<number, Tag>;
}

export function buildLookups(
  accounts: readonly Account[],
  categories: readonly Category[],
  tags: readonly Tag[],
  cards: readonly Card[] = [],
): Lookups {
  const subcategories = new Map<number, Subcategory>();
  for (const category of categories) {
    for (const sub of category.subcategories) subcategories.set(sub.id, sub);
  }
  return {
    accounts: new Map(accounts.map((a) => [a.id, a])),
    cards: new Map(cards.map((c) => [c.id, c])),
    categories: new Map(categories.map((c) => [c.id, c])),
    subcategories,
    tags: new Map(tags.map((t) => [t.id, t])),
  };
}
