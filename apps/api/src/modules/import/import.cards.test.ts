import { describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, getInvoice } from '../../../test/ledger/helpers.ts';
import { commit, rowsOf, stage } from './import.test-helpers.ts';

/**
 * Card statements into faturas (DESIGN.md §8): rows into their invoices by the closing rule, "Parcela N/M" as
 * installments of one purchase (matched, not duplicated, later), "Pagamento recebido" as the payment of the
 * invoice it pays through POST /invoice/{id}/paid's code, "Estorno" as refunds; the invoices equal a
 * recomputation from the entries.
 */
const ctx = await appForFile();

async function setup(): Promise<{ user: TestUser; acc: number; card: number }> {
  const user = await createUser(ctx);
  const acc = await createAccount(user);
  // Closes on the 10th, due on the 17th: invoice M closes on 10 M (DESIGN.md §4).
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'Nu', flag_id: 2, limit: 1_000_000, close_day: 10, expiration_day: 17, account_id: acc },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, acc, card: res.json().id };
}

/** Every invoice's purchases and refunds recomputed from the card's entries, against the API's figures. */
async function expectInvoicesRecomputed(user: TestUser, card: number) {
  const rows = await ctx.database.db
    .selectFrom('entries')
    .select(['value', 'operation_id', 'invoice_month', 'invoice_id'])
    .where('user_id', '=', user.id)
    .where('card_id', '=', card)
    .execute();
  const months = [...new Set(rows.map((r) => r.invoice_month as string))].sort();
  for (const month of months) {
    const own = rows.filter((r) => r.invoice_month === month && r.invoice_id === null);
    const sum = (op: number) =>
      own.filter((r) => r.operation_id === op).reduce((s, r) => s + Number(r.value), 0);
    const paid = rows
      .filter((r) => r.invoice_month === month && r.invoice_id !== null)
      .reduce((s, r) => s + Number(r.value), 0);
    const figures = await getInvoice(user, card, month);
    expect({
      month,
      purchases: figures.purchases,
      refunds: figures.refunds,
      paid: figures.paid_amount,
    }).toEqual({
      month,
      purchases: sum(2),
      refunds: sum(1),
      paid,
    });
  }
}

