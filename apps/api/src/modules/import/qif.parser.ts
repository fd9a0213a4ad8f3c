import type { ImportDateFormat } from '@centavo/shared';
import { parseImportAmount, parseImportDate } from '@centavo/shared';
import { type ParsedFile, type RawRow, unreadable } from './parsed.ts';

/**
 * QIF (Quicken Interchange Format): a `!Type:Bank` / `!Type:CCard` header, then records of one-letter fields
 * (D date, T amount, P payee, M memo, N number) each ended by `^`. Dates are written day-first or month-first
 * depending on who wrote the file: the file's own dates decide (a first part above 12 is a day), else
 * month-first as Quicken writes them; `'26` years are 2026.
 */
export function parseQif(text: string, digits: number): ParsedFile {
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0 || !/^!(type|account|option)/i.test(lines[first]?.trim() ?? '')) {
    throw unreadable('importQifBroken', first + 1 || 1);
  }
  interface Record {
    line: number;
    fields: Map<string, string>;
  }
  const records: Record[] = [];
  let current: Record | null = null;
  for (let i = first + 1; i < lines.length; i++) {
    const raw = (lines[i] ?? '').trim();
    if (raw === '') continue;
    if (raw.startsWith('!')) continue;
    if (raw === '^') {
      if (current) records.push(current);
      current = null;
      continue;
    }
    current ??= { line: i + 1, fields: new Map() };
    const code = raw.charAt(0).toUpperCase();
    // Split transactions (S, E, $) describe parts of one record: the record's own T is its amount.
    if (!current.fields.has(code)) current.fields.set(code, raw.slice(1).trim());
  }
  if (current && current.fields.size > 0) records.push(current);
  const format = dateOrder(records.map((r) => r.fields.get('D') ?? ''));
  const rows = records.map((r): RawRow => {
    const payee = r.fields.get('P') ?? '';
    const memo = r.fields.get('M') ?? '';
    const description = [...new Set([payee, memo].filter((p) => p !== ''))].join(' - ').slice(0, 255);
    const date = parseImportDate(normaliseQifDate(r.fields.get('D') ?? ''), format);
    const amount = parseImportAmount(r.fields.get('T') ?? r.fields.get('U') ?? '', digits);
    const row: RawRow = { line: r.line, date, amount, description, externalId: r.fields.get('N') || null };
    if (!date) row.skip = 'date';
    else if (amount === null) row.skip = 'amount';
    return row;
  });
  return { format: 'qif', preset: null, bank: null, bankCode: null, rows };
}

/** "1/5'26" and "01-05-2026" as "01/05/2026". */
function normaliseQifDate(text: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})(?:'|[/.-])\s*(\d{2,4})$/.exec(text.trim());
  if (!match) return text;
  const [, a = '', b = '', y = ''] = match;
  const year = y.length === 2 ? `20${y}` : y;
  return `${a.padStart(2, '0')}/${b.padStart(2, '0')}/${year}`;
}

function dateOrder(dates: readonly string[]): ImportDateFormat {
  for (const d of dates) {
    const [a, b] = normaliseQifDate(d).split('/').map(Number);
    if ((a ?? 0) > 12) return 'DD/MM/YYYY';
    if ((b ?? 0) > 12) return 'MM/DD/YYYY';
  }
  return 'MM/DD/YYYY';
}
