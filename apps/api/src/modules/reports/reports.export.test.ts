import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sheetToCsv } from './reports.export.ts';

describe('custom report CSV', () => {
  const header = ['Chave', 'Grupo', 'Receita', 'Despesa', 'Investimento', 'Resultado', 'Lançamentos'];
  const rows = [['3', 'Alimentação', 0, 1234.56, 0, -1234.56, 2]];

  it('in Português: `;` between fields and a decimal comma, like the entries CSV', async () => {
    const text = await sheetToCsv(header, rows, true);
    expect(text.split('\n')[1]).toBe('3;Alimentação;0;1234,56;0;-1234,56;2');
    expect(parse(text, { delimiter: ';' })[1]).toEqual([
      '3',
      'Alimentação',
      '0',
      '1234,56',
      '0',
      '-1234,56',
      '2',
    ]);
  });

  it('in English: `,` and a decimal point', async () => {
    expect((await sheetToCsv(header, rows)).split('\n')[1]).toBe('3,Alimentação,0,1234.56,0,-1234.56,2');
  });
});
