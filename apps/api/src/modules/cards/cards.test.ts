import { cardSchema } from '@centavo/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, getInvoice, purchase } from '../../../test/ledger/helpers.ts';

const ctx = await appForFile();

type Json = Record<string, unknown>;

async function createCard(user: TestUser, payload: Json = {}): Promise<Json & { id: number }> {
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'Nubank', flag_id: 2, limit: 500000, close_day: 10, expiration_day: 17, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function getCard(user: TestUser, cardId: number) {
  const res = await user.request({ method: 'GET', url: `/api/v1/card/${cardId}` });
  expect(res.statusCode, res.body).toBe(200);
  return cardSchema.parse(res.json());
}

async function pay(user: TestUser, invoiceId: number, payload: Json) {
  return user.request({ method: 'POST', url: `/api/v1/invoice/${invoiceId}/paid`, payload });
}

async function accountBalance(user: TestUser, accountId: number, month: string) {
  const res = await user.request({ method: 'GET', url: `/api/v1/entry/balance?month=${month}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    body,
    account: body.accounts.find((a: { account_id: number }) => a.account_id === accountId),
  };
}

describe('flags', () => {
  it('lists the flags and answers one; an unknown id is 404', async () => {
    const user = await createUser(ctx);
    const list = await user.request({ method: 'GET', url: '/api/v1/flag' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toEqual({ id: 1, name: 'Visa' });
    expect((await user.request({ method: 'GET', url: '/api/v1/flag/2' })).json()).toEqual({
      id: 2,
      name: 'Mastercard',
    });
    expect((await user.request({ method: 'GET', url: '/api/v1/flag/999' })).statusCode).toBe(404);
  });
});

describe('cards', () => {
  it('creates, lists, changes, archives and deletes a card', async () => {
    const user = await createUser(ctx);
    const accountId = await createAccount(user);
    const card = await createCard(user, { account_id: accountId });
    expect(card).toMatchObject({
      name: 'Nubank',
      limit: 500000,
      available_limit: 500000,
      close_day: 10,
      expiration_day: 17,
      best_purchase_day: 10,
      account_id: accountId,
      archived: false,
    });
    const put = await user.request({
      method: 'PUT',
      url: `/api/v1/card/${card.id}`,
      payload: { name: 'Roxinho', archived: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Roxinho', archived: true });
    expect((await user.request({ method: 'GET', url: '/api/v1/card' })).json().data).toEqual([]);
    const all = await user.request({ method: 'GET', url: '/api/v1/card?archived=true' });
    expect(all.json().data.map((c: Json) => c.id)).toEqual([card.id]);
    const del = await user.request({ method: 'DELETE', url: `/api/v1/card/${card.id}` });
    expect(del.statusCode).toBe(204);
    expect((await user.request({ method: 'GET', url: `/api/v1/card/${card.id}` })).statusCode).toBe(404);
  });

  it.each([
    [{ close_day: 0 }, 'close_day'],
    [{ close_day: 32 }, 'close_day'],
    [{ expiration_day: 0 }, 'expiration_day'],
    [{ expiration_day: '10' }, 'expiration_day'],
    [{ limit: -1 }, 'limit'],
    [{ name: '' }, 'name'],
    [{ color: 'red' }, 'color'],
  ])('refuses %j with a 422 on %s and writes nothing', async (patch, field) => {
    const user = await createUser(ctx);
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/card',
      payload: { name: 'Card', limit: 1000, close_day: 10, expiration_day: 17, ...patch },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect((await user.request({ method: 'GET', url: '/api/v1/card?archived=true' })).json().data).toEqual(
      [],
    );
  });

  it('answers 404 for an unknown flag or another user’s account', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const theirs = await createAccount(other);
    const a = await user.request({
      method: 'POST',
      url: '/api/v1/card',
      payload: { name: 'C', limit: 0, close_day: 1, expiration_day: 8, flag_id: 999 },
    });
    expect(a.statusCode).toBe(404);
    expect(a.json().errors).toHaveProperty('flag_id');
    const b = await user.request({
      method: 'POST',
      url: '/api/v1/card',
      payload: { name: 'C', limit: 0, close_day: 1, expiration_day: 8, account_id: theirs },
    });
    expect(b.statusCode).toBe(404);
    expect(b.json().errors).toHaveProperty('account_id');
  });

  it('refuses to delete a card with entries unless asked, then deletes them too', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    await createEntry(user, purchase(card.id, { date: '2026-03-02' }));
    const res = await user.request({ method: 'DELETE', url: `/api/v1/card/${card.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'cardHasEntries', params: { count: 1 } });
    const ok = await user.request({ method: 'DELETE', url: `/api/v1/card/${card.id}?delete_entries=true` });
    expect(ok.statusCode).toBe(204);
    const left = await ctx.database.db
      .selectFrom('card_invoice_totals')
      .selectAll()
      .where('card_id', '=', card.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the closing rule', () => {
  it.each([
    // close 10 < due 17: invoice M closes on the 10th of M.
    [{ close_day: 10, expiration_day: 17 }, '2026-03-09', '2026-03'],
    [{ close_day: 10, expiration_day: 17 }, '2026-03-10', '2026-04'],
    [{ close_day: 10, expiration_day: 17 }, '2026-03-11', '2026-04'],
    // due before close: invoice M closes on close_day of M−1.
    [{ close_day: 25, expiration_day: 5 }, '2026-03-24', '2026-04'],
    [{ close_day: 25, expiration_day: 5 }, '2026-03-25', '2026-05'],
    [{ close_day: 25, expiration_day: 5 }, '2026-03-26', '2026-05'],
    // close_day 31 is clamped to February's last day (28; 29 in a leap year).
    [{ close_day: 31, expiration_day: 10 }, '2026-02-27', '2026-03'],
    [{ close_day: 31, expiration_day: 10 }, '2026-02-28', '2026-04'],
    [{ close_day: 31, expiration_day: 10 }, '2028-02-28', '2028-03'],
    [{ close_day: 31, expiration_day: 10 }, '2028-02-29', '2028-04'],
  ])('card %j: a purchase on %s lands in the invoice due %s', async (days, date, month) => {
    const user = await createUser(ctx);
    const card = await createCard(user, days);
    const entry = await createEntry(user, purchase(card.id, { date }));
    expect(entry.invoice_month).toBe(month);
    expect(entry.account_id).toBeNull();
  });

  it('puts each installment in its own invoice across a year end, remainder on the first', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    await createEntry(user, purchase(card.id, { date: '2026-11-20', value: 1000, installments: 3 }));
    const months = ['2026-12', '2027-01', '2027-02'];
    const invoices = await Promise.all(months.map((m) => getInvoice(user, card.id, m)));
    expect(invoices.map((i) => i.purchases)).toEqual([334, 333, 333]);
    expect(
      invoices.map((i) => i.entries?.map((e) => `${e.installment_number}/${e.installment_count}`)),
    ).toEqual([['1/3'], ['2/3'], ['3/3']]);
    expect((await getCard(user, card.id)).available_limit).toBe(500000 - 1000);
  });

  it('moves an entry one invoice back or forward, never two', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    const entry = await createEntry(user, purchase(card.id, { date: '2026-03-05' }));
    const next = await user.request({
      method: 'PUT',
      url: `/api/v1/entry/${entry.id}`,
      payload: { invoice_month: '2026-04' },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().invoice_month).toBe('2026-04');
    expect((await getInvoice(user, card.id, '2026-03')).purchases).toBe(0);
    expect((await getInvoice(user, card.id, '2026-04')).purchases).toBe(1000);
    const far = await user.request({
      method: 'PUT',
      url: `/api/v1/entry/${entry.id}`,
      payload: { invoice_month: '2026-05' },
    });
    expect(far.statusCode).toBe(422);
    expect(far.json().errors).toHaveProperty('invoice_month');
    expect((await getInvoice(user, card.id, '2026-04')).purchases).toBe(1000);
    const created = await user.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: purchase(card.id, { date: '2026-03-05', invoice_month: '2026-01' }),
    });
    expect(created.statusCode).toBe(422);
  });
});

