import { OPERATIONS } from '@centavo/shared';
import { SYSTEM_CATEGORIES } from '../../apps/api/src/modules/reference/reference.data.ts';
import { type Cell, firstIds, generateUser, type Row, type Sink, TABLES, type TableName } from './model.ts';
import { DATASETS, type DatasetName, DEFAULT_SEED } from './spec.ts';

/**
 * One user's dataset as plain objects, straight from the generator (same spec + seed → the same rows the
 * cached databases hold), for the peer benchmark: it loads them into Centavo through the HTTP API and into
 * Actual Budget through its own API, and recomputes the figures both must answer.
 */

export interface PeerAccount {
  id: number;
  name: string;
  type: string;
  color: string;
}

export interface PeerCategory {
  id: number;
  name: string;
  type: 'income' | 'expense' | 'investment';
  color: string | null;
  icon: string;
  /** The generator's own category (created through the API); system ones exist in every database. */
  system: boolean;
  subs: Array<{ id: number; name: string; system: boolean }>;
}

export interface PeerEntry {
  id: number;
  description: string;
  /** Cents, > 0; the operation gives the direction. */
  value: number;
  date: string;
  operation_id: number;
  category_id: number;
  sub_category_id: number | null;
  account_id: number;
  destination_account_id: number | null;
  paid: boolean;
  notes: string | null;
  tags: number[];
}

export interface PeerData {
  name: DatasetName;
  seed: number;
  firstMonth: string;
  months: number;
  accounts: PeerAccount[];
  /** Every category an entry may use (system and own; the transfer category left out). */
  categories: PeerCategory[];
  tags: Array<{ id: number; name: string }>;
  /** In the generator's order: month by month, by date within a month. */
  entries: PeerEntry[];
}

function objects(table: TableName, rows: Row[]): Array<Record<string, Cell>> {
  const columns: readonly string[] = TABLES[table].columns;
  return rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])));
}

// Cells of a row by column name (undefined only for a column the table lacks, which a test run would show).
const num = (v: Cell | undefined) => Number(v);
const nullableNum = (v: Cell | undefined) => (v === null || v === undefined ? null : Number(v));
const str = (v: Cell | undefined) => String(v ?? '');

/** Generates the first user of a dataset in memory (D3: 30 000 entries, well under a second). */
export async function peerData(name: DatasetName, seed = DEFAULT_SEED): Promise<PeerData> {
  const spec = DATASETS[name];
  const tables = new Map<TableName, Row[]>();
  const sink: Sink = {
    write(table, rows) {
      const list = tables.get(table) ?? [];
      for (const row of rows) list.push(row);
      tables.set(table, list);
    },
  };
  await generateUser(spec, seed, 0, firstIds(), sink);
  const rowsOf = (table: TableName) => objects(table, tables.get(table) ?? []);

  const categories: PeerCategory[] = SYSTEM_CATEGORIES.filter((c) => c.type !== 'transfer').map((c) => ({
    id: c.id,
    name: c.en,
    type: c.type as PeerCategory['type'],
    color: c.color,
    icon: c.icon,
    system: true,
    subs: c.subs.map(([id, en]) => ({ id, name: en, system: true })),
  }));
  for (const c of rowsOf('categories')) {
    categories.push({
      id: num(c.id),
      name: str(c.name),
      type: str(c.type) as PeerCategory['type'],
      color: c.color === null || c.color === undefined ? null : str(c.color),
      icon: str(c.icon),
      system: false,
      subs: [],
    });
  }
  for (const s of rowsOf('subcategories')) {
    const parent = categories.find((c) => c.id === num(s.category_id));
    if (!parent) throw new Error(`subcategory ${s.id} has no category`);
    parent.subs.push({ id: num(s.id), name: str(s.name), system: false });
  }
  return {
    name,
    seed,
    firstMonth: spec.firstMonth,
    months: spec.months,
    accounts: rowsOf('accounts').map((a) => ({
      id: num(a.id),
      name: str(a.name),
      type: str(a.type),
      color: str(a.color),
    })),
    categories,
    tags: rowsOf('tags').map((t) => ({ id: num(t.id), name: str(t.name) })),
    entries: rowsOf('entries').map((e) => ({
      id: num(e.id),
      description: str(e.description),
      value: num(e.value),
      date: str(e.date),
      operation_id: num(e.operation_id),
      category_id: num(e.category_id),
      sub_category_id: nullableNum(e.sub_category_id),
      account_id: num(e.account_id),
      destination_account_id: nullableNum(e.destination_account_id),
      paid: num(e.paid) === 1,
      notes: e.notes === null || e.notes === undefined ? null : str(e.notes),
      tags: e.tag_ids ? str(e.tag_ids).split(',').map(Number) : [],
    })),
  };
}

/** What an entry does to an account's balance: income adds, expense and investment take, transfers move. */
export function accountEffect(
  entry: {
    value: number;
    operation_id: number;
    account_id: number | null;
    destination_account_id: number | null;
  },
  accountId: number,
): number {
  let effect = 0;
  if (entry.account_id === accountId)
    effect += entry.operation_id === OPERATIONS.income ? entry.value : -entry.value;
  if (entry.destination_account_id === accountId) effect += entry.value;
  return effect;
}

/** The entries of one account in one month as an account's list shows them: its own and the transfers into it. */
export function accountMonth(
  data: PeerData,
  accountId: number,
  month: string,
): { rows: number; sum: number } {
  let rows = 0;
  let sum = 0;
  for (const e of data.entries) {
    if (!e.date.startsWith(month)) continue;
    if (e.account_id !== accountId && e.destination_account_id !== accountId) continue;
    rows += 1;
    sum += accountEffect(e, accountId);
  }
  return { rows, sum };
}

/** Expense per category and month over the whole range (accrual: each entry in its own month), in cents. */
export function expenseByCategoryMonth(data: PeerData): Map<string, number> {
  const totals = new Map<string, number>();
  for (const e of data.entries) {
    if (e.operation_id !== OPERATIONS.expense) continue;
    const key = `${e.category_id}|${e.date.slice(0, 7)}`;
    totals.set(key, (totals.get(key) ?? 0) + e.value);
  }
  return totals;
}
