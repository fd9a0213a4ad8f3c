import { addMonths, monthDiff, monthOf, normaliseDescription, OPERATIONS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import type { ImportTarget, StagedRow } from './classify.ts';
import { targetKey } from './classify.ts';
import { findImportKeys } from './import.repository.ts';

/** Days apart two calendar dates are (whole days from their Y-M-D; no time zone enters). */
function dayNumber(iso: string): number {
  return (
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000
  );
}

/** An existing entry's date range around the rows: a probable match is at most this many days away. */
export const PROBABLE_DAYS = 5;

/** The installment purchase an "N/M" row belongs to: same text, value and count, bought in the same month. */
function installmentGroup(row: StagedRow): string {
  const purchaseMonth = addMonths(monthOf(row.date as string), 1 - (row.installment_number as number));
  return `i:${normaliseDescription(row.description)}|${row.value}|${row.installment_count}|${purchaseMonth}`;
}

/** The installment k of the purchase `group` (import_keys of an installment purchase, one per installment). */
export function installmentKey(group: string, k: number): string {
  return `${group}|${k}#1`;
}

/**
 * What duplicate detection compares (DESIGN.md §8): the file's own id (FITID, Nubank's Identificador) when it
 * has one, else (date, value, operation, normalised description); an invoice payment by (date, value); an
 * installment by its purchase and number (later statements carry the same installment under a new id).
 */
function baseKey(row: StagedRow): string {
  if (row.installment_number !== null) return `${installmentGroup(row)}|${row.installment_number}`;
  if (row.operation_id === OPERATIONS.transfer) return `p:${row.date}|${row.value}`;
  if (row.external_id) return `x:${row.external_id}`;
  return `h:${row.date}|${row.value}|${row.operation_id}|${normaliseDescription(row.description)}`;
}

export interface CandidateEntry {
  id: number;
  date: string;
  description: string;
  value: number;
  operation_id: number;
  account_id: number | null;
  destination_account_id: number | null;
  card_id: number | null;
  invoice_id: number | null;
  invoice_month: string | null;
  installment_number: number | null;
  installment_count: number | null;
}

type Direction = 'out' | 'in' | 'purchase' | 'refund' | 'payment';

function rowDirection(row: StagedRow, target: ImportTarget): Direction {
  if (target.kind === 'account') return row.operation_id === OPERATIONS.income ? 'in' : 'out';
  if (row.operation_id === OPERATIONS.transfer) return 'payment';
  return row.operation_id === OPERATIONS.income ? 'refund' : 'purchase';
}

function entryDirection(e: CandidateEntry, target: ImportTarget): Direction | null {
  if (target.kind === 'account') {
    if (e.destination_account_id === target.id) return 'in';
    if (e.account_id !== target.id) return null;
    return e.operation_id === OPERATIONS.income ? 'in' : 'out';
  }
  if (e.card_id !== target.id) return null;
  if (e.invoice_id !== null) return 'payment';
  return e.operation_id === OPERATIONS.income ? 'refund' : 'purchase';
}

/**
 * Marks the rows already in the ledger, in three steps:
 * 1. installments of one purchase repeated in the file (a bill exported over months): the lowest number
 *    creates the purchase from there on, the others are its installments;
 * 2. keys that earlier imports into this account or card wrote → `duplicate`, with an occurrence index per
 *    key in file order, so two equal purchases on one day both come in and the same file twice adds nothing;
 * 3. existing entries the keys do not cover (typed by hand, imported before a description changed): an
 *    installment already there (same number, count and value, its invoice within one) is a `duplicate`; any
 *    other entry of the same direction and value within 5 days that no other row matched is `probable` —
 *    shown beside the row, not imported unless included.
 */
export async function markDuplicates(
  db: Db,
  userId: number,
  target: ImportTarget,
  rows: StagedRow[],
  candidates: (start: string, end: string) => Promise<CandidateEntry[]>,
): Promise<void> {
  const live = rows.filter((r) => r.status !== 'skipped');
  const creators = new Map<string, StagedRow>();
  for (const row of live) {
    if (row.installment_number === null) continue;
    const group = installmentGroup(row);
    const first = creators.get(group);
    if (!first || (row.installment_number as number) < (first.installment_number as number))
      creators.set(group, row);
  }
  const occurrences = new Map<string, number>();
  for (const row of live) {
    const base = baseKey(row);
    const n = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, n);
    row.dedupe_key = `${base}#${n}`;
    if (row.installment_number === null) continue;
    const creator = creators.get(installmentGroup(row));
    if (creator && creator !== row) mark(row, 'duplicate', 'installmentOfLine', { line: creator.line });
  }
  const keyed = live.filter((r) => r.status === 'new');
  const existing = await findImportKeys(
    db,
    userId,
    targetKey(target),
    keyed.map((r) => r.dedupe_key as string),
  );
  const claimed = new Set<number>();
  for (const row of keyed) {
    const entryId = existing.get(row.dedupe_key as string);
    if (entryId === undefined) continue;
    mark(row, 'duplicate', 'duplicate');
    row.match_entry_id = entryId;
    claimed.add(entryId);
  }
  const open = keyed.filter((r) => r.status === 'new');
  if (open.length === 0) return;
  const days = open.map((r) => dayNumber(r.date as string));
  const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
  const pool = (
    await candidates(iso(Math.min(...days) - PROBABLE_DAYS), iso(Math.max(...days) + PROBABLE_DAYS))
  ).filter((e) => !claimed.has(e.id));
  const byValue = new Map<string, CandidateEntry[]>();
  for (const e of pool) {
    const direction = entryDirection(e, target);
    if (!direction) continue;
    const key = `${direction}|${e.value}`;
    byValue.set(key, [...(byValue.get(key) ?? []), e]);
  }
  for (const row of open) {
    const list = byValue.get(`${rowDirection(row, target)}|${row.value}`);
    if (!list) continue;
    const day = dayNumber(row.date as string);
    if (row.installment_number !== null) {
      const same = list.find(
        (e) =>
          !claimed.has(e.id) &&
          e.installment_number === row.installment_number &&
          e.installment_count === row.installment_count &&
          e.invoice_month !== null &&
          Math.abs(monthDiff(e.invoice_month, row.invoice_month as string)) <= 1,
      );
      if (same) {
        mark(row, 'duplicate', 'duplicate');
        row.match_entry_id = same.id;
        claimed.add(same.id);
        continue;
      }
    }
    let best: CandidateEntry | undefined;
    for (const e of list) {
      if (claimed.has(e.id)) continue;
      const apart = Math.abs(dayNumber(e.date) - day);
      if (apart <= PROBABLE_DAYS && (!best || apart < Math.abs(dayNumber(best.date) - day))) best = e;
    }
    if (!best) continue;
    claimed.add(best.id);
    mark(row, 'probable', 'probable', { date: best.date, description: best.description });
    row.match_entry_id = best.id;
  }
}

function mark(
  row: StagedRow,
  status: 'duplicate' | 'probable',
  note: 'duplicate' | 'probable' | 'installmentOfLine',
  params?: Record<string, string | number>,
) {
  row.status = status;
  // An installment, refund or payment keeps what it is in the note when it is not new: the status says the rest.
  row.note_key = note;
  row.note_params = params ?? null;
}
