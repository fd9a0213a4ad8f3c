import { describe, expect, it } from 'vitest';
import { importMappingSchema } from './contracts/import.ts';
import {
  applyMapping,
  installmentSuffix,
  isBalanceLine,
  isPaymentLine,
  isRefundLine,
  normaliseDescription,
  parseImportAmount,
  parseImportDate,
  parseOfxDate,
} from './import.ts';

describe('parseImportAmount', () => {
  it.each([
    ['-12,50', -1250],
    ['12.50', 1250],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['(12.50)', -1250],
    ['(1.234,56)', -123456],
    ['12,50-', -1250],
    ['R$ 1.234,56', 123456],
    ['R$ -7,00', -700],
    ['+7', 700],
    ['1.234', 123400],
    ['1,234', 123400],
    ['0,005', 1],
    ['-0,004', 0],
    ['1.234.567,8', 123456780],
    [' 3 000,00 ', 300000],
  ])('%s → %d', (text, cents) => {
    expect(parseImportAmount(text, 2)).toBe(cents);
  });

  it('takes the decimal separator a file declares', () => {
    expect(parseImportAmount('1.234', 2, '.')).toBe(123);
    expect(parseImportAmount('1,5', 2, ',')).toBe(150);
    expect(parseImportAmount('1.234', 0)).toBe(1234);
  });

  it.each(['', 'abc', '12,50,3', '1.2.3,4,5', '--3', '1e5'])('refuses %s', (text) => {
    expect(parseImportAmount(text, 2)).toBeNull();
  });
});

describe('dates', () => {
  it('reads OFX dates as calendar dates, whatever the time and zone', () => {
    expect(parseOfxDate('20261105000000[-3:BRT]')).toBe('2026-11-05');
    expect(parseOfxDate('20261130235959.000[-3:BRT]')).toBe('2026-11-30');
    expect(parseOfxDate('20261231')).toBe('2026-12-31');
    expect(parseOfxDate('20260230')).toBeNull();
    expect(parseOfxDate('2026')).toBeNull();
  });

  it.each([
    ['05/11/2026', 'DD/MM/YYYY', '2026-11-05'],
    ['11/05/2026', 'MM/DD/YYYY', '2026-11-05'],
    ['2026-11-05', 'YYYY-MM-DD', '2026-11-05'],
    ['2026-11-05T10:00:00', 'YYYY-MM-DD', '2026-11-05'],
    ['05/11/26', 'DD/MM/YY', '2026-11-05'],
    ['05-11-2026', 'DD-MM-YYYY', '2026-11-05'],
    ['05.11.2026', 'DD.MM.YYYY', '2026-11-05'],
    ['31/02/2026', 'DD/MM/YYYY', null],
    ['2026-13-01', 'YYYY-MM-DD', null],
  ] as const)('%s in %s → %s', (text, format, iso) => {
    expect(parseImportDate(text, format)).toBe(iso);
  });
});

describe('descriptions', () => {
  it('normalises for comparison', () => {
    expect(normaliseDescription('  PADARIA  São-João *123 ')).toBe('padaria sao joao 123');
  });

  it('reads installment suffixes', () => {
    expect(installmentSuffix('Loja X - Parcela 2/6')).toEqual({ base: 'Loja X', number: 2, count: 6 });
    expect(installmentSuffix('LOJA X PARC 02/06')).toEqual({ base: 'LOJA X', number: 2, count: 6 });
    expect(installmentSuffix('Loja X (3/10)')).toEqual({ base: 'Loja X', number: 3, count: 10 });
    expect(installmentSuffix('Notebook 1/12')).toEqual({ base: 'Notebook', number: 1, count: 12 });
    expect(installmentSuffix('Loja Parcela 2 de 6')).toEqual({ base: 'Loja', number: 2, count: 6 });
    expect(installmentSuffix('Padaria 12/03')).toBeNull();
    expect(installmentSuffix('Padaria')).toBeNull();
    expect(installmentSuffix('1/2')).toBeNull();
    expect(installmentSuffix('Loja 2 de 6')).toBeNull();
  });

  it('knows balance, payment and refund lines', () => {
    for (const text of ['Saldo Anterior', 'SALDO DO DIA', 'SALDO', 'Saldo final'])
      expect(isBalanceLine(text)).toBe(true);
    for (const text of ['Saldão Magazine', 'Pagamento de boleto']) expect(isBalanceLine(text)).toBe(false);
    expect(isPaymentLine('Pagamento recebido')).toBe(true);
    expect(isPaymentLine('PAGAMENTO EFETUADO')).toBe(true);
    expect(isPaymentLine('Pagamento de boleto')).toBe(false);
    expect(isRefundLine('Estorno de "Loja X"')).toBe(true);
    expect(isRefundLine('Loja Estornino')).toBe(false);
  });
});

describe('applyMapping', () => {
  const mapping = importMappingSchema.parse({
    date_column: 0,
    date_format: 'DD/MM/YYYY',
    description_column: 1,
    amount_column: 2,
    decimal: ',',
  });

  it('reads a row with money out negative', () => {
    expect(applyMapping(['05/11/2026', ' Padaria ', '-12,50'], mapping, 2)).toEqual({
      ok: true,
      date: '2026-11-05',
      amount: -1250,
      description: 'Padaria',
      externalId: null,
    });
  });

  it('flips card bills where a purchase is positive, and reads debit/credit columns', () => {
    expect(
      applyMapping(['05/11/2026', 'Loja', '10,00'], { ...mapping, sign: 'expense_positive' }, 2),
    ).toMatchObject({
      amount: -1000,
    });
    const split = importMappingSchema.parse({
      date_column: 0,
      date_format: 'YYYY-MM-DD',
      description_column: 1,
      debit_column: 2,
      credit_column: 3,
      id_column: 4,
      decimal: '.',
    });
    expect(applyMapping(['2026-11-05', 'Loja', '10.00', '', 'abc'], split, 2)).toMatchObject({
      amount: -1000,
      externalId: 'abc',
    });
    expect(applyMapping(['2026-11-05', 'Pix', '', '3.00'], split, 2)).toMatchObject({ amount: 300 });
  });

  it('says why a row cannot be read', () => {
    expect(applyMapping(['31/02/2026', 'x', '1'], mapping, 2)).toEqual({ ok: false, reason: 'date' });
    expect(applyMapping(['05/11/2026', 'x', 'abc'], mapping, 2)).toEqual({ ok: false, reason: 'amount' });
    expect(applyMapping(['05/11/2026', '', '1'], mapping, 2)).toEqual({ ok: false, reason: 'description' });
    expect(applyMapping(['05/11/2026'], mapping, 2)).toEqual({ ok: false, reason: 'columns' });
  });

  it('refuses a mapping with both or neither kind of amount column', () => {
    expect(
      importMappingSchema.safeParse({
        date_column: 0,
        date_format: 'DD/MM/YYYY',
        description_column: 1,
        decimal: ',',
      }).success,
    ).toBe(false);
  });
});
