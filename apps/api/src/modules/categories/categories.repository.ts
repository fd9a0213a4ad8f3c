import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CategoriesTable, CategoryType, SubcategoriesTable } from '../../db/tables/reference.ts';
import { EFFECT_COLUMNS } from '../money-core/account-totals.repository.ts';

/**
 * Categories and subcategories visible to a user: the system ones (user_id null, read-only) and the user's
 * own. Every query here is filtered by `user_id is null or user_id = ?`.
 */
const categoryColumns = ['id', 'user_id', 'name', 'name_br', 'type', 'color', 'icon', 'system'] as const;
const subcategoryColumns = ['id', 'user_id', 'category_id', 'name', 'name_br'] as const;
/** The tables whose rows name a category: the entries and the series that make more of them. */
const ENTRY_TABLES = ['entries', 'entry_series'] as const;

export function findVisibleCategories(db: Db, userId: number, type?: CategoryType) {
  let query = db
    .selectFrom('categories')
    .select(categoryColumns)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]));
  if (type) query = query.where('type', '=', type);
  return query.orderBy('id').execute();
}

export function findVisibleCategory(db: Db, userId: number, id: number) {
  return db
    .selectFrom('categories')
    .select(categoryColumns)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .executeTakeFirst();
}
export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findVisibleCategory>>>;

export function findVisibleSubcategories(db: Db, userId: number, categoryIds?: number[]) {
  let query = db
    .selectFrom('subcategories')
    .select(subcategoryColumns)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]));
  if (categoryIds) {
    if (categoryIds.length === 0) return Promise.resolve([]);
    query = query.where('category_id', 'in', categoryIds);
  }
  return query.orderBy('id').execute();
}

export function findVisibleSubcategory(db: Db, userId: number, id: number) {
  return db
    .selectFrom('subcategories')
    .select(subcategoryColumns)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .executeTakeFirst();
}
export type SubcategoryRow = NonNullable<Awaited<ReturnType<typeof findVisibleSubcategory>>>;

export function insertCategory(db: Db, values: Insertable<CategoriesTable>) {
  return db.insertInto('categories').values(values).returning(categoryColumns).executeTakeFirstOrThrow();
}

export function updateOwnCategory(db: Db, userId: number, id: number, values: Updateable<CategoriesTable>) {
  return db
    .updateTable('categories')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(categoryColumns)
    .executeTakeFirst();
}

export function deleteOwnCategory(db: Db, userId: number, id: number) {
  return db.deleteFrom('categories').where('user_id', '=', userId).where('id', '=', id).execute();
}

export function insertSubcategory(db: Db, values: Insertable<SubcategoriesTable>) {
  return db
    .insertInto('subcategories')
    .values(values)
    .returning(subcategoryColumns)
    .executeTakeFirstOrThrow();
}

export function updateOwnSubcategory(
  db: Db,
  userId: number,
  id: number,
  values: Updateable<SubcategoriesTable>,
) {
  return db
    .updateTable('subcategories')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(subcategoryColumns)
    .executeTakeFirst();
}

export function deleteOwnSubcategory(db: Db, userId: number, id: number) {
  return db.deleteFrom('subcategories').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Whether the user's entries or series use the category. */
export async function categoryInUse(db: Db, userId: number, categoryId: number): Promise<boolean> {
  for (const table of ENTRY_TABLES) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** The effect rows of the user's entries on a category or subcategory, before a reassignment moves them. */
export function findEntryEffectsOn(
  db: Db,
  userId: number,
  column: 'category_id' | 'sub_category_id',
  id: number,
) {
  return (
    db
      .selectFrom('entries')
      .select(EFFECT_COLUMNS)
      .where('user_id', '=', userId)
      .where(column, '=', id)
      // Locked: an entry edited meanwhile is read as it is after that edit (or skipped when it left the category).
      .orderBy('id')
      .forUpdate()
      .execute()
  );
}

/**
 * Moves the user's entries and series from one category to another. The caller first moves the per-category
 * aggregates through applyEntryChanges (findEntryEffectsOn), in the same transaction.
 */
export async function reassignCategory(
  db: Db,
  userId: number,
  fromCategoryId: number,
  toCategoryId: number,
  toSubcategoryId: number | null,
  now: string,
): Promise<void> {
  for (const table of ENTRY_TABLES) {
    await db
      .updateTable(table)
      .set({ category_id: toCategoryId, sub_category_id: toSubcategoryId, updated_at: now })
      .where('user_id', '=', userId)
      .where('category_id', '=', fromCategoryId)
      .execute();
  }
}

/**
 * Moves the user's entries and series off a subcategory. Every user's rows are moved when the subcategory
 * is the user's own; there is no other user who could reference it (entries validate visibility).
 */
export async function reassignSubcategory(
  db: Db,
  userId: number,
  fromSubcategoryId: number,
  toSubcategoryId: number | null,
  now: string,
): Promise<void> {
  for (const table of ENTRY_TABLES) {
    await db
      .updateTable(table)
      .set({ sub_category_id: toSubcategoryId, updated_at: now })
      .where('user_id', '=', userId)
      .where('sub_category_id', '=', fromSubcategoryId)
      .execute();
  }
}

/** Subcategories of a category owned by the user (deleted with it). */
export function findOwnSubcategoryIds(db: Db, userId: number, categoryId: number) {
  return db
    .selectFrom('subcategories')
    .select('id')
    .where('user_id', '=', userId)
    .where('category_id', '=', categoryId)
    .execute();
}

/** Ids of the categories the user hid from the pickers (issue 13 #17). */
export async function findHiddenCategoryIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('hidden_categories')
    .select('category_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => Number(r.category_id)));
}

/** Marks or unmarks a category as hidden for the user; idempotent either way. */
export async function setCategoryHidden(
  db: Db,
  userId: number,
  categoryId: number,
  hidden: boolean,
  now: string,
): Promise<void> {
  if (hidden) {
    await db
      .insertInto('hidden_categories')
      .values({ user_id: userId, category_id: categoryId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'category_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('hidden_categories')
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .execute();
  }
}

/**
 * Locks a user's category or subcategory row before a deletion moves its entries. A concurrent entry write
 * holds a key-share lock on the row it names (its foreign key) and then queues on the user's money-volume row
 * (lockMoneyWrites): taking this row first, then that one, keeps the order the same and avoids a deadlock.
 */
export async function lockOwnRow(db: Db, userId: number, table: 'categories' | 'subcategories', id: number) {
  await db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .execute();
}
