import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { decodeBytes } from './decode.ts';
import { GENERIC_CSV_MAPPING } from './import.test-helpers.ts';
import type { RawRow } from './parsed.ts';
import { type FileReading, readImportFile } from './read-file.ts';

/** The parsers on fixture files written for every quirk of DESIGN.md §8 (fixtures/). */
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name)));

async function rows(name: string): Promise<{ reading: FileReading & { kind: 'rows' }; rows: RawRow[] }> {
  const reading = await readImportFile(fixture(name), name, undefined, undefined, 2);
  if (reading.kind !== 'rows') throw new Error(`${name} was not read as rows`);
  return { reading, rows: reading.file.rows };
}

async function failure(bytes: Uint8Array, name: string): Promise<AppError> {
  try {
    await readImportFile(bytes, name, undefined, undefined, 2);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${name} was read`);
}

describe('encodings', () => {
  it('reads a cp1252 OFX that says so (CHARSET:1252) in cp1252', async () => {
    const { reading, rows: r } = await rows('bb-sgml-cp1252.ofx');
    expect(reading).toMatchObject({ encoding: 'windows-1252', source: 'declared' });
    expect(r.map((x) => x.description)).toContain('Padaria São João');
    expect(r.map((x) => x.description)).toContain('Açougue Boi Bom');
  });

  it('reads cp1252 bytes that declare UTF-8 by detection, never as mojibake', async () => {
    const { reading, rows: r } = await rows('cp1252-declares-utf8.ofx');
    expect(reading.source).toBe('detected');
    expect(r.map((x) => x.description)).toContain('Salário Empresa Ação Ltda');
    expect(r.some((x) => x.description.includes('\uFFFD'))).toBe(false);
  });

  it('takes a BOM first, then strict UTF-8', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('Olá', 'utf8')]);
    expect(decodeBytes(bom)).toEqual({ text: 'Olá', encoding: 'utf-8', source: 'bom' });
    expect(decodeBytes(new Uint8Array(Buffer.from('Olá', 'utf8')))).toMatchObject({
      text: 'Olá',
      source: 'utf-8',
    });
    const utf16 = new Uint8Array([0xff, 0xfe, ...iconv.encode('Ação', 'utf-16le')]);
    expect(decodeBytes(utf16).text).toBe('Ação');
  });
});

describe('OFX', () => {
  it('1.x SGML: unclosed tags, BRT dates as calendar dates, comma decimals, bank, FITIDs', async () => {
    const { reading, rows: r } = await rows('bb-sgml-cp1252.ofx');
    expect(reading.file).toMatchObject({ format: 'ofx', bank: 'Banco do Brasil', bankCode: '001' });
    const bakery = r.find((x) => x.description === 'Padaria São João');
    // 23:59:59 at -3 is the next day in UTC: the calendar date stays the 1st.
    expect(bakery).toMatchObject({ date: '2026-11-01', amount: -1250, externalId: '202611010001' });
    expect(r.find((x) => x.description.startsWith('Salário'))).toMatchObject({ amount: 350000 });
    // The balance line has an empty FITID; both rows of the repeated FITID are kept.
    expect(r.find((x) => x.description === 'Saldo Anterior')?.skip).toBe('noId');
    expect(r.filter((x) => x.externalId === '202611100001').map((x) => x.amount)).toEqual([-4590, -800]);
    expect(r.map((x) => x.line)).toEqual([44, 52, 60, 68, 76, 84]);
  });

  it('2.x XML: a card statement with entities, decimals with a dot, dates without a time', async () => {
    const { reading, rows: r } = await rows('itau-card-2x.ofx');
    expect(reading.file.bank).toBe('Itaú Unibanco');
    expect(r.map((x) => [x.date, x.amount, x.description])).toEqual([
      ['2026-11-12', -8990, 'Restaurante Sabor & Arte'],
      ['2026-11-20', -25000, 'Loja Eletro PARC 02/06'],
      ['2026-11-25', 3000, 'Estorno Restaurante Sabor'],
      ['2026-11-17', 10000, 'Pagamento recebido'],
    ]);
  });

  it('a file cut inside a transaction → 422 naming the line where it opens; not an OFX → 422', async () => {
    const cut = await failure(fixture('broken-cut.ofx'), 'broken-cut.ofx');
    expect(cut).toMatchObject({ statusCode: 422, key: 'importOfxTag', params: { line: 68 } });
    const none = await failure(new Uint8Array(Buffer.from('OFXHEADER:100\n\nnothing here')), 'x.ofx');
    expect(none).toMatchObject({ statusCode: 422, key: 'importOfxBroken' });
  });
});

describe('CSV presets', () => {
  it('Nubank account: Data,Valor,Identificador,Descrição', async () => {
    const { reading, rows: r } = await rows('nubank-account.csv');
    expect(reading.file).toMatchObject({ format: 'csv', preset: 'nubank_account', bank: 'Nubank' });
    expect(r.map((x) => [x.line, x.date, x.amount, x.externalId?.slice(-2)])).toEqual([
      [2, '2026-11-01', -2500, '01'],
      [3, '2026-11-03', 120000, '02'],
      [4, '2026-11-05', -5990, '03'],
      [5, '2026-11-05', -5990, '04'],
    ]);
    expect(r[2]?.description).toBe('Compra no débito - Mercado Bom Preço, Loja 2');
  });

  it('Nubank card: date,title,amount with purchases positive (money out comes out negative)', async () => {
    const { reading, rows: r } = await rows('nubank-card.csv');
    expect(reading.file.preset).toBe('nubank_card');
    expect(r.map((x) => x.amount)).toEqual([-2345, -15000, -15000, 30000, 2345, -5590, -5590]);
  });

  it('Inter: the header after four lines about the account, ";" and comma decimals, cp1252', async () => {
    const { reading, rows: r } = await rows('inter.csv');
    expect(reading).toMatchObject({
      encoding: 'windows-1252',
      file: { preset: 'inter_account', bank: 'Inter' },
    });
    expect(r.map((x) => [x.line, x.date, x.amount, x.description])).toEqual([
      [7, '2026-11-02', -25000, 'Pix enviado - JOÃO DA SILVA'],
      [8, '2026-11-02', -25000, 'Pix enviado - JOÃO DA SILVA'],
      [9, '2026-11-04', -5590, 'Pagamento efetuado - NETFLIX.COM'],
      [10, '2026-11-06', 123456, 'Pix recebido - EMPRESA ÔMEGA LTDA'],
    ]);
  });

  it('an unknown header waits for a mapping; with one, parentheses are money out and bad dates are skipped', async () => {
    const bytes = fixture('generic.csv');
    const table = await readImportFile(bytes, 'generic.csv', undefined, undefined, 2);
    expect(table.kind).toBe('table');
    const mapped = await readImportFile(bytes, 'generic.csv', undefined, GENERIC_CSV_MAPPING, 2);
    if (mapped.kind !== 'rows') throw new Error('not mapped');
    expect(mapped.file.rows.map((x) => [x.line, x.amount, x.skip])).toEqual([
      [3, -12345, undefined],
      [4, 8000, undefined],
      [5, -123450, undefined],
      [6, null, 'date'],
    ]);
  });

  it('a quote never closed → 422 naming the line', async () => {
    const error = await failure(fixture('broken-quote.csv'), 'broken-quote.csv');
    expect(error).toMatchObject({ statusCode: 422, key: 'importCsvBroken' });
    expect(error.params?.line).toBeGreaterThanOrEqual(3);
  });
});

describe('QIF and XLSX', () => {
  it('QIF: month-first dates with an apostrophe year, payees and memos', async () => {
    const { rows: r } = await rows('statement.qif');
    expect(r.map((x) => [x.line, x.date, x.amount, x.description])).toEqual([
      [2, '2026-11-03', -4210, 'Posto Shell - Gasolina'],
      [7, '2026-11-15', 150000, 'Cliente ACME'],
      [11, '2026-11-16', -750, 'Padaria'],
    ]);
  });

  it('XLSX: the first sheet as a table, presets by header, dates as calendar dates', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Extrato');
    sheet.addRow(['date', 'title', 'amount']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 30)), 'Livraria', 42.5]);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const reading = await readImportFile(bytes, 'bill.xlsx', undefined, undefined, 2);
    if (reading.kind !== 'rows') throw new Error('not a preset');
    expect(reading.file).toMatchObject({ format: 'xlsx', preset: 'nubank_card' });
    expect(reading.file.rows).toEqual([
      { line: 2, date: '2026-11-30', amount: -4250, description: 'Livraria', externalId: null },
    ]);
    const junk = await failure(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'x.xlsx');
    expect(junk.key).toBe('importXlsxBroken');
  });

  it('a file of no known format → 422', async () => {
    const error = await failure(new Uint8Array(Buffer.from('just some words\nand more')), 'notes.txt');
    expect(error.key).toBe('importFormatUnknown');
  });
});
