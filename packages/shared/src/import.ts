import type { ImportDateFormat, ImportMapping } from './contracts/import.ts';
import { type IsoDate, isValidDate } from './dates.ts';
import { MAX_CENTS } from './money.ts';
import { foldText } from './text.ts';

/**
 * Reading the cells of bank files (DESIGN.md §8), shared by the API (which stages every row) and the web app
 * (whose column-mapping step previews the first rows live with the same code). Pure: no I/O, no Date.
 */

/**
 * An amount as banks write it, into signed minor units: "-12,50", "1.234,56", "1,234.56", "(12.50)" and
 * "12,50-" (negative), "R$ 1.234,56", "+7". `decimal` is the separator when the file's format says it; else
 * the last '.' or ',' followed by 1–3 digits (and not grouping a 3-digit block after a comma-free number) is
 * the decimal one. More decimals than the currency has are rounded half away from zero. Null: not an amount.
 */
export function parseImportAmount(text: string, digits: number, decimal?: ',' | '.'): number | null {
  let t = text.trim().replace(/[\s\u00a0]/g, '');
  if (t === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  // A currency code or symbol before or after the number (R$, US$, BRL, €).
  t = t.replace(/^(?:[A-Za-z]{0,3}\$|[A-Z]{3}|€|£)/, '').replace(/(?:[A-Za-z]{0,3}\$|[A-Z]{3}|€|£)$/, '');
  if (t.startsWith('-') || t.startsWith('−')) {
    negative = !negative;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  else if (t.endsWith('-')) {
    negative = !negative;
    t = t.slice(0, -1);
  }
  if (!/^\d[\d.,]*$/.test(t) && !/^[.,]\d+$/.test(t)) return null;
  const sep = decimal ?? guessDecimal(t);
  const grouping = sep === ',' ? '.' : ',';
  const [whole = '', fraction = '', ...rest] = t.split(sep);
  if (rest.length > 0) return null;
  const groups = whole.split(grouping);
  // Grouping separates blocks of three digits ("1.234.567"): anything else is not an amount.
  if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return null;
  const wholeDigits = groups.join('');
  if (!/^\d*$/.test(wholeDigits) || !/^\d*$/.test(fraction)) return null;
  if (wholeDigits === '' && fraction === '') return null;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  let value = Number(`${wholeDigits || '0'}${kept}`);
  // Rounded half away from zero on the first dropped digit, by string: no float ever holds the amount.
  if (fraction.length > digits && Number(fraction.charAt(digits)) >= 5) value += 1;
  if (!Number.isSafeInteger(value) || value > MAX_CENTS) return null;
  return negative && value !== 0 ? -value : value;
}

/**
 * The decimal separator of an amount whose format is not known: with both, the last one; a separator that
 * repeats groups thousands; a single one followed by exactly three digits groups too ("1.234" is 1234, as
 * Brazilian files write it, "1,234" as American ones do); otherwise it is the decimal one.
 */
function guessDecimal(t: string): ',' | '.' {
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) return lastComma > lastDot ? ',' : '.';
  const at = Math.max(lastComma, lastDot);
  if (at < 0) return '.';
  const sep = t.charAt(at) as ',' | '.';
  const other = sep === ',' ? '.' : ',';
  // "0,005" is a decimal: a grouped number never starts with 0.
  if (t.indexOf(sep) !== at || (t.length - at - 1 === 3 && !/^0?[.,]/.test(t))) return other;
  return sep;
}

/** A calendar date in `format` (a time after the date is ignored); null when it is not a real date. */
export function parseImportDate(text: string, format: ImportDateFormat): IsoDate | null {
  const t = text.trim();
  let y: string | undefined;
  let m: string | undefined;
  let d: string | undefined;
  let match: RegExpExecArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T\s])/.exec(t);
      [, y, m, d] = match ?? [];
      break;
    case 'YYYYMMDD':
      match = /^(\d{4})(\d{2})(\d{2})/.exec(t);
      [, y, m, d] = match ?? [];
      break;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$|\s)/.exec(t);
      [, m, d, y] = match ?? [];
      break;
    case 'DD/MM/YY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{2})(?:$|\s)/.exec(t);
      [, d, m, y] = match ?? [];
      // Two-digit years: bank files hold recent history; 70–99 are the 1900s.
      if (y !== undefined) y = `${Number(y) >= 70 ? '19' : '20'}${y}`;
      break;
    default: {
      const sep = format === 'DD-MM-YYYY' ? '-' : format === 'DD.MM.YYYY' ? '\\.' : '\\/';
      match = new RegExp(`^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4})(?:$|\\s)`).exec(t);
      [, d, m, y] = match ?? [];
    }
  }
  if (y === undefined || m === undefined || d === undefined) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isValidDate(iso) ? iso : null;
}