describe('a Nubank card bill', () => {
  it('lands purchases, installments, a refund and the payment where they belong; undo restores everything', async () => {
    const { user, acc, card } = await setup();
    // Last month's invoice (due November) holds a purchase: the bill's "Pagamento recebido" pays it.
    await createEntry(user, {
      description: 'Antes',
      value: 30000,
      date: '2026-10-20',
      operation_id: 2,
      card_id: card,
    });
    const balanceBefore = (
      await user.request({ method: 'GET', url: '/api/v1/entry/balance?month=2026-11' })
    ).json();
    const novBefore = await getInvoice(user, card, '2026-11');
    expect(novBefore.outstanding).toBe(30000);

    const staged = await stage(user, 'nubank-card.csv', { card_id: card });
    expect(staged).toMatchObject({ preset: 'nubank_card', counts: { rows: 7, new: 6, duplicate: 1 } });
    const rows = await rowsOf(user, staged.id);
    expect(rows.map((r) => [r.line, r.status, r.operation_id, r.invoice_month, r.note_key])).toEqual([
      [2, 'new', 2, '2026-12', null],
      [3, 'new', 2, '2026-12', 'installment'],
      [4, 'duplicate', 2, '2027-01', 'installmentOfLine'],
      [5, 'new', 4, '2026-11', 'payment'],
      [6, 'new', 1, '2026-12', 'refund'],
      [7, 'new', 2, '2026-12', null],
      [8, 'new', 2, '2026-12', null],
    ]);
    expect(rows[1]).toMatchObject({
      description: 'Mercado Livre',
      installment_number: 2,
      installment_count: 6,
    });

    const done = await commit(user, staged.id);
    // The purchase, installments 2–6, the refund, Netflix twice; and the payment.
    expect(done).toMatchObject({ created: 9, payments: 1, duplicates: 1 });
    const dec = await getInvoice(user, card, '2026-12');
    expect(dec).toMatchObject({ purchases: 2345 + 15000 + 5590 * 2, refunds: 2345 });
    for (const [month, value] of [
      ['2027-01', 15000],
      ['2027-04', 15000],
      ['2027-05', 0],
    ] as const) {
      expect((await getInvoice(user, card, month)).purchases).toBe(value);
    }
    const nov = await getInvoice(user, card, '2026-11');
    expect(nov).toMatchObject({ paid_amount: 30000, outstanding: 0 });
    // The payment is a transfer from the card's account: never an expense.
    const novBalance = (
      await user.request({ method: 'GET', url: '/api/v1/entry/balance?month=2026-11' })
    ).json();
    expect(novBalance.expense).toBe(balanceBefore.expense);
    expect(novBalance.closing_balance).toBe(balanceBefore.closing_balance - 30000);
    expect(
      novBalance.accounts.find((a: { account_id: number }) => a.account_id === acc).closing_balance,
    ).toBe(-30000);
    await expectInvoicesRecomputed(user, card);

    // Next month's bill: installment 4 of the same purchase is already there; a new purchase is not.
    const next =
      'date,title,amount\n2027-01-14,Mercado Livre - Parcela 4/6,150.00\n2027-01-02,Padaria,12.00\n';
    const second = await stage(user, 'janeiro.csv', { card_id: card }, next);
    expect(second.counts).toMatchObject({ new: 1, duplicate: 1 });
    await commit(user, second.id);
    expect((await getInvoice(user, card, '2027-01')).purchases).toBe(15000 + 1200);
    expect((await getInvoice(user, card, '2027-02')).purchases).toBe(15000);
    await expectInvoicesRecomputed(user, card);

    // Undo the first bill: its entries and its payment go; November owes again, the account is as before.
    const undo = await user.request({ method: 'DELETE', url: `/api/v1/import/${staged.id}` });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await getInvoice(user, card, '2026-11')).toMatchObject({ paid_amount: 0, outstanding: 30000 });
    expect((await getInvoice(user, card, '2026-12')).purchases).toBe(0);
    expect(
      (await user.request({ method: 'GET', url: '/api/v1/entry/balance?month=2026-11' })).json(),
    ).toEqual(balanceBefore);
    const series = await ctx.database.db
      .selectFrom('entry_series')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(series).toEqual([]);
    await expectInvoicesRecomputed(user, card);
  });

  it('an installment purchase typed by hand is matched, not duplicated; a payment with nothing owed is left out', async () => {
    const { user, card } = await setup();
    await createEntry(user, {
      description: 'Geladeira',
      value: 60000,
      date: '2026-10-05',
      operation_id: 2,
      card_id: card,
      installments: 6,
    });
    const bill =
      'date,title,amount\n2026-11-05,GELADEIRA LOJA 2/6,100.00\n2026-12-12,Pagamento recebido,-50.00\n';
    const staged = await stage(user, 'bill.csv', { card_id: card }, bill);
    const rows = await rowsOf(user, staged.id);
    expect(rows[0]).toMatchObject({ status: 'duplicate', installment_number: 2 });
    expect(typeof rows[0]?.match_entry_id).toBe('number');
    // The invoice the payment would pay (closed 2026-12-10, due December) owes 100.00: it takes 50.00.
    const done = await commit(user, staged.id);
    expect(done).toMatchObject({ created: 0, payments: 1 });
    expect((await getInvoice(user, card, '2026-12')).paid_amount).toBe(5000);
    // A card without a paying account cannot take a payment: the row says why.
    const bare = await user.request({
      method: 'POST',
      url: '/api/v1/card',
      payload: { name: 'Sem conta', flag_id: 2, limit: 100000, close_day: 10, expiration_day: 17 },
    });
    const other = await stage(
      user,
      'p.csv',
      { card_id: bare.json().id },
      'date,title,amount\n2026-12-12,Pagamento recebido,-50.00\n',
    );
    expect((await rowsOf(user, other.id))[0]).toMatchObject({
      status: 'skipped',
      note_key: 'paymentNoAccount',
    });
  });

  it('an OFX 2.x card statement: purchase, installment, refund and payment', async () => {
    const { user, card } = await setup();
    const staged = await stage(user, 'itau-card-2x.ofx', { card_id: card });
    expect(staged).toMatchObject({ format: 'ofx', bank: 'Itaú Unibanco', encoding: 'utf-8' });
    const rows = await rowsOf(user, staged.id);
    expect(rows.map((r) => [r.operation_id, r.value, r.invoice_month, r.installment_number])).toEqual([
      [2, 8990, '2026-12', null],
      [2, 25000, '2026-12', 2],
      [1, 3000, '2026-12', null],
      [4, 10000, '2026-11', null],
    ]);
    // Nothing owed in November: the payment is refused and left out, the rest comes in.
    const done = await commit(user, staged.id);
    expect(done).toMatchObject({ created: 1 + 5 + 1, payments: 0, skipped: 1 });
    expect((await rowsOf(user, staged.id))[3]?.note_key).toBe('paymentRefused');
    await expectInvoicesRecomputed(user, card);
  });
});
