import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, createNubankCard, purchase } from '../../../test/ledger/helpers.ts';

/** Issue 23: what a Brazilian user's first month met on the card pages, where the fix is in the API. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Json = Record<string, unknown>;

async function invoiceOf(user: TestUser, cardId: number, month: string) {
  const res = await user.request({ method: 'GET', url: `/api/v1/card/${cardId}/invoice?month=${month}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json & { id: number; paid_amount: number; payments: Json[]; entries: Json[] };
}

async function pay(user: TestUser, invoiceId: number, payload: Json) {
  return user.request({ method: 'POST', url: `/api/v1/invoice/${invoiceId}/paid`, payload });
}

describe('#1 the invoice CSV names the card', () => {
  it('puts the card in the account column of a purchase, and as the destination of a payment', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user, { name: 'Itaú corrente' });
    const cardId = await createNubankCard(user, account, { limit: 500000 });
    await createEntry(user, purchase(cardId, { date: '2026-11-20', value: 5000, description: 'Mercado' }));
    const invoice = await invoiceOf(user, cardId, '2026-12');
    expect((await pay(user, invoice.id, { paid: true, date: '2026-12-10', value: 2000 })).statusCode).toBe(
      200,
    );
    const res = await user.request({ method: 'GET', url: `/api/v1/card/${cardId}/export?month=2026-12` });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    const account_ = header?.indexOf('Account') ?? -1;
    const destination = header?.indexOf('Destination account') ?? -1;
    const purchaseRow = rows.find((r) => r[1] === 'Mercado');
    expect(purchaseRow?.[account_]).toBe('Nubank');
    const paymentRow = rows.find((r) => r[1] !== 'Mercado');
    expect(paymentRow?.[account_]).toBe('Itaú corrente');
    expect(paymentRow?.[destination]).toBe('Nubank');
  });
});

describe('#4 undo one payment of an invoice', () => {
  it('removes only the payment chosen; the other stays, and with none left the entries are unpaid', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const cardId = await createNubankCard(user, account, { limit: 500000 });
    await createEntry(user, purchase(cardId, { date: '2026-11-20', value: 9000 }));
    const { id } = await invoiceOf(user, cardId, '2026-12');
    expect((await pay(user, id, { paid: true, date: '2026-12-05', value: 3000 })).statusCode).toBe(200);
    // The second payment settles the invoice (DESIGN.md §4: a partial payment before the due date leaves the
    // purchases owed), so its entries are marked paid.
    expect((await pay(user, id, { paid: true, date: '2026-12-08', value: 6000 })).statusCode).toBe(200);
    const before = await invoiceOf(user, cardId, '2026-12');
    expect(before.paid_amount).toBe(9000);
    expect(before.entries.every((e) => e.paid === true)).toBe(true);
    const first = before.payments.find((p) => p.value === 3000) as { id: number };

    const undone = await pay(user, id, { paid: false, payment_id: first.id });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await invoiceOf(user, cardId, '2026-12');
    expect(after.paid_amount).toBe(6000);
    expect(after.payments.map((p) => p.value)).toEqual([6000]);
    expect(after.entries.every((e) => e.paid === true)).toBe(true);

    const last = after.payments[0] as { id: number };
    expect((await pay(user, id, { paid: false, payment_id: last.id })).statusCode).toBe(200);
    const none = await invoiceOf(user, cardId, '2026-12');
    expect(none.paid_amount).toBe(0);
    expect(none.entries.every((e) => e.paid === false)).toBe(true);
  });

  it('answers 404 for a payment of another invoice or another user, and changes nothing', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const cardId = await createNubankCard(user, account, { limit: 500000 });
    await createEntry(user, purchase(cardId, { date: '2026-11-20', value: 9000 }));
    await createEntry(user, purchase(cardId, { date: '2026-12-20', value: 1000 }));
    const dec = await invoiceOf(user, cardId, '2026-12');
    const jan = await invoiceOf(user, cardId, '2027-01');
    await pay(user, dec.id, { paid: true, date: '2026-12-05', value: 3000 });
    await pay(user, jan.id, { paid: true, date: '2027-01-05', value: 500 });
    const janPayment = (await invoiceOf(user, cardId, '2027-01')).payments[0] as { id: number };
    expect((await pay(user, dec.id, { paid: false, payment_id: janPayment.id })).statusCode).toBe(404);
    const stranger = await createUser(ctx);
    expect((await pay(stranger, jan.id, { paid: false, payment_id: janPayment.id })).statusCode).toBe(404);
    expect((await invoiceOf(user, cardId, '2026-12')).paid_amount).toBe(3000);
    expect((await invoiceOf(user, cardId, '2027-01')).paid_amount).toBe(500);
  });
});

describe('#8 the cash-basis list explains a carried balance', () => {
  it('each invoice line carries what the invoice before left unpaid', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const cardId = await createNubankCard(user, account, { limit: 500000 });
    await createEntry(user, purchase(cardId, { date: '2026-01-20', value: 9000 }));
    const feb = await invoiceOf(user, cardId, '2026-02');
    expect((await pay(user, feb.id, { paid: true, date: '2026-02-10', value: 3000 })).statusCode).toBe(200);
    const list = await user.request({ method: 'GET', url: '/api/v1/entry?month=2026-03' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invoices).toEqual([
      expect.objectContaining({ card_id: cardId, month: '2026-03', total: 6000, previous_balance: 6000 }),
    ]);
  });
});