/**
 * An OFX date, `YYYYMMDD[HHMMSS[.XXX]][[-3:BRT]]`, as the calendar date it names: the first eight digits.
 * Never turned into an instant (Actual #1053: a time zone read back in UTC moved dates a day).
 */
export function parseOfxDate(text: string): IsoDate | null {
  return parseImportDate(text.trim().slice(0, 8), 'YYYYMMDD');
}

/** A description as duplicate detection compares it: folded (accents, case), punctuation and runs of spaces out. */
export function normaliseDescription(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface InstallmentSuffix {
  /** The description without the suffix ("Loja X"). */
  base: string;
  number: number;
  count: number;
}

/**
 * "Loja X - Parcela 2/6", "LOJA X PARC 02/06", "Loja X (2/6)", "LOJA X 02/06": installment N of M. A bare
 * "N/M" also reads as a day and month ("PADARIA 05/12"): it counts only with N ≤ M ≤ 420 and M ≥ 2, as every
 * installment suffix has; "Parcela" or "Parc" removes the doubt.
 */
export function installmentSuffix(description: string): InstallmentSuffix | null {
  const match =
    /^(.*?)[\s\-–:]*(?:\b(?:parcela|parc)\.?\s*)?\(?\s*(\d{1,3})\s*(?:\/|de)\s*(\d{1,3})\s*\)?\s*$/i.exec(
      description,
    );
  if (!match) return null;
  const [, rawBase = '', n = '', m = ''] = match;
  const number = Number(n);
  const count = Number(m);
  const base = rawBase.replace(/[\s\-–:]+$/, '').trim();
  if (base === '' || number < 1 || count < 2 || count > 420 || number > count) return null;
  // "de" needs the word before it ("Parcela 2 de 6"); a bare "2 de 6" is too loose to trust.
  if (/\sde\s/i.test(match[0].slice(rawBase.length)) && !/parc/i.test(match[0].slice(rawBase.length))) {
    return null;
  }
  return { base, number, count };
}

/** A balance line of a statement ("Saldo Anterior", "Saldo do dia", "SALDO"): not a transaction. */
export function isBalanceLine(description: string): boolean {
  return /^(saldo|s a l d o)(\s+(anterior|do dia|final|inicial|disponivel|em conta|em c c|total|bloqueado))?(\s|$)/.test(
    normaliseDescription(description),
  );
}

/** A card statement's payment line ("Pagamento recebido", "Pagamento de fatura", "Payment received"). */
export function isPaymentLine(description: string): boolean {
  return /^(pagamento( recebido| efetuado| de fatura| da fatura| fatura)|pgto|payment( received| thank you)?)(\s|$)/.test(
    normaliseDescription(description),
  );
}

/** A refund line of a card statement ("Estorno de …", "Estorno - …", "Refund"). */
export function isRefundLine(description: string): boolean {
  return /(^|\s)(estorno|reembolso|refund|chargeback|devolucao)(\s|$)/.test(
    normaliseDescription(description),
  );
}

/** One row read through a mapping: signed cents (a negative amount is money out), or why it can't be read. */
export type MappedRow =
  | { ok: true; date: IsoDate; amount: number; description: string; externalId: string | null }
  | { ok: false; reason: 'date' | 'amount' | 'description' | 'columns' };

/**
 * A row's cells through a generic mapping. The amount comes out with "money out" negative whatever the
 * file's own sign (`sign: expense_positive` card bills are flipped), so every later step reads one convention.
 */
export function applyMapping(cells: readonly string[], mapping: ImportMapping, digits: number): MappedRow {
  const cell = (i: number | null | undefined) => (i == null ? undefined : cells[i]);
  const dateText = cell(mapping.date_column);
  if (dateText === undefined) return { ok: false, reason: 'columns' };
  const date = parseImportDate(dateText, mapping.date_format);
  if (!date) return { ok: false, reason: 'date' };
  let amount: number | null;
  if (mapping.amount_column != null) {
    const text = cell(mapping.amount_column);
    if (text === undefined) return { ok: false, reason: 'columns' };
    amount = parseImportAmount(text, digits, mapping.decimal);
    if (amount !== null && mapping.sign === 'expense_positive') amount = -amount;
  } else {
    const debit = (cell(mapping.debit_column) ?? '').trim();
    const credit = (cell(mapping.credit_column) ?? '').trim();
    const out = debit === '' ? 0 : parseImportAmount(debit, digits, mapping.decimal);
    const into = credit === '' ? 0 : parseImportAmount(credit, digits, mapping.decimal);
    amount = out === null || into === null ? null : Math.abs(into) - Math.abs(out);
  }
  if (amount === null) return { ok: false, reason: 'amount' };
  const description = (cell(mapping.description_column) ?? '').trim();
  if (description === '') return { ok: false, reason: 'description' };
  const id = cell(mapping.id_column)?.trim();
  return { ok: true, date, amount, description, externalId: id ? id : null };
}
