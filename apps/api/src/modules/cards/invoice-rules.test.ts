import { invoiceSchema } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { at, createAccount, createEntry, getInvoice, purchase } from '../../../test/ledger/helpers.ts';

/**
 * Issue 18, the card rules (DESIGN.md §4 "Cards and invoices", "A user's today"): the user's today from their
 * time zone, paying early, the statuses, the bounds of date overrides, fixed charges moved for good, card days
 * at the end of the month and "antecipar parcelas". The clock is set per test (Date only: timers still run).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Json = Record<string, unknown>;

async function userIn(timeZone: string): Promise<TestUser> {
  const user = await createUser(ctx);
  await ctx.database.db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', user.id).execute();
  return user;
}

/** The same user with a token signed now (a jump of the clock outlives the first one). */
function again(user: TestUser): TestUser {
  const token = ctx.app.accessTokens.sign(user.id);
  return {
    ...user,
    token,
    request: (options) =>
      ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } }),
  };
}

async function createCard(user: TestUser, payload: Json = {}): Promise<number> {
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'Nubank', flag_id: 2, limit: 500000, close_day: 20, expiration_day: 27, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function pay(user: TestUser, invoiceId: number, payload: Json) {
  const res = await user.request({ method: 'POST', url: `/api/v1/invoice/${invoiceId}/paid`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return invoiceSchema.parse(res.json());
}

describe("a user's today (time_zone)", () => {
  it('an invoice due today is closed, not overdue, at 22:30 in São Paulo; the payment defaults to that day', async () => {
    // 2026-04-01 01:30 UTC is 2026-03-31 22:30 in São Paulo: the March invoice (due the 31st) is due today.
    at('2026-04-01T01:30:00Z');
    const sp = await userIn('America/Sao_Paulo');
    const utc = await userIn('UTC');
    for (const user of [sp, utc]) {
      const account = await createAccount(user);
      const card = await createCard(user, { close_day: 20, expiration_day: 31, account_id: account });
      await createEntry(user, purchase(card, { date: '2026-03-10', value: 5000 }));
      const march = await getInvoice(user, card, '2026-03');
      expect(march.status).toBe(user === sp ? 'closed' : 'overdue');
      if (user === sp) {
        const paid = await pay(user, march.id, { paid: true });
        expect(paid.payments?.[0]?.date).toBe('2026-03-31');
        expect(paid.status).toBe('paid');
      }
    }
  });

  it('the debt report and the balance take the current month from the time zone', async () => {
    at('2026-04-01T01:30:00Z');
    const sp = await userIn('America/Sao_Paulo');
    const debt = await sp.request({ method: 'GET', url: '/api/v1/report/debt?range=3m' });
    expect(debt.json().start).toBe('2026-03');
    const balance = await sp.request({ method: 'GET', url: '/api/v1/entry/balance' });
    expect(balance.json().month).toBe('2026-03');
  });
});

describe('paying early and the invoice statuses', () => {
  it('a payment before the due date only lowers what the invoice owes; carrying starts after the due date', async () => {
    at('2026-03-05T12:00:00Z');
    const user = await userIn('UTC');
    const account = await createAccount(user);
    const card = await createCard(user, { account_id: account });
    await createEntry(user, purchase(card, { date: '2026-03-02', value: 10000 }));
    const open = await getInvoice(user, card, '2026-03');
    expect(open.status).toBe('open');
    const early = await pay(user, open.id, { paid: true, value: 4000 });
    expect([early.paid_amount, early.carried_to_next, early.outstanding, early.status]).toEqual([
      4000,
      0,
      6000,
      'open',
    ]);
    // A purchase added afterwards stays owed in this invoice; nothing has moved to April.
    await createEntry(user, purchase(card, { date: '2026-03-04', value: 2000 }));
    expect((await getInvoice(user, card, '2026-03')).outstanding).toBe(8000);
    expect((await getInvoice(user, card, '2026-04')).previous_balance).toBe(0);
    // Once the due date (the 27th) has passed, the rest is carried.
    at('2026-03-28T12:00:00Z');
    const later = again(user);
    const after = await getInvoice(later, card, '2026-03');
    expect([after.carried_to_next, after.outstanding, after.status]).toEqual([8000, 0, 'partial']);
    expect((await getInvoice(later, card, '2026-04')).previous_balance).toBe(8000);
  });

  it('future holds installments; months without anything (before the card existed) are empty, not paid', async () => {
    at('2026-03-05T12:00:00Z');
    const user = await userIn('UTC');
    const card = await createCard(user);
    await createEntry(user, purchase(card, { date: '2026-03-02', value: 3000, installments: 3 }));
    expect((await getInvoice(user, card, '2026-04')).status).toBe('future');
    expect((await getInvoice(user, card, '2025-12')).status).toBe('empty');
    expect((await getInvoice(user, card, '2026-08')).status).toBe('empty');
  });
});

describe('invoice date overrides', () => {
  it('each date at most 15 days from the rule date, closing before due; 422 under the field', async () => {
    at('2026-03-05T12:00:00Z');
    const user = await userIn('UTC');
    const card = await createCard(user);
    const april = await getInvoice(user, card, '2026-04'); // rule: closes 04-20, due 04-27
    const put = (payload: Json) =>
      user.request({ method: 'PUT', url: `/api/v1/invoice/${april.id}`, payload });
    const far = await put({ close_date: '2026-06-19' });
    expect(far.statusCode).toBe(422);
    expect(Object.keys(far.json().errors)).toEqual(['close_date']);
    const farDue = await put({ due_date: '2026-05-13' });
    expect(farDue.statusCode).toBe(422);
    expect(Object.keys(farDue.json().errors)).toEqual(['due_date']);
    const bound = await put({ close_date: '2026-04-05', due_date: '2026-05-12' });
    expect(bound.statusCode, bound.body).toBe(200);
    expect([bound.json().close_date, bound.json().due_date]).toEqual(['2026-04-05', '2026-05-12']);
    expect((await put({ close_date: '2026-04-28', due_date: '2026-04-27' })).statusCode).toBe(422);
  });
});

describe('card days at the end of the month', () => {
  it('an invoice never closes on its due date: the usual gap when clamping would', async () => {
    at('2026-01-05T12:00:00Z');
    const user = await userIn('UTC');
    const card = await createCard(user, { close_day: 29, expiration_day: 31 });
    const february = await getInvoice(user, card, '2026-02');
    expect([february.close_date, february.due_date]).toEqual(['2026-02-26', '2026-02-28']);
    const march = await getInvoice(user, card, '2026-03');
    expect([march.close_date, march.due_date]).toEqual(['2026-03-29', '2026-03-31']);
  });
});

describe('a fixed card charge moved to the next invoice', () => {
  it('keeps the move in every occurrence, those written later and after a change of the card days', async () => {
    at('2026-03-05T12:00:00Z');
    const user = await userIn('UTC');
    const card = await createCard(user);
    // Dated the 2nd: by the rule each occurrence is in its own month's invoice; moved to the next one.
    await createEntry(
      user,
      purchase(card, { date: '2026-03-02', value: 1500, fixed: true, invoice_month: '2026-04' }),
    );
    const months = async (through: string) => {
      // Reading far ahead writes the occurrences past the horizon.
      const res = await user.request({
        method: 'GET',
        url: `/api/v1/entry?card_id=${card}&end_month=${through}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ date: string; invoice_month: string }>).map((e) => [
        e.date.slice(0, 7),
        e.invoice_month,
      ]);
    };
    const later = await months('2029-06');
    expect(later.length).toBeGreaterThan(30);
    for (const [month, invoiceMonth] of later) {
      const [y, m] = (month as string).split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      expect(invoiceMonth, month).toBe(next);
    }
    // One charge per invoice: the May invoice holds exactly the April occurrence.
    expect((await getInvoice(user, card, '2026-05')).purchases).toBe(1500);
    const edit = await user.request({
      method: 'PUT',
      url: `/api/v1/card/${card}`,
      payload: { close_day: 15 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const [month, invoiceMonth] of await months('2029-06')) {
      const [y, m] = (month as string).split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      expect(invoiceMonth, `after the change, ${month}`).toBe(next);
    }
  });
});

describe('antecipar parcelas: POST /entry/{id}/anticipate', () => {
  it('brings the remaining installments into the open invoice; the limit is unchanged', async () => {
    at('2026-03-05T12:00:00Z');
    const user = await userIn('UTC');
    const card = await createCard(user);
    const first = await createEntry(
      user,
      purchase(card, { date: '2026-01-10', value: 6000, installments: 6 }),
    );
    const limitBefore = (await user.request({ method: 'GET', url: `/api/v1/card/${card}` })).json()
      .available_limit;
    const res = await user.request({ method: 'POST', url: `/api/v1/entry/${first.id}/anticipate` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice_month).toBe('2026-03');
    // Installments 4, 5 and 6 (April to June) join the open March invoice, which had the 3rd.
    expect(res.json().data.map((e: { installment_number: number }) => e.installment_number)).toEqual([
      4, 5, 6,
    ]);
    expect((await getInvoice(user, card, '2026-03')).purchases).toBe(4000);
    for (const month of ['2026-04', '2026-05', '2026-06'])
      expect((await getInvoice(user, card, month)).purchases, month).toBe(0);
    const limitAfter = (await user.request({ method: 'GET', url: `/api/v1/card/${card}` })).json()
      .available_limit;
    expect(limitAfter).toBe(limitBefore);
    // Nothing left to bring: 422; a purchase without installments: 422.
    expect(
      (await user.request({ method: 'POST', url: `/api/v1/entry/${first.id}/anticipate` })).statusCode,
    ).toBe(422);
    const single = await createEntry(user, purchase(card, { date: '2026-03-02' }));
    expect(
      (await user.request({ method: 'POST', url: `/api/v1/entry/${single.id}/anticipate` })).statusCode,
    ).toBe(422);
  });
});
