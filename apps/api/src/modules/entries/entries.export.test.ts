import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../ledger/ledger.test-helpers.ts';
import { CURRENCIES } from '../reference/reference.data.ts';
import { exportRows, toXlsx } from './entries.export.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

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
    const [, row] = parse(csv.body, { relax_column_count: true }) as string[][];
    expect(row?.[7]).toBe('1234');

    const { header, rows, digits } = await exportRows(ctx.database.db, u.id, 1, { month: '2026-11' });
    expect(digits).toBe(0);
    expect(rows[0]?.[7]).toBe(1234);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx(header, rows, digits)) as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]?.getRow(2).getCell(8);
    expect(cell?.value).toBe(1234);
    expect(cell?.numFmt).toBe('#,##0');
  });

  it('keeps two decimals for the default currency (BRL)', async () => {
    const u = await createUser(ctx);
    const account = await createAccount(u);
    await createEntry(u, expense(account, { value: 1234 }));
    const { rows, digits } = await exportRows(ctx.database.db, u.id, 1, { month: '2026-11' });
    expect(digits).toBe(2);
    expect(rows[0]?.[7]).toBe(12.34);
  });
});
