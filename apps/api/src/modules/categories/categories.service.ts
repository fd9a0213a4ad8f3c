import type {
  ApiMessageKey,
  Category,
  CategoryCreateBody,
  CategoryDeleteBody,
  CategoryHiddenBody,
  CategoryListQuery,
  CategoryType,
  CategoryUpdateBody,
  Subcategory,
  SubcategoryCreateBody,
  SubcategoryDeleteBody,
} from '@centavo/shared';
import { LANGUAGE_IDS, TRANSFER_CATEGORY_ID } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { localeOf } from '../../lib/messages.ts';
import { nameTaken } from '../../lib/names.ts';
import { nowIso } from '../../lib/time.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import { lockMoneyWrites } from '../money-core/money-volume.repository.ts';
import {
  type CategoryRow,
  categoryInUse,
  deleteOwnCategory,
  deleteOwnSubcategory,
  findEntryEffectsOn,
  findHiddenCategoryIds,
  findVisibleCategories,
  findVisibleCategory,
  findVisibleSubcategories,
  findVisibleSubcategory,
  insertCategory,
  insertSubcategory,
  lockOwnRow,
  reassignCategory,
  reassignSubcategory,
  type SubcategoryRow,
  setCategoryHidden,
  updateOwnCategory,
  updateOwnSubcategory,
} from './categories.repository.ts';

/** System rows are read-only: 403 FORBIDDEN (docs/decisions/ledger-api.md). */

/** System names come in the user's language; a user's own names are shown as typed. */
/**
 * The name of "no category" (an income or expense with `category_id: null`, DESIGN.md §9) in the user's
 * language, where a row or a file needs a label: budgets, the expense and custom reports, exports.
 */
export function uncategorisedName(languageId: number): string {
  return translate(localeOf(languageId), 'common:uncategorised');
}

export function localName(row: { name: string; name_br: string | null }, languageId: number): string {
  return languageId === LANGUAGE_IDS.br && row.name_br ? row.name_br : row.name;
}

/** The message for a category of the wrong type: "must be an expense category". */
export function categoryTypeMessage(type: string): ApiMessageKey {
  if (type === 'income') return 'categoryMustBeIncome';
  if (type === 'investment') return 'categoryMustBeInvestment';
  return 'categoryMustBeExpense';
}

export function toSubcategory(row: SubcategoryRow, languageId: number): Subcategory {
  return {
    id: row.id,
    name: localName(row, languageId),
    category_id: row.category_id,
    system: row.user_id === null,
  };
}

export function toCategory(
  row: CategoryRow,
  subs: SubcategoryRow[],
  languageId: number,
  hidden = false,
): Category {
  return {
    id: row.id,
    name: localName(row, languageId),
    type: row.type,
    color: row.color,
    icon: row.icon,
    system: row.user_id === null,
    hidden,
    subcategories: subs.map((s) => toSubcategory(s, languageId)),
  };
}

export async function listCategories(
  db: Db,
  userId: number,
  languageId: number,
  query: CategoryListQuery,
): Promise<Category[]> {
  const [rows, hidden] = await Promise.all([
    findVisibleCategories(db, userId, query.type),
    findHiddenCategoryIds(db, userId),
  ]);
  const withSubs = query.with_subcategories ?? true;
  const subs = withSubs
    ? await findVisibleSubcategories(db, userId, query.type ? rows.map((r) => r.id) : undefined)
    : [];
  const byCategory = new Map<number, SubcategoryRow[]>();
  for (const s of subs) {
    const list = byCategory.get(s.category_id) ?? [];
    list.push(s);
    byCategory.set(s.category_id, list);
  }
  return rows.map((r) => toCategory(r, byCategory.get(r.id) ?? [], languageId, hidden.has(r.id)));
}

async function visibleCategoryOr404(db: Db, userId: number, id: number): Promise<CategoryRow> {
  const row = await findVisibleCategory(db, userId, id);
  if (!row) throw notFound('categoryNotFound');
  return row;
}

export async function getCategory(db: Db, userId: number, languageId: number, id: number): Promise<Category> {
  const row = await visibleCategoryOr404(db, userId, id);
  const [subs, hidden] = await Promise.all([
    findVisibleSubcategories(db, userId, [id]),
    findHiddenCategoryIds(db, userId),
  ]);
  return toCategory(row, subs, languageId, hidden.has(id));
}

