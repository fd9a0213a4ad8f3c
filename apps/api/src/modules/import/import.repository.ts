import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ImportRowsTable, ImportsTable } from '../../db/tables/import.ts';
import { type EntryRow, entryColumns } from '../money-core/entry-rows.repository.ts';

/** Reads and writes of the import tables; every query is scoped by user_id (migration 012_import). */

export type ImportRecord = Selectable<ImportsTable>;
export type ImportRowRecord = Selectable<ImportRowsTable>;

const CHUNK = 1000;
const KEY_CHUNK = 500;

export async function insertImport(db: Db, values: Insertable<ImportsTable>): Promise<number> {
  const row = await db.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertImportRows(db: Db, rows: Insertable<ImportRowsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('import_rows')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

export function findImport(db: Db, userId: number, id: number): Promise<ImportRecord | undefined> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function updateImport(db: Db, userId: number, id: number, values: Updateable<ImportsTable>) {
  return db.updateTable('imports').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

/**
 * Moves an import on from the status `from` (staged to committed by its commit, committed to undone by its
 * undo): one conditional UPDATE, so of two requests at once only one gets the row (PostgreSQL locks it;
 * SQLite's IMMEDIATE transactions run one after the other).
 */
export async function claimImport(
  db: Db,
  userId: number,
  id: number,
  from: 'staged' | 'committed',
  values: Updateable<ImportsTable>,
): Promise<boolean> {
  const rows = await db
    .updateTable('imports')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .execute();
  return rows.length === 1;
}

export async function listImports(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('imports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findImportRows(
  db: Db,
  userId: number,
  importId: number,
  q: { status?: string | undefined; page: number; perPage: number },
) {
  let query = db.selectFrom('import_rows').where('user_id', '=', userId).where('import_id', '=', importId);
  if (q.status) query = query.where('status', '=', q.status);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('line')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findImportRow(db: Db, userId: number, importId: number, line: number) {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('user_id', '=', userId)
    .where('import_id', '=', importId)
    .where('line', '=', line)
    .executeTakeFirst();
}

export function updateImportRow(
  db: Db,
  userId: number,
  importId: number,
  line: number,
  values: Updateable<ImportRowsTable>,
) {
  return db
    .updateTable('import_rows')
    .set(values)
    .where('user_id', '=', userId)
    .where('import_id', '=', importId)
    .where('line', '=', line)
    .execute();
}

/** The rows a commit writes: included ones, in line order. */
export function findIncludedRows(db: Db, userId: number, importId: number): Promise<ImportRowRecord[]> {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('user_id', '=', userId)
    .where('import_id', '=', importId)
    .where('include', '=', 1)
    .orderBy('line')
    .execute();
}

/** Row counts by status and include flag (the summary after a commit). */
export async function countRows(db: Db, userId: number, importId: number) {
  const rows = await db
    .selectFrom('import_rows')
    .select((eb) => ['status', 'include', eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .where('import_id', '=', importId)
    .groupBy(['status', 'include'])
    .execute();
  return rows.map((r) => ({ status: r.status, include: Number(r.include), n: Number(r.n) }));
}

/** Which of `keys` earlier imports into `target` wrote, and the entry each wrote. */
export async function findImportKeys(
  db: Db,
  userId: number,
  target: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < keys.length; i += KEY_CHUNK) {
    const rows = await db
      .selectFrom('import_keys')
      .select(['key', 'entry_id'])
      .where('user_id', '=', userId)
      .where('target', '=', target)
      .where('key', 'in', keys.slice(i, i + KEY_CHUNK))
      .execute();
    for (const r of rows) found.set(r.key, Number(r.entry_id));
  }
  return found;
}

export async function insertImportKeys(
  db: Db,
  rows: Array<{ user_id: number; target: string; key: string; entry_id: number; import_id: number }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('import_keys')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** The entries an import wrote that still exist (a deleted entry took its key with it). */
export async function findImportEntryIds(db: Db, userId: number, importId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('import_keys')
    .select('entry_id')
    .where('user_id', '=', userId)
    .where('import_id', '=', importId)
    .execute();
  return rows.map((r) => Number(r.entry_id));
}

/** Discards a staged (or unmapped) import with its rows; answers whether there was one. */
export async function deleteUncommittedImport(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('imports')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', 'in', ['staged', 'needs_mapping'])
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Staged imports older than `before` are discarded (DESIGN.md §8: 7 days), every user's: housekeeping run
 * when imports are written, over the (status, created_at) index.
 */
export async function deleteStaleImports(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('imports')
    .where('status', 'in', ['staged', 'needs_mapping'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findMapping(db: Db, userId: number, target: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('import_mappings')
    .select('mapping')
    .where('user_id', '=', userId)
    .where('target', '=', target)
    .executeTakeFirst();
  return row?.mapping;
}

export async function saveMapping(db: Db, userId: number, target: string, mapping: string, now: string) {
  await db
    .insertInto('import_mappings')
    .values({ user_id: userId, target, mapping, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'target']).doUpdateSet({ mapping, updated_at: now }))
    .execute();
}

/** The entries with these ids (the user's), as whole rows: what an undo removes. */
export async function findEntriesByIds(db: Db, userId: number, ids: readonly number[]): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  for (let i = 0; i < ids.length; i += KEY_CHUNK) {
    const rows = await db
      .selectFrom('entries')
      .select(entryColumns)
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + KEY_CHUNK))
      .execute();
    out.push(...rows);
  }
  return out;
}
