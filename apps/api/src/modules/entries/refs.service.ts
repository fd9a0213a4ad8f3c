import {
  type EntryTagsInput,
  OPERATIONS,
  TRANSFER_CATEGORY_ID,
  TRANSFER_SUBCATEGORY_ID,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import type { EntryReferences } from '../../db/tables/ledger.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findCardById } from '../cards/cards.repository.ts';
import { categoryTypeMessage } from '../categories/categories.service.ts';
import { findOwnedTagIds } from '../money-core/entry-rows.repository.ts';
import { findOrCreateTags } from '../tags/tags.repository.ts';
import { type EntryRefRows, findEntryRefs } from './entries.repository.ts';

// An entry's references and tags, checked and resolved before any write (create and update share them).

export interface RefsInput {
  operation_id: number;
  category_id?: number | null | undefined;
  sub_category_id?: number | null | undefined;
  account_id?: number | null | undefined;
  card_id?: number | null | undefined;
  destination_account_id?: number | null | undefined;
}

/** An entry's references as stored. */
export type Refs = EntryReferences;

const OPERATION_TYPE: Record<number, string> = {
  [OPERATIONS.income]: 'income',
  [OPERATIONS.expense]: 'expense',
  [OPERATIONS.investment]: 'investment',
};

/** An entry's references as they will be stored, and what the database must confirm about them. */
interface RefsPlan {
  refs: Refs;
  /** Empty for a card entry (its card is checked on its own). */
  accounts: [] | [number] | [number, number];
  /**
   * An income may be a refund carrying the purchase's expense category: on a card (estorno) or on an account
   * (a store refund by Pix); it then lowers that category's spending (DESIGN.md §4).
   */
  refundOnCard: boolean;
  categoryId: number | null;
  categoryType: string | null;
  subCategoryId: number | null;
}

/**
 * The category of an income, expense or investment: income and expenses may have none (DESIGN.md §9:
 * "Uncategorised", imports and the API create them); an investment still needs one, and a subcategory
 * without a category is refused (it must belong to the category).
 */
function categoryOf(input: RefsInput): number | null {
  if (input.category_id != null) return input.category_id;
  if (input.operation_id === OPERATIONS.investment) throw validationError({ category_id: 'isRequired' });
  if (input.sub_category_id != null) throw validationError({ sub_category_id: 'belongsToCategory' });
  return null;
}

/** The shape checks of an entry's references (422 naming the field), before any lookup. */
function planRefs(input: RefsInput): RefsPlan {
  if (input.card_id != null) return planCardRefs(input, input.card_id);
  if (input.account_id == null) throw validationError({ account_id: 'isRequired' });
  if (input.operation_id === OPERATIONS.transfer) {
    const destination = input.destination_account_id;
    if (destination == null) throw validationError({ destination_account_id: 'requiredForTransfer' });
    if (destination === input.account_id) {
      throw validationError({ destination_account_id: 'differentFromAccount' });
    }
    return {
      // DESIGN.md §3: a transfer always lands in category 1 / subcategory 27, whatever was sent.
      refs: {
        operation_id: OPERATIONS.transfer,
        category_id: TRANSFER_CATEGORY_ID,
        sub_category_id: TRANSFER_SUBCATEGORY_ID,
        account_id: input.account_id,
        card_id: null,
        destination_account_id: destination,
      },
      accounts: [input.account_id, destination],
      refundOnCard: false,
      categoryId: null,
      categoryType: null,
      subCategoryId: null,
    };
  }
  return categorisedPlan(input, { account_id: input.account_id, card_id: null });
}

/** A card entry: an expense (purchase) or an income (refund), never with an account nor a transfer. */
function planCardRefs(input: RefsInput, cardId: number): RefsPlan {
  if (input.account_id != null) throw validationError({ account_id: 'cardOrAccount' });
  if (input.operation_id === OPERATIONS.transfer) throw validationError({ operation_id: 'cardNoTransfer' });
  if (input.operation_id === OPERATIONS.investment)
    throw validationError({ operation_id: 'cardNoInvestment' });
  return categorisedPlan(input, { account_id: null, card_id: cardId });
}

/** An income, expense or investment on an account, or a purchase or refund on a card (one of the two). */
function categorisedPlan(
  input: RefsInput,
  on: { account_id: number; card_id: null } | { account_id: null; card_id: number },
): RefsPlan {
  const categoryId = categoryOf(input);
  return {
    refs: {
      operation_id: input.operation_id,
      category_id: categoryId,
      sub_category_id: input.sub_category_id ?? null,
      ...on,
      destination_account_id: null,
    },
    accounts: on.account_id === null ? [] : [on.account_id],
    refundOnCard: input.operation_id === OPERATIONS.income,
    categoryId,
    categoryType: OPERATION_TYPE[input.operation_id] ?? null,
    subCategoryId: input.sub_category_id ?? null,
  };
}

/**
 * The lookup's verdict on a plan: ids that are not the user's (or do not exist) → 404 naming the field, the
 * same answer for both; a category of the wrong type or a subcategory of another category → 422.
 */
function confirmRefs(plan: RefsPlan, found: EntryRefRows): void {
  const [account, destination] = plan.accounts;
  if (account !== undefined && !found.accounts.has(account)) throw notFound('accountNotFound', 'account_id');
  if (destination !== undefined) {
    if (!found.accounts.has(destination)) throw notFound('accountNotFound', 'destination_account_id');
    return;
  }
  if (plan.categoryId === null) return;
  const category = found.category;
  if (!category) throw notFound('categoryNotFound', 'category_id');
  const refundCategory = plan.refundOnCard && category.type === 'expense';
  if (category.type !== plan.categoryType && !refundCategory) {
    throw validationError({ category_id: categoryTypeMessage(plan.categoryType ?? '') });
  }
  if (plan.subCategoryId !== null) {
    const sub = found.subcategory;
    if (!sub) throw notFound('subcategoryNotFound', 'sub_category_id');
    if (sub.category_id !== category.id) {
      throw validationError({ sub_category_id: 'belongsToCategory' });
    }
  }
}

/** Checks an entry's references (planRefs, then one lookup for confirmRefs) and answers them as stored. */
export async function resolveRefs(db: Db, userId: number, input: RefsInput): Promise<Refs> {
  const plan = planRefs(input);
  const cardId = plan.refs.card_id;
  const [found, card] = await Promise.all([
    findEntryRefs(db, userId, plan.accounts, plan.categoryId, plan.subCategoryId),
    cardId !== null ? findCardById(db, userId, cardId) : undefined,
  ]);
  if (cardId !== null && !card) throw notFound('cardNotFound', 'card_id');
  confirmRefs(plan, found);
  return plan.refs;
}

/** Tag ids from an array of ids or a comma-separated string of ids and labels (labels are created). */
export async function resolveTags(
  db: Db,
  userId: number,
  input: EntryTagsInput | undefined,
): Promise<number[]> {
  if (input === undefined) return [];
  let ids: number[];
  let labels: string[] = [];
  if (Array.isArray(input)) {
    ids = input;
  } else {
    const items = input
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    ids = items.filter((s) => /^\d{1,15}$/.test(s)).map(Number);
    labels = items.filter((s) => !/^\d{1,15}$/.test(s));
    if (labels.some((l) => l.length > 50)) throw validationError({ tags: 'tagTooLong' });
  }
  const unique = [...new Set(ids)];
  const owned = await findOwnedTagIds(db, userId, unique);
  if (unique.some((id) => !owned.has(id))) throw notFound('tagNotFound', 'tags');
  if (labels.length > 0) {
    const created = await findOrCreateTags(db, userId, labels, nowIso());
    for (const tag of created) if (!unique.includes(tag.id)) unique.push(tag.id);
  }
  return unique;
}