describe('card entries: bad input', () => {
  it.each([
    [
      'an account too',
      (card: number, account: number) => ({ ...purchase(card), account_id: account }),
      'account_id',
    ],
    [
      'a transfer',
      (card: number, account: number) => ({
        ...purchase(card),
        operation_id: 4,
        destination_account_id: account,
      }),
      'operation_id',
    ],
    [
      'an investment',
      (card: number) => ({ ...purchase(card), operation_id: 3, category_id: 17 }),
      'operation_id',
    ],
  ])('refuses a card entry with %s (422, nothing written)', async (_label, body, field) => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    const account = await createAccount(user);
    const res = await user.request({ method: 'POST', url: '/api/v1/entry', payload: body(card.id, account) });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    const rows = await ctx.database.db
      .selectFrom('entries')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses an invoice_month on an account entry', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: expense(account, { invoice_month: '2026-11' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('invoice_month');
  });
});

describe('invoices and payments', () => {
  it('pays in part: the rest is the next invoice’s previous balance; undo restores everything', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user, { initial_balance: 100000 });
    const card = await createCard(user, { account_id: account });
    await createEntry(user, purchase(card.id, { date: '2026-03-09', value: 30000 }));
    await createEntry(user, purchase(card.id, { date: '2026-03-10', value: 5000 }));
    await createEntry(user, { ...purchase(card.id, { date: '2026-03-02', value: 2000 }), operation_id: 1 });
    const march = await getInvoice(user, card.id, '2026-03');
    expect(march).toMatchObject({ purchases: 30000, refunds: 2000, total: 28000, outstanding: 28000 });
    expect(march.close_date).toBe('2026-03-10');
    expect(march.due_date).toBe('2026-03-17');

    const paid = await pay(user, march.id, { paid: true, value: 10000, date: '2026-03-17' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      paid_amount: 10000,
      carried_to_next: 18000,
      outstanding: 0,
      status: 'partial',
    });
    expect(paid.json().entries.every((e: Json) => e.paid === true)).toBe(true);
    expect(paid.json().payments).toHaveLength(1);
    expect(paid.json().payments[0]).toMatchObject({ operation_id: 4, account_id: account, value: 10000 });
    const april = await getInvoice(user, card.id, '2026-04');
    expect(april).toMatchObject({
      purchases: 5000,
      previous_balance: 18000,
      total: 23000,
      outstanding: 23000,
    });
    expect((await accountBalance(user, account, '2026-03')).account.closing_balance).toBe(90000);
    expect((await getCard(user, card.id)).available_limit).toBe(500000 - 23000);

    const over = await pay(user, march.id, { paid: true, value: 2 * 18000 + 1 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toHaveProperty('value');

    const undo = await pay(user, march.id, { paid: false });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({
      paid_amount: 0,
      carried_to_next: 0,
      outstanding: 28000,
      payments: [],
    });
    expect(undo.json().entries.every((e: Json) => e.paid === false)).toBe(true);
    expect((await getInvoice(user, card.id, '2026-04')).previous_balance).toBe(0);
    expect((await accountBalance(user, account, '2026-03')).account.closing_balance).toBe(100000);
  });

  it('pays in full (default value) and overpays into a credit', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const card = await createCard(user);
    await createEntry(user, purchase(card.id, { date: '2026-05-01', value: 10000 }));
    const may = await getInvoice(user, card.id, '2026-05');
    const noAccount = await pay(user, may.id, { paid: true });
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().errors).toHaveProperty('account_id');
    const full = await pay(user, may.id, { paid: true, account_id: account, date: '2026-05-17' });
    expect(full.json()).toMatchObject({
      paid_amount: 10000,
      outstanding: 0,
      carried_to_next: 0,
      status: 'paid',
    });
    const nothing = await pay(user, may.id, { paid: true, account_id: account });
    expect(nothing.statusCode).toBe(422);
    await pay(user, may.id, { paid: false });
    const over = await pay(user, may.id, { paid: true, account_id: account, value: 15000 });
    expect(over.json()).toMatchObject({ carried_to_next: -5000, status: 'paid' });
    expect((await getInvoice(user, card.id, '2026-06')).previous_balance).toBe(-5000);
    expect((await getCard(user, card.id)).available_limit).toBe(500000 + 5000);
  });

  it('refuses a payment from another user’s account (404) and edits of a payment through /entry', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const theirs = await createAccount(other);
    const account = await createAccount(user);
    const card = await createCard(user);
    await createEntry(user, purchase(card.id, { date: '2026-05-01' }));
    const may = await getInvoice(user, card.id, '2026-05');
    const res = await pay(user, may.id, { paid: true, account_id: theirs });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toHaveProperty('account_id');
    const ok = await pay(user, may.id, { paid: true, account_id: account });
    const paymentId = ok.json().payments[0].id;
    const put = await user.request({
      method: 'PUT',
      url: `/api/v1/entry/${paymentId}`,
      payload: { value: 1 },
    });
    expect(put.statusCode).toBe(422);
    const del = await user.request({ method: 'DELETE', url: `/api/v1/entry/${paymentId}` });
    expect(del.statusCode).toBe(422);
  });

  it('overrides the dates; closing after due is refused; entries follow the new closing date', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    const entry = await createEntry(user, purchase(card.id, { date: '2026-03-11' }));
    expect(entry.invoice_month).toBe('2026-04');
    const march = await getInvoice(user, card.id, '2026-03');
    const bad = await user.request({
      method: 'PUT',
      url: `/api/v1/invoice/${march.id}`,
      payload: { close_date: '2026-03-20', due_date: '2026-03-18' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('close_date');
    const ok = await user.request({
      method: 'PUT',
      url: `/api/v1/invoice/${march.id}`,
      payload: { close_date: '2026-03-12', due_date: '2026-03-19' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ close_date: '2026-03-12', due_date: '2026-03-19', purchases: 1000 });
    expect((await getInvoice(user, card.id, '2026-04')).purchases).toBe(0);
    const later = await createEntry(user, purchase(card.id, { date: '2026-03-11' }));
    expect(later.invoice_month).toBe('2026-03');
  });

  it('lists invoices due in a month; the entries list and balance use the cash basis', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user, { initial_balance: 100000 });
    const card = await createCard(user, { account_id: account });
    await createEntry(user, expense(account, { date: '2026-03-03', value: 700 }));
    await createEntry(user, purchase(card.id, { date: '2026-03-01', value: 4000 }));
    const due = await user.request({ method: 'GET', url: '/api/v1/invoice/date/2026-03' });
    expect(due.json().data).toHaveLength(1);
    expect(due.json().data[0]).toMatchObject({ card_id: card.id, month: '2026-03', total: 4000 });
    const list = await user.request({ method: 'GET', url: '/api/v1/entry?month=2026-03' });
    expect(list.json().data.map((e: Json) => e.value)).toEqual([700]);
    expect(list.json().invoices).toEqual([expect.objectContaining({ card_id: card.id, total: 4000 })]);
    const byCard = await user.request({
      method: 'GET',
      url: `/api/v1/entry?month=2026-03&card_id=${card.id}`,
    });
    expect(byCard.json().data.map((e: Json) => e.value)).toEqual([4000]);
    const { body } = await accountBalance(user, account, '2026-03');
    expect(body).toMatchObject({
      expense: 700,
      invoices: 4000,
      result: -4700,
      predicted_balance: 100000 - 4700,
    });
    await pay(user, due.json().data[0].id, { paid: true, date: '2026-03-17' });
    const after = (await accountBalance(user, account, '2026-03')).body;
    expect(after).toMatchObject({
      expense: 700,
      invoices: 4000,
      result: -4700,
      predicted_balance: 100000 - 4700,
    });
  });

  it('exports only that invoice’s rows, formulas neutralised', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    await createEntry(user, purchase(card.id, { date: '2026-03-01', description: '=HYPERLINK("x")' }));
    await createEntry(user, purchase(card.id, { date: '2026-03-20', description: 'April one' }));
    const res = await user.request({ method: 'GET', url: `/api/v1/card/${card.id}/export?month=2026-03` });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[1]).toBe(`'=HYPERLINK("x")`);
  });

  it('a fixed card charge uses the limit only once its invoice is open', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    const today = new Date().toISOString().slice(0, 10);
    await createEntry(user, { ...purchase(card.id, { date: today, value: 2000 }), fixed: true });
    const c = await getCard(user, card.id);
    expect(c.available_limit).toBe(500000 - 2000);
    expect(c.current_invoice.total).toBe(2000);
  });
});

