import type { Entry } from '@centavo/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EntriesTable } from '../../db/tables/ledger.ts';

export const entryColumns = [
  'id',
  'description',
  'value',
  'date',
  'operation_id',
  'category_id',
  'sub_category_id',
  'account_id',
  'card_id',
  'destination_account_id',
  'paid',
  'paid_at',
  'notes',
  'fixed',
  'limit_fixed_date',
  'series_id',
  'installment_number',
  'installment_count',
  'tag_ids',
  'invoice_month',
  'invoice_id',
  'created_at',
  'updated_at',
] as const;

export type EntryRow = Omit<EntriesTable, 'id' | 'user_id'> & { id: number };
export type NewEntryRow = Insertable<EntriesTable> & Omit<EntriesTable, 'id'>;

/**
 * The columns of a lone entry — not a fixed occurrence nor an installment, no notes, no tags — that every
 * writer of one spells the same way (a payment, an import's row, a create before its series and tags).
 */
export const LONE_ENTRY = {
  notes: null,
  fixed: 0,
  limit_fixed_date: null,
  series_id: null,
  installment_number: null,
  installment_count: null,
  tag_ids: '',
} as const satisfies Partial<NewEntryRow>;

export function parseTagIds(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

/** How a write reads the rows it will change: locked (FOR UPDATE) until its transaction ends. */
export interface LockOption {
  lock?: boolean;
}

/**
 * One entry; `{lock: true}` in a write's transaction locks it (PostgreSQL; SQLite's writers are serialised),
 * so a concurrent write of the same entry waits and then reads what this one left (a deleted row: nothing).
 */
export function findEntryById(
  db: Db,
  userId: number,
  id: number,
  options: LockOption = {},
): Promise<EntryRow | undefined> {
  const query = db
    .selectFrom('entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

const INSERT_CHUNK = 500;

/** Inserts entries and answers their ids in the order given (ids grow with insertion order). */
export async function insertEntries(db: Db, rows: NewEntryRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insertInto('entries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

export async function insertEntryTags(db: Db, userId: number, entryIds: number[], tagIds: number[]) {
  if (entryIds.length === 0 || tagIds.length === 0) return;
  const rows = entryIds.flatMap((entry_id) =>
    tagIds.map((tag_id) => ({ user_id: userId, entry_id, tag_id })),
  );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('entry_tags')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Replaces the tags of these entries (link rows and the denormalised tag_ids). */
export async function replaceEntryTags(db: Db, userId: number, entryIds: number[], tagIds: number[]) {
  if (entryIds.length === 0) return;
  await db.deleteFrom('entry_tags').where('user_id', '=', userId).where('entry_id', 'in', entryIds).execute();
  await insertEntryTags(db, userId, entryIds, tagIds);
  await db
    .updateTable('entries')
    .set({ tag_ids: tagIds.join(',') })
    .where('user_id', '=', userId)
    .where('id', 'in', entryIds)
    .execute();
}

/** The denormalised tag ids of one entry (entry_tags is written by the caller or its cascade). */
export function setEntryTagIds(db: Db, userId: number, id: number, tagIds: number[], now: string) {
  return updateEntry(db, userId, id, { tag_ids: tagIds.join(','), updated_at: now });
}

export function updateEntries(db: Db, userId: number, ids: number[], values: Updateable<EntriesTable>) {
  return db.updateTable('entries').set(values).where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export function updateEntry(db: Db, userId: number, id: number, values: Updateable<EntriesTable>) {
  return db.updateTable('entries').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteEntries(db: Db, userId: number, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .deleteFrom('entries')
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** The contract's entry from its row: every answer that carries an entry is built here. */
export function toEntry(row: EntryRow): Entry {
  return {
    id: row.id,
    description: row.description,
    value: row.value,
    date: row.date,
    operation_id: row.operation_id,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    account_id: row.account_id,
    card_id: row.card_id,
    destination_account_id: row.destination_account_id,
    paid: row.paid === 1,
    paid_at: row.paid_at,
    notes: row.notes,
    fixed: row.fixed === 1,
    limit_fixed_date: row.limit_fixed_date,
    series_id: row.series_id,
    installment_number: row.installment_number,
    installment_count: row.installment_count,
    tags: parseTagIds(row.tag_ids),
    invoice_month: row.invoice_month,
    invoice_id: row.invoice_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Which of these tag ids are the user's (an entry carries only its owner's tags). */
export async function findOwnedTagIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
