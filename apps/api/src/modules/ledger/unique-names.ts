import type { CategoryType } from '@centavo/shared';
import { foldText } from '@centavo/shared/text';
import type { Db } from '../../db/connection.ts';
import { conflict } from '../../lib/errors.ts';
import { findAccounts } from '../accounts/accounts.repository.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';

/**
 * One rule for names (issue 13 #17, docs/decisions/newcomer.md): a user's accounts, categories of one type
 * (the system ones included, in either language) and subcategories of one category are unique ignoring case
 * and accents — "nubank" beside "Nubank", a custom "alimentacao" beside the system "Alimentação" are
 * refused with 409, as tags already were. Checked inside the write's transaction; the lists are a user's
 * few dozen rows.
 */
function taken(
  rows: readonly { id: number; name: string; name_br?: string | null }[],
  name: string,
  exceptId?: number,
): boolean {
  const key = foldText(name);
  return rows.some(
    (row) =>
      row.id !== exceptId &&
      (foldText(row.name) === key || (row.name_br != null && foldText(row.name_br) === key)),
  );
}

export async function assertAccountNameFree(db: Db, userId: number, name: string, exceptId?: number) {
  if (taken(await findAccounts(db, userId, true), name, exceptId)) {
    throw conflict('accountNameTaken', undefined, { name: 'alreadyExists' });
  }
}

export async function assertCategoryNameFree(
  db: Db,
  userId: number,
  type: CategoryType,
  name: string,
  exceptId?: number,
) {
  if (taken(await findVisibleCategories(db, userId, type), name, exceptId)) {
    throw conflict('categoryNameTaken', undefined, { name: 'alreadyExists' });
  }
}

export async function assertSubcategoryNameFree(
  db: Db,
  userId: number,
  categoryId: number,
  name: string,
  exceptId?: number,
) {
  if (taken(await findVisibleSubcategories(db, userId, [categoryId]), name, exceptId)) {
    throw conflict('subcategoryNameTaken', undefined, { name: 'alreadyExists' });
  }
}