describe('the cash-basis list, paged', () => {
  it('carries the invoices due in the month on a paged list too, and no key without them', async () => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    const empty = await user.request({
      method: 'GET',
      url: '/api/v1/entry?month=2026-12&page=1&per_page=250',
    });
    expect(empty.json()).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 250 } });
    await createEntry(user, purchase(card.id, { date: '2026-12-09', value: 100 }));
    const paged = await user.request({
      method: 'GET',
      url: '/api/v1/entry?month=2026-12&page=1&per_page=250',
    });
    expect(paged.json().data).toEqual([]);
    expect(paged.json().invoices).toEqual([
      expect.objectContaining({ card_id: card.id, month: '2026-12', total: 100, paid_amount: 0 }),
    ]);
    const filtered = await user.request({ method: 'GET', url: '/api/v1/entry?month=2026-12&paid=false' });
    expect(filtered.json()).not.toHaveProperty('invoices');
  });
});

describe('bad input on the card and invoice routes', () => {
  it.each([
    ['GET', '/card/{card}/invoice?month=2026-13'],
    ['GET', '/card/{card}/export?month=2026-1'],
    ['GET', '/card/{card}/export?format=pdf'],
    ['GET', '/invoice/date/2026-13'],
    ['GET', '/card?archived=maybe'],
    ['GET', '/card/abc'],
    ['DELETE', '/card/{card}?delete_entries=sure'],
  ])('%s %s → 422', async (method, path) => {
    const user = await createUser(ctx);
    const card = await createCard(user);
    const res = await user.request({
      method: method as 'GET',
      url: `/api/v1${path.replace('{card}', String(card.id))}`,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it.each([
    [{ paid: 'yes' }, 'paid'],
    [{ paid: true, value: 0 }, 'value'],
    [{ paid: true, value: -5 }, 'value'],
    [{ paid: true, date: '2026-02-30' }, 'date'],
    [{ paid: true, account_id: 'x' }, 'account_id'],
  ])('POST /invoice/{id}/paid %j → 422 on %s, nothing written', async (payload, field) => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const card = await createCard(user, { account_id: account });
    await createEntry(user, purchase(card.id, { date: '2026-05-01' }));
    const may = await getInvoice(user, card.id, '2026-05');
    const res = await pay(user, may.id, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect((await getInvoice(user, card.id, '2026-05')).paid_amount).toBe(0);
  });

  it('PUT /invoice/{id} with a bad date is a 422; a PUT /card with new days moves entries of unpaid invoices only', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const card = await createCard(user, { account_id: account });
    const march = await getInvoice(user, card.id, '2026-03');
    const bad = await user.request({
      method: 'PUT',
      url: `/api/v1/invoice/${march.id}`,
      payload: { due_date: '2026-3-1' },
    });
    expect(bad.statusCode).toBe(422);
    const early = await createEntry(user, purchase(card.id, { date: '2026-03-05' }));
    const late = await createEntry(user, purchase(card.id, { date: '2026-04-05' }));
    expect([early.invoice_month, late.invoice_month]).toEqual(['2026-03', '2026-04']);
    await pay(user, march.id, { paid: true });
    // Closing on the 3rd: the April purchase (unpaid invoice) moves to May; the paid March one stays.
    const res = await user.request({
      method: 'PUT',
      url: `/api/v1/card/${card.id}`,
      payload: { close_day: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getInvoice(user, card.id, '2026-03')).purchases).toBe(1000);
    expect((await getInvoice(user, card.id, '2026-04')).purchases).toBe(0);
    expect((await getInvoice(user, card.id, '2026-05')).purchases).toBe(1000);
  });
});
