import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';
import { sheetToCsv } from './reports.export.ts';

describe('custom report CSV', () => {
  const header = ['Chave', 'Grupo', 'Receita', 'Despesa', 'Investimento', 'Resultado', 'Lançamentos'];
  const rows = [['3', 'Alimentação', 0, 8089.5, 0, -8089.5, 2]];
  const money = { digits: 2, columns: [2, 3, 4, 5] };

  it('in Português: `;` between fields and amounts as 8.089,50 (issue 23 #9)', async () => {
    const text = await sheetToCsv(header, rows, true, money);
    expect(text.split('\n')[1]).toBe('3;Alimentação;0,00;8.089,50;0,00;-8.089,50;2');
    expect(parse(text, { delimiter: ';' })[1]).toEqual([
      '3',
      'Alimentação',
      '0,00',
      '8.089,50',
      '0,00',
      '-8.089,50',
      '2',
    ]);
  });

  it('in English: `,` and a decimal point, the currency’s digits kept', async () => {
    expect((await sheetToCsv(header, rows, false, money)).split('\n')[1]).toBe(
      '3,Alimentação,0.00,8089.50,0.00,-8089.50,2',
    );
  });
});

describe('POST /report?format=csv by month (issue 23 #9)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('has one month column, not the month twice, and Portuguese amounts', async () => {
    const user = await createUser(ctx, 'Ana', 2);
    const account = await createAccount(user);
    await createEntry(user, expense(account, { date: '2026-11-05', value: 808950 }));
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/report?format=csv',
      payload: { filters: { start: '2026-10', end: '2026-11' }, group_by: 'month' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...body] = parse(res.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(head).toEqual(['Grupo', 'Receita', 'Despesa', 'Investimento', 'Resultado', 'Lançamentos']);
    expect(body.find((r) => r[0] === '2026-11')).toEqual([
      '2026-11',
      '0,00',
      '8.089,50',
      '0,00',
      '-8.089,50',
      '1',
    ]);
  });
});
