import { normaliseDescription, OPERATIONS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { decideAll } from '../rules/run.ts';
import type { ImportTarget, StagedRow } from './classify.ts';

/** What a rule decided for a row (DESIGN.md §9): its category, subcategory, the rule, and a new description. */
export interface RuleDecision {
  category_id: number | null;
  sub_category_id: number | null;
  rule_id: number;
  description: string | null;
}

/**
 * The user's rules over the rows (DESIGN.md §9): compiled once for the whole file (rules/run.ts), one decision
 * per row index that a rule gave a category or a description. A row takes the category and the description
 * rules set; tags and the operation stay for entries (a staged row has no tags, and its operation is what the
 * bank's sign and the card's payments say).
 */
export async function applyRules(
  db: Db,
  userId: number,
  rows: readonly StagedRow[],
  target: ImportTarget,
): Promise<Map<number, RuleDecision>> {
  const outcomes = await decideAll(
    db,
    userId,
    rows.map((row) => ({
      description: row.description,
      value: row.value,
      account_id: target.kind === 'account' ? target.id : null,
      card_id: target.kind === 'card' ? target.id : null,
      operation_id: row.operation_id,
    })),
  );
  const decided = new Map<number, RuleDecision>();
  outcomes.forEach((outcome, i) => {
    if (!outcome || (!outcome.category && !outcome.description)) return;
    decided.set(i, {
      category_id: outcome.category?.category_id ?? null,
      sub_category_id: outcome.category?.sub_category_id ?? null,
      rule_id: (outcome.category ?? outcome.description)?.rule_id as number,
      description: outcome.description?.value ?? null,
    });
  });
  return decided;
}

/**
 * The category of each row that can have one (income and expenses, refunds on a card), in this order
 * (DESIGN.md §8): the first matching rule (applyRules, above); else the category of the user's latest entry
 * with the same normalised description and operation; else none — shown as uncategorised, never guessed.
 */
export async function categoriseRows(
  db: Db,
  userId: number,
  rows: StagedRow[],
  target: ImportTarget,
): Promise<void> {
  const open = rows.filter(
    (r) =>
      r.status !== 'skipped' &&
      (r.operation_id === OPERATIONS.income || r.operation_id === OPERATIONS.expense),
  );
  if (open.length === 0) return;
  const decided = await applyRules(db, userId, open, target);
  const history = await latestCategoryByDescription(db, userId);
  open.forEach((row, i) => {
    const rule = decided.get(i);
    if (rule) {
      row.rule_id = rule.rule_id;
      if (rule.description !== null) row.description = rule.description;
      if (rule.category_id !== null) {
        row.category_id = rule.category_id;
        row.sub_category_id = rule.sub_category_id;
        return;
      }
    }
    const known = history.get(`${row.operation_id}|${normaliseDescription(row.description)}`);
    if (known) {
      row.category_id = known.category_id;
      row.sub_category_id = known.sub_category_id;
    }
  });
}

/**
 * For each (operation, normalised description) of the user's categorised income and expenses, the category of
 * the latest entry: one grouped read (distinct descriptions, not every entry), normalised here as the rows are.
 */
async function latestCategoryByDescription(db: Db, userId: number) {
  const rows = await db
    .selectFrom('entries')
    .select((eb) => [
      'description',
      'operation_id',
      'category_id',
      'sub_category_id',
      eb.fn.max('date').as('last'),
      eb.fn.max('id').as('last_id'),
    ])
    .where('user_id', '=', userId)
    .where('operation_id', 'in', [OPERATIONS.income, OPERATIONS.expense])
    .where('category_id', 'is not', null)
    .groupBy(['description', 'operation_id', 'category_id', 'sub_category_id'])
    .execute();
  const best = new Map<
    string,
    { category_id: number; sub_category_id: number | null; last: string; lastId: number }
  >();
  for (const r of rows) {
    const key = `${r.operation_id}|${normaliseDescription(r.description)}`;
    const candidate = {
      category_id: Number(r.category_id),
      sub_category_id: r.sub_category_id === null ? null : Number(r.sub_category_id),
      last: String(r.last),
      lastId: Number(r.last_id),
    };
    const current = best.get(key);
    if (
      !current ||
      candidate.last > current.last ||
      (candidate.last === current.last && candidate.lastId > current.lastId)
    ) {
      best.set(key, candidate);
    }
  }
  return best;
}
