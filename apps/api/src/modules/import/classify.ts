import {
  addMonths,
  installmentSuffix,
  isBalanceLine,
  isPaymentLine,
  isRefundLine,
  OPERATIONS,
} from '@centavo/shared';
import type { ImportRowsTable } from '../../db/tables/import.ts';
import { type Closing, monthFor } from '../money-core/closing.ts';
import type { RawRow, RowNoteKey } from './parsed.ts';

/** Where an import's rows go: an account, or a card (its closing rule and the account that pays it). */
export type ImportTarget =
  | { kind: 'account'; id: number }
  | { kind: 'card'; id: number; closing: Closing; accountId: number | null };

/** The key under which an import's writes are remembered for a target (import_keys.target). */
export function targetKey(target: { kind: 'account' | 'card'; id: number }): string {
  return `${target.kind === 'account' ? 'a' : 'c'}:${target.id}`;
}

/**
 * A row on its way to the ledger: what it will be, its status and why — an import_rows row before it is
 * stored (status, note and include typed; the note's placeholders not yet JSON).
 */
export type StagedRow = Omit<
  ImportRowsTable,
  'user_id' | 'import_id' | 'status' | 'note_key' | 'note_params' | 'include'
> & {
  status: 'new' | 'duplicate' | 'probable' | 'skipped';
  note_key: RowNoteKey | null;
  note_params: Record<string, string | number> | null;
  include: boolean;
};

function skipped(raw: RawRow, note: RowNoteKey): StagedRow {
  return {
    ...blank(raw),
    status: 'skipped',
    note_key: note,
    value: raw.amount === null ? null : Math.abs(raw.amount),
  };
}

function blank(raw: RawRow): StagedRow {
  return {
    line: raw.line,
    date: raw.date,
    description: raw.description,
    value: null,
    operation_id: null,
    external_id: raw.externalId,
    status: 'new',
    note_key: null,
    note_params: null,
    match_entry_id: null,
    category_id: null,
    sub_category_id: null,
    rule_id: null,
    include: false,
    invoice_month: null,
    installment_number: null,
    installment_count: null,
    dedupe_key: null,
  };
}

/**
 * What each row is (DESIGN.md §8). Skipped: unreadable rows (their reason), balance lines ("Saldo
 * Anterior", "Saldo do dia", "SALDO", an empty FITID) and zero amounts. On an account: money out is an
 * expense, money in an income. On a card: a purchase lands in its invoice by the closing rule, a "Parcela N/M"
 * or "N/M" suffix makes it installment N of M of one purchase; "Pagamento recebido" is the payment of the
 * invoice it pays — the latest closed on or before its date — never an expense; "Estorno" and other money in
 * are refunds.
 */
export function classifyRows(rows: readonly RawRow[], target: ImportTarget): StagedRow[] {
  return rows.map((raw) => {
    if (raw.skip) return skipped(raw, raw.skip);
    if (isBalanceLine(raw.description)) return skipped(raw, 'balance');
    const amount = raw.amount as number;
    const date = raw.date as string;
    if (amount === 0) return skipped(raw, 'zero');
    const row = blank(raw);
    row.value = Math.abs(amount);
    if (target.kind === 'account') {
      row.operation_id = amount < 0 ? OPERATIONS.expense : OPERATIONS.income;
      return row;
    }
    const invoice = monthFor(target.closing, date);
    if (amount > 0 && isPaymentLine(raw.description)) {
      if (target.accountId === null) return skipped(raw, 'paymentNoAccount');
      row.operation_id = OPERATIONS.transfer;
      row.invoice_month = addMonths(invoice, -1);
      row.note_key = 'payment';
      row.note_params = { month: row.invoice_month };
      return row;
    }
    row.invoice_month = invoice;
    if (amount > 0 || isRefundLine(raw.description)) {
      row.operation_id = OPERATIONS.income;
      row.note_key = 'refund';
      return row;
    }
    row.operation_id = OPERATIONS.expense;
    const installment = installmentSuffix(raw.description);
    if (installment) {
      row.description = installment.base;
      row.installment_number = installment.number;
      row.installment_count = installment.count;
      row.note_key = 'installment';
      row.note_params = { number: installment.number, count: installment.count };
    }
    return row;
  });
}
