import { OPERATIONS } from '@centavo/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RulesTable } from '../../db/tables/rules.ts';
import { type EntryRow, entryColumns } from '../money-core/entry-rows.repository.ts';

/** The user's rules (every query filtered by user_id), and the entries preview and apply read. */

export type RuleRow = Selectable<RulesTable>;

/** In the order they run: priority, then id. */
export function findRules(db: Db, userId: number, onlyEnabled = false): Promise<RuleRow[]> {
  let query = db.selectFrom('rules').selectAll().where('user_id', '=', userId);
  if (onlyEnabled) query = query.where('enabled', '=', 1);
  return query.orderBy('priority').orderBy('id').execute();
}

export function findRuleById(db: Db, userId: number, id: number): Promise<RuleRow | undefined> {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRule(db: Db, values: Insertable<RulesTable>): Promise<number> {
  const row = await db.insertInto('rules').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function updateRule(db: Db, userId: number, id: number, values: Updateable<RulesTable>) {
  return db.updateTable('rules').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

export function deleteRule(db: Db, userId: number, id: number) {
  return db.deleteFrom('rules').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The priority after the user's last rule: a rule created without one runs last. */
export async function nextPriority(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('rules')
    .select((eb) => eb.fn.max('priority').as('top'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.top == null ? 0 : Number(row.top) + 1;
}

/** Adds to each rule's match count (one UPDATE per rule that matched, in id order). */
export async function addMatchCounts(db: Db, userId: number, counts: ReadonlyMap<number, number>) {
  for (const [id, n] of [...counts].sort((x, y) => x[0] - y[0])) {
    await db
      .updateTable('rules')
      .set((eb) => ({ match_count: eb('match_count', '+', n) }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
}

/** What a rule reads of an entry, for every entry of the user (or only the uncategorised income and expenses). */
export function findRuleSubjects(db: Db, userId: number, onlyUncategorised: boolean) {
  let query = db
    .selectFrom('entries')
    .select(['id', 'description', 'value', 'account_id', 'card_id', 'operation_id', 'category_id', 'date'])
    .where('user_id', '=', userId);
  if (onlyUncategorised) {
    query = query
      .where('category_id', 'is', null)
      .where('operation_id', 'in', [OPERATIONS.income, OPERATIONS.expense]);
  }
  return query.execute();
}

export async function findEntryRowsByIds(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500) as number[];
    out.push(
      ...(await db
        .selectFrom('entries')
        .select(entryColumns)
        .where('user_id', '=', userId)
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return out;
}