/**
 * Hides a category the user can see (system or their own) from the pickers, or shows it again. Nothing else
 * changes: its entries, series, budgets and report aggregates stay where they are (issue 13 #17).
 */
export async function setCategoryHiddenFor(
  db: Db,
  userId: number,
  languageId: number,
  id: number,
  body: CategoryHiddenBody,
): Promise<Category> {
  return inTransaction(db, async (trx) => {
    const row = await visibleCategoryOr404(trx, userId, id);
    await setCategoryHidden(trx, userId, id, body.hidden, nowIso());
    return toCategory(row, await findVisibleSubcategories(trx, userId, [id]), languageId, body.hidden);
  });
}

export async function createCategory(
  db: Db,
  userId: number,
  languageId: number,
  body: CategoryCreateBody,
): Promise<Category> {
  const now = nowIso();
  const row = await inTransaction(db, async (trx) => {
    await assertCategoryNameFree(trx, userId, body.type, body.name);
    return insertCategory(trx, {
      user_id: userId,
      name: body.name,
      name_br: null,
      type: body.type,
      color: body.color ?? null,
      icon: body.icon ?? null,
      system: 0,
      created_at: now,
      updated_at: now,
    });
  });
  return toCategory(row, [], languageId);
}

export async function updateCategory(
  db: Db,
  userId: number,
  languageId: number,
  id: number,
  body: CategoryUpdateBody,
): Promise<Category> {
  return inTransaction(db, async (trx) => {
    const current = await visibleCategoryOr404(trx, userId, id);
    if (current.user_id === null) throw forbidden('systemCategory');
    if (body.type && body.type !== current.type && (await categoryInUse(trx, userId, id))) {
      throw conflict('categoryInUseType', undefined, { type: 'categoryTypeLocked' });
    }
    if (body.name !== undefined || body.type !== undefined) {
      await assertCategoryNameFree(trx, userId, body.type ?? current.type, body.name ?? current.name, id);
    }
    const row = await updateOwnCategory(trx, userId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.icon !== undefined ? { icon: body.icon } : {}),
      updated_at: nowIso(),
    });
    if (!row) throw notFound('categoryNotFound');
    const hidden = (await findHiddenCategoryIds(trx, userId)).has(id);
    return toCategory(row, await findVisibleSubcategories(trx, userId, [id]), languageId, hidden);
  });
}

/**
 * Deletes a user's category. Its entries (and series) move to the replacement named in the body, which must
 * be the user's or a system category of the same type; one in use without a replacement → 409.
 */
export async function deleteCategory(
  db: Db,
  userId: number,
  id: number,
  body: CategoryDeleteBody,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockOwnRow(trx, userId, 'categories', id);
    await lockMoneyWrites(trx, userId);
    const current = await visibleCategoryOr404(trx, userId, id);
    if (current.user_id === null) throw forbidden('systemCategory');
    const inUse = await categoryInUse(trx, userId, id);
    const replacementId = body?.category_id;
    if (inUse) {
      if (!replacementId) {
        throw conflict('categoryInUseReplace', undefined, { category_id: 'replacementRequired' });
      }
      if (replacementId === id) throw validationError({ category_id: 'anotherCategory' });
      const replacement = await findVisibleCategory(trx, userId, replacementId);
      if (!replacement) throw notFound('categoryNotFound', 'category_id');
      if (replacement.type !== current.type) {
        throw validationError({ category_id: categoryTypeMessage(current.type) });
      }
      let subId: number | null = null;
      if (body?.sub_category_id) {
        const sub = await findVisibleSubcategory(trx, userId, body.sub_category_id);
        if (!sub) {
          throw notFound('subcategoryNotFound', 'sub_category_id');
        }
        if (sub.category_id !== replacementId) {
          throw validationError({ sub_category_id: 'belongsToReplacement' });
        }
        subId = sub.id;
      }
      const moved = await findEntryEffectsOn(trx, userId, 'category_id', id);
      await applyEntryChanges(
        trx,
        userId,
        moved,
        moved.map((row) => ({ ...row, category_id: replacementId, sub_category_id: subId })),
      );
      await reassignCategory(trx, userId, id, replacementId, subId, nowIso());
    }
    await deleteOwnCategory(trx, userId, id);
  });
}

