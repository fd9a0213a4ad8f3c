import type { Rule, RuleActions, RuleBody, RuleCondition, RuleMatch, RuleOrderBody } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findOwnedCardIds } from '../cards/cards.repository.ts';
import { findVisibleCategory, findVisibleSubcategory } from '../categories/categories.repository.ts';
import { findOwnedTagIds } from '../money-core/entry-rows.repository.ts';
import { compilePattern } from './engine.ts';
import {
  deleteRule,
  findRuleById,
  findRules,
  insertRule,
  nextPriority,
  type RuleRow,
  updateRule,
} from './rules.repository.ts';

/** GET/POST /rule, GET/PUT/DELETE /rule/{id}, PUT /rule/order (DESIGN.md §9). */

export function toRule(row: RuleRow): Rule {
  return {
    id: Number(row.id),
    name: row.name,
    match: row.match as RuleMatch,
    conditions: JSON.parse(row.conditions) as RuleCondition[],
    actions: JSON.parse(row.actions) as RuleActions,
    priority: Number(row.priority),
    enabled: Number(row.enabled) === 1,
    on_create: Number(row.on_create) === 1,
    match_count: Number(row.match_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every `matches` pattern must compile in the linear-time engine (422 naming the condition's value). */
export function checkPatterns(conditions: readonly RuleCondition[]): void {
  conditions.forEach((c, i) => {
    if (c.op !== 'matches') return;
    try {
      compilePattern(String(c.value));
    } catch {
      throw validationError({ [`conditions.${i}.value`]: 'rulePattern' });
    }
  });
}

/** The ids of conditions on this field (`is` or `one_of`). */
function conditionIds(conditions: readonly RuleCondition[], field: 'account_id' | 'card_id'): number[] {
  return conditions
    .filter((c) => c.field === field)
    .flatMap((c) => (Array.isArray(c.value) ? c.value : [c.value]))
    .map(Number);
}

/**
 * A rule names only what the user can see: another user's (or a missing) account, card, category,
 * subcategory or tag answers 404 naming the field, the same for both; a category that is neither income nor
 * expense, or a subcategory of another category, 422.
 */
async function checkRefs(db: Db, userId: number, body: RuleBody): Promise<void> {
  await checkConditions(db, userId, body.conditions);
  await checkActions(db, userId, body.actions);
}

/** Conditions: patterns that compile, accounts and cards of the user's (preview checks these alone). */
export async function checkConditions(db: Db, userId: number, conditions: readonly RuleCondition[]) {
  checkPatterns(conditions);
  const accounts = [...new Set(conditionIds(conditions, 'account_id'))];
  if (accounts.length > 0) {
    const owned = await findOwnedAccountIds(db, userId, accounts);
    if (accounts.some((id) => !owned.has(id))) throw notFound('accountNotFound', 'conditions');
  }
  const cards = [...new Set(conditionIds(conditions, 'card_id'))];
  if (cards.length > 0) {
    const owned = new Set((await findOwnedCardIds(db, userId, cards)).map((r) => Number(r.id)));
    if (cards.some((id) => !owned.has(id))) throw notFound('cardNotFound', 'conditions');
  }
}

async function checkActions(db: Db, userId: number, actions: RuleActions): Promise<void> {
  const { category_id: categoryId, sub_category_id: subId, tags } = actions;
  if (categoryId != null) {
    const category = await findVisibleCategory(db, userId, categoryId);
    if (!category) throw notFound('categoryNotFound', 'actions.category_id');
    if (category.type !== 'income' && category.type !== 'expense') {
      throw validationError({ 'actions.category_id': 'ruleCategoryType' });
    }
    if (subId != null) {
      const sub = await findVisibleSubcategory(db, userId, subId);
      if (!sub) throw notFound('subcategoryNotFound', 'actions.sub_category_id');
      if (Number(sub.category_id) !== categoryId) {
        throw validationError({ 'actions.sub_category_id': 'belongsToCategory' });
      }
    }
  }
  if (tags && tags.length > 0) {
    const owned = await findOwnedTagIds(db, userId, [...new Set(tags)]);
    if (tags.some((id) => !owned.has(id))) throw notFound('tagNotFound', 'actions.tags');
  }
}

export async function listRules(db: Db, userId: number): Promise<Rule[]> {
  return (await findRules(db, userId)).map(toRule);
}

export async function ruleOr404(db: Db, userId: number, id: number): Promise<RuleRow> {
  const row = await findRuleById(db, userId, id);
  if (!row) throw notFound('ruleNotFound');
  return row;
}

export async function getRule(db: Db, userId: number, id: number): Promise<Rule> {
  return toRule(await ruleOr404(db, userId, id));
}

function columns(body: RuleBody) {
  return {
    name: body.name,
    match: body.match,
    conditions: JSON.stringify(body.conditions),
    actions: JSON.stringify(body.actions),
    enabled: body.enabled ? 1 : 0,
    on_create: body.on_create ? 1 : 0,
  };
}

export function createRule(db: Db, userId: number, body: RuleBody): Promise<Rule> {
  return inTransaction(db, async (trx) => {
    await checkRefs(trx, userId, body);
    const stamp = nowIso();
    const id = await insertRule(trx, {
      user_id: userId,
      ...columns(body),
      priority: body.priority ?? (await nextPriority(trx, userId)),
      match_count: 0,
      created_at: stamp,
      updated_at: stamp,
    });
    return getRule(trx, userId, id);
  });
}

export function replaceRule(db: Db, userId: number, id: number, body: RuleBody): Promise<Rule> {
  return inTransaction(db, async (trx) => {
    const current = await ruleOr404(trx, userId, id);
    await checkRefs(trx, userId, body);
    await updateRule(trx, userId, id, {
      ...columns(body),
      priority: body.priority ?? Number(current.priority),
      updated_at: nowIso(),
    });
    return getRule(trx, userId, id);
  });
}

export async function removeRule(db: Db, userId: number, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await ruleOr404(trx, userId, id);
    await deleteRule(trx, userId, id);
  });
}

/**
 * PUT /rule/order: the user's rules in the order they should run, each once; priorities become 0, 1, 2…
 * An id that is not the user's answers 404; a list that leaves one out, 422.
 */
export function orderRules(db: Db, userId: number, body: RuleOrderBody): Promise<Rule[]> {
  return inTransaction(db, async (trx) => {
    const rows = await findRules(trx, userId);
    const own = new Set(rows.map((r) => Number(r.id)));
    if (body.ids.some((id) => !own.has(id))) throw notFound('ruleNotFound', 'ids');
    if (new Set(body.ids).size !== body.ids.length || body.ids.length !== own.size) {
      throw validationError({ ids: 'ruleOrderIds' });
    }
    const stamp = nowIso();
    for (const [priority, id] of body.ids.entries()) {
      await updateRule(trx, userId, id, { priority, updated_at: stamp });
    }
    return listRules(trx, userId);
  });
}
