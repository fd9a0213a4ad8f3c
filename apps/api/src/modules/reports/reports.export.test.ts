import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

/** The custom report's files go through the one export path (lib/sheet-export.ts), like the entries'. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function userIn(languageId: number, value = 123456): Promise<TestUser> {
  const user = await createUser(ctx, 'R', languageId);
  const account = await createAccount(user);
  await createEntry(user, expense(account, { value, date: '2026-03-10' }));
  return user;
}

const report = (user: TestUser, format: string) =>
  user.request({
    method: 'POST',
    url: `/api/v1/report?format=${format}`,
    payload: { filters: { start: '2026-01', end: '2026-12' }, group_by: 'category' },
  });

describe('custom report files', () => {
  it('CSV in Português: `;` and Brazilian numbers like the entries CSV, headers from the catalogue', async () => {
    const res = await report(await userIn(2), 'csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Chave',
      'Grupo',
      'Receita',
      'Despesa',
      'Investimento',
      'Resultado',
      'Lançamentos',
    ]);
    expect(rows[1]?.slice(2)).toEqual(['0,00', '1.234,56', '0,00', '-1.234,56', '1']);
    expect(rows.at(-1)?.[1]).toBe('Total');
  });

  it('CSV in English: `,` and a decimal point; XLSX: numbers, the sheet named in the language', async () => {
    const user = await userIn(1);
    const csv = parse((await report(user, 'csv')).body, { bom: true }) as string[][];
    expect(csv[1]?.slice(2)).toEqual(['0.00', '1234.56', '0.00', '-1234.56', '1']);
    const xlsx = await report(user, 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.name).toBe('Report');
    expect(book.worksheets[0]?.getRow(2).getCell(4).value).toBe(1234.56);
  });

  it('the analysis file (grouped by month), exact lines: one month column, `;` and 8.089,50 in Português, `,` and 8089.50 in English (issue 23 #9)', async () => {
    const file = async (languageId: number) => {
      const res = await (await userIn(languageId, 808950)).request({
        method: 'POST',
        url: '/api/v1/report?format=csv',
        payload: { filters: { start: '2026-02', end: '2026-03' }, group_by: 'month', basis: 'accrual' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body.replace('\uFEFF', '').split('\r\n').join('\n');
    };
    expect(await file(2)).toBe(
      [
        'Mês;Receita;Despesa;Investimento;Resultado;Lançamentos',
        '2026-03;0,00;8.089,50;0,00;-8.089,50;1',
        'Total;0,00;8.089,50;0,00;-8.089,50;1',
        '',
      ].join('\n'),
    );
    expect(await file(1)).toBe(
      [
        'Month,Income,Expense,Investment,Result,Entries',
        '2026-03,0.00,8089.50,0.00,-8089.50,1',
        'Total,0.00,8089.50,0.00,-8089.50,1',
        '',
      ].join('\n'),
    );
  });
});