export async function listSubcategories(
  db: Db,
  userId: number,
  languageId: number,
  categoryId: number,
): Promise<Subcategory[]> {
  await visibleCategoryOr404(db, userId, categoryId);
  return (await findVisibleSubcategories(db, userId, [categoryId])).map((s) => toSubcategory(s, languageId));
}

/** A user may add subcategories to their own categories and to system ones (except Transfers). */
export async function createSubcategory(
  db: Db,
  userId: number,
  languageId: number,
  body: SubcategoryCreateBody,
): Promise<Subcategory> {
  const category = await findVisibleCategory(db, userId, body.category_id);
  if (!category) throw notFound('categoryNotFound', 'category_id');
  if (category.id === TRANSFER_CATEGORY_ID) throw forbidden('systemCategory');
  const now = nowIso();
  const row = await inTransaction(db, async (trx) => {
    await assertSubcategoryNameFree(trx, userId, category.id, body.name);
    return insertSubcategory(trx, {
      category_id: category.id,
      user_id: userId,
      name: body.name,
      name_br: null,
      created_at: now,
      updated_at: now,
    });
  });
  return toSubcategory(row, languageId);
}

async function ownSubcategoryOr403(db: Db, userId: number, id: number): Promise<SubcategoryRow> {
  const row = await findVisibleSubcategory(db, userId, id);
  if (!row) throw notFound('subcategoryNotFound');
  if (row.user_id === null) throw forbidden('systemSubcategory');
  return row;
}

export async function updateSubcategory(
  db: Db,
  userId: number,
  languageId: number,
  id: number,
  name: string,
): Promise<Subcategory> {
  const row = await inTransaction(db, async (trx) => {
    const current = await ownSubcategoryOr403(trx, userId, id);
    await assertSubcategoryNameFree(trx, userId, current.category_id, name, id);
    return updateOwnSubcategory(trx, userId, id, { name, updated_at: nowIso() });
  });
  if (!row) throw notFound('subcategoryNotFound');
  return toSubcategory(row, languageId);
}

/** Entries on the subcategory move to `sub_category_id` (same category) or to no subcategory. */
export async function deleteSubcategory(
  db: Db,
  userId: number,
  id: number,
  body: SubcategoryDeleteBody,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockOwnRow(trx, userId, 'subcategories', id);
    await lockMoneyWrites(trx, userId);
    const current = await ownSubcategoryOr403(trx, userId, id);
    let replacement: number | null = null;
    if (body?.sub_category_id) {
      const sub = await findVisibleSubcategory(trx, userId, body.sub_category_id);
      if (!sub) {
        throw notFound('subcategoryNotFound', 'sub_category_id');
      }
      if (sub.category_id !== current.category_id || sub.id === id) {
        throw validationError({ sub_category_id: 'anotherSubcategory' });
      }
      replacement = sub.id;
    }
    const moved = await findEntryEffectsOn(trx, userId, 'sub_category_id', id);
    await applyEntryChanges(
      trx,
      userId,
      moved,
      moved.map((row) => ({ ...row, sub_category_id: replacement })),
    );
    await reassignSubcategory(trx, userId, id, replacement, nowIso());
    await deleteOwnSubcategory(trx, userId, id);
  });
}

/** Category names are unique per user and type, the system ones included in either language (lib/names.ts). */
async function assertCategoryNameFree(
  db: Db,
  userId: number,
  type: CategoryType,
  name: string,
  exceptId?: number,
) {
  if (nameTaken(await findVisibleCategories(db, userId, type), name, exceptId)) {
    throw conflict('categoryNameTaken', undefined, { name: 'alreadyExists' });
  }
}

/** Subcategory names are unique within their category (lib/names.ts). */
async function assertSubcategoryNameFree(
  db: Db,
  userId: number,
  categoryId: number,
  name: string,
  exceptId?: number,
) {
  if (nameTaken(await findVisibleSubcategories(db, userId, [categoryId]), name, exceptId)) {
    throw conflict('subcategoryNameTaken', undefined, { name: 'alreadyExists' });
  }
}
