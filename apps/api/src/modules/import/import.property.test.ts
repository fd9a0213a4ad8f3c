import { accountCreateBodySchema, cardCreateBodySchema } from '@centavo/shared';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { appForFile, insertUser } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { aggregateRows } from '../../../test/ledger/recompute.ts';
import { itHolds } from '../../../test/property.ts';
import { createAccount as createAccountRow } from '../accounts/accounts.service.ts';
import { createCard } from '../cards/cards.service.ts';
import { createEntry } from '../entries/create.service.ts';
import { commitImport } from './commit.service.ts';
import { createImport } from './import.service.ts';
import { deleteImport } from './undo.service.ts';

/**
 * DESIGN.md §8 as properties, on generated statements (accounts: a generic CSV; cards: Nubank's bill with
 * installments, refunds and payments), over a ledger that already has entries: importing the same statement
 * twice adds nothing the second time, and commit + undo leaves every figure — the account, card and category
 * aggregates, the money volume, the entries — as before. Seed printed; replay with PROPERTY_SEED (and
 * PROPERTY_RUNS).
 */
const request = { ip: '127.0.0.1', headers: {} };

const descriptions = [
  'Padaria',
  'Mercado Bom',
  'Uber *Trip',
  'Farmácia São João',
  'Estorno Loja',
  'Pix Maria',
];
const line = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  month: fc.integer({ min: 9, max: 12 }),
  description: fc.constantFrom(...descriptions),
  cents: fc.integer({ min: 1, max: 500_000 }),
  negative: fc.boolean(),
  /** Card bills: installment N of M, or the payment line. */
  kind: fc.constantFrom('plain', 'plain', 'plain', 'installment', 'payment'),
  n: fc.integer({ min: 1, max: 4 }),
  repeat: fc.boolean(),
});
type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const iso = (l: Line) => `2026-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;

function accountCsv(lines: Line[]): string {
  const out = ['Data;Descricao;Valor'];
  for (const l of lines) {
    const row = `${String(l.day).padStart(2, '0')}/${String(l.month).padStart(2, '0')}/2026;${l.description};${l.negative ? '-' : ''}${money(l.cents).replace('.', ',')}`;
    out.push(row);
    if (l.repeat) out.push(row);
  }
  return `${out.join('\n')}\n`;
}

function cardCsv(lines: Line[]): string {
  const out = ['date,title,amount'];
  for (const l of lines) {
    const title =
      l.kind === 'payment'
        ? 'Pagamento recebido'
        : l.kind === 'installment'
          ? `${l.description} - Parcela ${l.n}/4`
          : l.description;
    const sign = l.kind === 'payment' || (l.kind === 'plain' && l.negative) ? '-' : '';
    out.push(`${iso(l)},${title},${sign}${money(l.cents)}`);
    if (l.repeat) out.push(out.at(-1) as string);
  }
  return `${out.join('\n')}\n`;
}

const ctx = await appForFile();

/** Every figure the ledger keeps for a user, zero rows left out (an undo leaves zeroed aggregate rows). */
async function figures(userId: number): Promise<string> {
  const db = ctx.database.db;
  const nonZero = <T extends Record<string, unknown>>(rows: T[], keys: string[]) =>
    rows.filter((r) => Object.entries(r).some(([k, v]) => !keys.includes(k) && Number(v) !== 0));
  const { accounts, cards, categories } = await aggregateRows(db, userId);
  const [volume, entries] = await Promise.all([
    db.selectFrom('user_money_totals').select('volume').where('user_id', '=', userId).execute(),
    db
      .selectFrom('entries')
      .select(['id', 'value', 'paid', 'date'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return JSON.stringify({
    accounts: nonZero(accounts, ['user_id', 'account_id', 'month']),
    cards: nonZero(cards, ['user_id', 'card_id', 'month']),
    categories: nonZero(categories, ['user_id', 'basis', 'month', 'category_id', 'sub_category_id']),
    volume: volume.reduce((s, v) => s + Number(v.volume), 0),
    entries: entries.map((e) => [Number(e.id), Number(e.value), Number(e.paid), e.date]),
  });
}

describe('import property: the same statement twice adds nothing; commit + undo leaves every figure as before', () => {
  const db = ctx.database.db;
  itHolds(
    'generated statements',
    fc.tuple(
      fc.array(line, { minLength: 1, maxLength: 12 }),
      fc.boolean(),
      fc.array(fc.record({ pick: fc.nat(), day: fc.integer({ min: 1, max: 28 }) }), { maxLength: 3 }),
    ),
    async ([lines, onCard, existing]) => {
      const { id: userId } = await insertUser(db);
      const account = await createAccountRow(db, userId, accountCreateBodySchema.parse({ name: 'A' }));
      const card = await createCard(
        db,
        userId,
        cardCreateBodySchema.parse({
          name: 'C',
          flag_id: 2,
          limit: 10_000_000,
          close_day: 10,
          expiration_day: 17,
          account_id: account.id,
        }),
      );
      // Entries already there: some equal to statement lines (probable matches), some categorised.
      for (const e of existing) {
        const l = lines[e.pick % lines.length] as Line;
        await createEntry(db, userId, {
          description: l.description,
          value: l.cents,
          date: `2026-${String(l.month).padStart(2, '0')}-${String(e.day).padStart(2, '0')}`,
          operation_id: 2,
          category_id: 3,
          ...(onCard ? { card_id: card.id } : { account_id: account.id }),
          paid: false,
          fixed: false,
          limit_fixed_date: null,
        });
      }
      const before = await figures(userId);
      const fields = onCard
        ? { card_id: card.id }
        : {
            account_id: account.id,
            mapping: JSON.stringify({
              date_column: 0,
              date_format: 'DD/MM/YYYY',
              description_column: 1,
              amount_column: 2,
              decimal: ',',
            }),
          };
      const file = {
        name: 'statement.csv',
        bytes: new Uint8Array(Buffer.from(onCard ? cardCsv(lines) : accountCsv(lines))),
      };
      const first = await createImport(db, userId, 1, fields, file);
      const done = await commitImport(db, userId, first.id, null, request);
      expect(done.created + done.payments + done.skipped).toBeGreaterThanOrEqual(first.counts.rows);
      const afterFirst = await figures(userId);

      const second = await createImport(db, userId, 1, fields, file);
      // Nothing is new the second time, but for invoice payments the first commit could not record
      // (nothing owed in that invoice): they are refused again.
      const stillNew = await db
        .selectFrom('import_rows')
        .select('operation_id')
        .where('import_id', '=', second.id)
        .where('status', '=', 'new')
        .execute();
      expect(stillNew.filter((r) => Number(r.operation_id) !== 4)).toEqual([]);
      const again = await commitImport(db, userId, second.id, null, request);
      expect(again).toMatchObject({ created: 0, payments: 0 });
      expect(await figures(userId)).toBe(afterFirst);

      await deleteImport(db, userId, second.id, false, request);
      await deleteImport(db, userId, first.id, false, request);
      expect(await figures(userId)).toBe(before);
    },
    { runs: TEST_DB_KIND === 'postgres' ? 100 : 300, timeout: 900_000 },
  );
});
