import type { Db } from '../../db/connection.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import {
  type CompiledRules,
  compileRules,
  type RuleOutcome,
  type RuleSubject,
  type RunnableRule,
} from './engine.ts';
import { addMatchCounts, findRules, type RuleRow } from './rules.repository.ts';
import { toRule } from './rules.service.ts';

/**
 * Where rules run (DESIGN.md §9): the user's enabled rules loaded and compiled once per run (an import's
 * rows, one POST /entry), then decided for each subject. What this module exports is what other modules call:
 * import (rows) and entries (on_create); both sit above rules, which depends only on what is below it.
 */

/**
 * Rules as they run: each action's category checked against the user's categories now (one deleted since the
 * rule was saved is dropped, with its subcategory, rather than written), with its type for the engine.
 */
async function runnable(db: Db, userId: number, rows: readonly RuleRow[]): Promise<RunnableRule[]> {
  if (rows.length === 0) return [];
  const categories = new Map((await findVisibleCategories(db, userId)).map((c) => [Number(c.id), c.type]));
  const subs = new Map(
    (await findVisibleSubcategories(db, userId)).map((s) => [Number(s.id), Number(s.category_id)]),
  );
  return rows.map((row) => {
    const rule = toRule(row);
    const actions = { ...rule.actions };
    const categoryId = actions.category_id ?? null;
    let categoryType: string | null = null;
    if (categoryId !== null) {
      categoryType = categories.get(categoryId) ?? null;
      if (categoryType === null) {
        delete actions.category_id;
        delete actions.sub_category_id;
      } else if (actions.sub_category_id != null && subs.get(actions.sub_category_id) !== categoryId) {
        actions.sub_category_id = null;
      }
    }
    return {
      id: rule.id,
      match: rule.match,
      conditions: rule.conditions,
      actions: actions as RunnableRule['actions'],
      categoryType,
    };
  });
}

/** The user's enabled rules (only those with on_create when asked), compiled in the order they run. */
export async function loadRules(
  db: Db,
  userId: number,
  only: { onCreate?: boolean } = {},
): Promise<CompiledRules> {
  let rows = await findRules(db, userId, true);
  if (only.onCreate) rows = rows.filter((r) => Number(r.on_create) === 1);
  return compileRules(await runnable(db, userId, rows));
}

/** One rule (enabled or not: preview and apply run what the user asks), compiled. */
export async function compileOne(db: Db, userId: number, row: RuleRow): Promise<CompiledRules> {
  return compileRules(await runnable(db, userId, [row]));
}

/** The rule ids an outcome names, once each. */
export function rulesOf(outcome: RuleOutcome): number[] {
  return [
    ...new Set(
      [outcome.category, outcome.tags, outcome.description, outcome.operation_id]
        .filter((a) => a !== undefined)
        .map((a) => a.rule_id),
    ),
  ];
}

/**
 * Runs the user's rules over many subjects (an import's rows): compiled once, one decision per subject (null
 * where none matched), and each rule's match count raised by the subjects it decided something for.
 */
export async function decideAll(
  db: Db,
  userId: number,
  subjects: readonly RuleSubject[],
): Promise<Array<RuleOutcome | null>> {
  if (subjects.length === 0) return [];
  const rules = await loadRules(db, userId);
  if (rules.size === 0) return subjects.map(() => null);
  const outcomes = subjects.map((s) => rules.decide(s));
  await addMatchCounts(db, userId, countMatches(outcomes));
  return outcomes;
}

/** For POST /entry without a category: the on_create rules' decision for it (and its match counts). */
export async function decideOnCreate(
  db: Db,
  userId: number,
  subject: RuleSubject,
): Promise<RuleOutcome | null> {
  const rules = await loadRules(db, userId, { onCreate: true });
  if (rules.size === 0) return null;
  const outcome = rules.decide(subject);
  if (outcome) await addMatchCounts(db, userId, countMatches([outcome]));
  return outcome;
}

function countMatches(outcomes: ReadonlyArray<RuleOutcome | null>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const outcome of outcomes) {
    if (!outcome) continue;
    for (const id of rulesOf(outcome)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
