import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appForFile, createUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income } from '../../../test/ledger/helpers.ts';
import { CURRENCIES } from '../reference/reference.data.ts';
import { EXPORT_PAGE } from './entries.export.ts';

const ctx = await appForFile();

const JPY_ID = CURRENCIES.findIndex(([code]) => code === 'JPY') + 1;

describe('the export writes amounts with the digits of the user currency', () => {
  it('writes ¥1,234 (stored as 1234) as 1234, not 12.34, in CSV and in XLSX', async () => {
    const u = await createUser(ctx);
    const prefs = await u.request({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      payload: { language_id: 1, currency_code_id: JPY_ID, country_id: 1 },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect(prefs.json().currency_code).toMatchObject({ code: 'JPY', decimals: 0 });
    const account = await createAccount(u);
    await createEntry(u, expense(account, { value: 1234 }));

    const csv = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=csv' });
    expect(csv.statusCode).toBe(200);
    const [, row] = parse(csv.body, { relax_column_count: true, bom: true }) as string[][];
    // An expense: negative in the file (issue 13 #11).
    expect(row?.[7]).toBe('-1234');

    const xlsx = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]?.getRow(2).getCell(8);
    expect(cell?.value).toBe(-1234);
    expect(cell?.numFmt).toBe('"¥" #,##0;-"¥" #,##0');
  });

  it('keeps two decimals for the default currency (BRL)', async () => {
    const u = await createUser(ctx);
    const account = await createAccount(u);
    await createEntry(u, expense(account, { value: 1234 }));
    const csv = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=csv' });
    const [, row] = parse(csv.body, { relax_column_count: true, bom: true }) as string[][];
    expect(row?.[7]).toBe('-12.34');
  });
});

describe('a Brazilian spreadsheet opens the export right (issue 13 #11)', () => {
  it('CSV: BOM, ; and 1.234,56 in Português, dates as the interface shows them, expenses negative; XLSX: dates, signed amounts, names in the language, installment', async () => {
    const u = await createUser(ctx);
    const prefs = await u.request({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      payload: {
        language_id: 2,
        currency_code_id: CURRENCIES.findIndex(([c]) => c === 'BRL') + 1,
        country_id: 1,
      },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const account = await createAccount(u, { name: 'Conta' });
    await createEntry(
      u,
      expense(account, { description: 'Notebook', value: 300000, installments: 3, date: '2026-11-10' }),
    );
    await createEntry(u, income(account, { description: 'Salário', value: 512345, date: '2026-11-05' }));
    const csv = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const records = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([
      'Data',
      'Descrição',
      'Operação',
      'Categoria',
      'Subcategoria',
      'Conta',
      'Conta de destino',
      'Valor',
      'Pago',
      'Parcela',
      'Tags',
      'Observações',
    ]);
    const byName = new Map(records.slice(1).map((r) => [r[1], r]));
    expect(byName.get('Salário')?.slice(0, 2)).toEqual(['05/11/2026', 'Salário']);
    expect(byName.get('Salário')?.[7]).toBe('5.123,45');
    expect(byName.get('Notebook')?.[0]).toBe('10/11/2026');
    expect(byName.get('Notebook')?.[7]).toBe('-1.000,00');
    expect(byName.get('Notebook')?.[9]).toBe('1/3');

    const xlsx = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Lançamentos');
    expect(sheet?.getRow(1).getCell(10).value).toBe('Parcela');
    const rows: unknown[][] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const notebook = rows.find((r) => r[1] === 'Notebook');
    expect(notebook?.[0]).toBeInstanceOf(Date);
    expect((notebook?.[0] as Date | undefined)?.toISOString().slice(0, 10)).toBe('2026-11-10');
    expect(notebook?.[7]).toBe(-1000);
    expect(notebook?.[9]).toBe('1/3');
    expect(sheet?.getRow(2).getCell(8).numFmt).toBe('"R$" #,##0.00;-"R$" #,##0.00');
    expect(sheet?.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');

    // English: , and 1234.56, MM/DD/YYYY.
    await u.request({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      payload: {
        language_id: 1,
        currency_code_id: CURRENCIES.findIndex(([c]) => c === 'BRL') + 1,
        country_id: 1,
      },
    });
    const en = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=csv' });
    const enRows = parse(en.body, { bom: true }) as string[][];
    const salary = enRows.find((r) => r[1] === 'Salário');
    expect(salary?.[0]).toBe('11/05/2026');
    expect(salary?.[7]).toBe('5123.45');
  });
});

describe('a long export is read a page at a time (issue 17)', () => {
  it('writes every entry once, in (date, id) order, when pages end inside a day', async () => {
    const u = await createUser(ctx);
    const account = await createAccount(u);
    // Two and a half pages on three days: a page boundary falls among entries of the same date.
    const count = Math.floor(EXPORT_PAGE * 2.5);
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: u.id,
      description: `Entry ${i}`,
      value: 100 + i,
      date: `2026-11-0${1 + (i % 3)}`,
      operation_id: 2,
      category_id: 3,
      account_id: account,
      paid: 0,
      fixed: 0,
      tag_ids: '',
      created_at: now,
      updated_at: now,
    }));
    await ctx.app.db.insertInto('entries').values(rows).execute();
    const csv = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=csv' });
    expect(csv.statusCode).toBe(200);
    const lines = (parse(csv.body, { bom: true }) as string[][]).slice(1);
    const expected = rows
      .map((r, i) => ({ date: r.date, i }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.i - b.i)
      .map(({ i }) => `Entry ${i}`);
    expect(lines.map((line) => line[1])).toEqual(expected);
  });
});

describe('the XLSX holds any text a user typed', () => {
  it('escapes <, & and quotes, drops control characters XML cannot hold, neutralises hidden formulas', async () => {
    const u = await createUser(ctx);
    const account = await createAccount(u);
    await createEntry(u, expense(account, { description: 'Tom & Jerry <"ltda">', notes: 'bell\u0007here' }));
    await createEntry(u, expense(account, { description: '\u200B=1+1', date: '2026-11-11' }));
    const xlsx = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).getCell(2).value).toBe('Tom & Jerry <"ltda">');
    expect(sheet?.getRow(2).getCell(12).value).toBe('bellhere');
    expect(sheet?.getRow(3).getCell(2).value).toBe("'\u200B=1+1");
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
  });
});
